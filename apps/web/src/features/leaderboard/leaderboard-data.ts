import type { LeaderboardPlayer } from '@app/shared/domain/public-leaderboard';

// spec 2 §1: the public leaderboard shows fixed sample data (no server call).
export const SAMPLE_LEADERBOARD_PLAYERS: readonly LeaderboardPlayer[] = [
  { id: 'p01', username: 'CryptoKing', wagered: 482_350.75 },
  { id: 'p02', username: 'LuckyLuna', wagered: 356_120.4 },
  { id: 'p03', username: 'HighRollerNZ', wagered: 298_775 },
  { id: 'p04', username: 'SpinDoctor', wagered: 214_530.25 },
  { id: 'p05', username: 'BetBaron', wagered: 187_990.1 },
  { id: 'p06', username: 'AceOfStakes', wagered: 162_404 },
  { id: 'p07', username: 'ReelQueen', wagered: 141_250.6 },
  { id: 'p08', username: 'MoonShot', wagered: 120_875 },
  { id: 'p09', username: 'DiceDevil', wagered: 98_430.35 },
  { id: 'p10', username: 'JackpotJo', wagered: 84_120 },
  { id: 'p11', username: 'NeonNinja', wagered: 71_905.8 },
  { id: 'p12', username: 'ChipStacker', wagered: 63_410 },
  { id: 'p13', username: 'WildCardWes', wagered: 52_880.45 },
  { id: 'p14', username: 'RiskyRita', wagered: 44_150 },
  { id: 'p15', username: 'TurboTom', wagered: 37_620.9 },
  { id: 'p16', username: 'GoldenGoose', wagered: 29_340 },
  { id: 'p17', username: 'SlotSage', wagered: 21_785.55 },
  { id: 'p18', username: 'MidnightMax', wagered: 15_200 },
];

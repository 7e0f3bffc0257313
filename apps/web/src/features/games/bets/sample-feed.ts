/**
 * Sample bet feed (spec 2 §3 "Bet feed row (random sample)": id, user, game, amountBTC, multiplier, result).
 * 18 rows from a seeded PRNG so the page, tests and screenshots agree; amounts are shown × 50000 × rate (§9).
 */
import { mulberry32 } from '@app/shared/domain/mulberry32';
import { GAMES } from '@app/shared/games/catalogue';

const SAMPLE_FEED_SIZE = 18;
const SAMPLE_FEED_SEED = 20260101;
/** The games a member bets on: Deal or No Deal is played with the stream (a contestant, no stake), not a bet. */
const BET_GAMES = GAMES.filter((game) => game.slug !== 'dealornodeal');

type FeedRow = {
  id: string;
  user: string;
  game: string;
  amountBTC: number;
  multiplier: number;
  result: 'Win' | 'Lose';
};

const NAMES = [
  'LuckyLlama',
  'Hidden',
  'CryptoKiwi',
  'NeonFox',
  'Hidden',
  'BetBaron',
  'MoonWalker',
  'SatoshiSam',
  'Hidden',
  'RollKing',
  'DiceQueen',
  'PlinkoPete',
  'AceHunter',
  'Hidden',
  'GooseGuru',
  'MinesMaster',
  'LimboLou',
  'KenoKat',
];

export function sampleFeed(seed = SAMPLE_FEED_SEED, size = SAMPLE_FEED_SIZE): FeedRow[] {
  const rand = mulberry32(seed);
  return Array.from({ length: size }, (_, i) => {
    const game = BET_GAMES[Math.floor(rand() * BET_GAMES.length)]!;
    // Log-uniform stakes from 0.00002 to 0.2 BTC, so a few high rollers stand out.
    const amountBTC = Number((2e-5 * 10 ** (rand() * 4)).toFixed(8));
    const isWin = rand() < 0.48;
    const multiplier = isWin ? Number((1.01 + (rand() < 0.15 ? rand() * 48 : rand() * 3)).toFixed(2)) : 0;
    return {
      id: `feed-${i + 1}`,
      user: NAMES[Math.floor(rand() * NAMES.length)]!,
      game: game.title,
      amountBTC,
      multiplier,
      result: isWin ? 'Win' : 'Lose',
    };
  });
}

/** High Rollers: the largest stakes first. */
export function highRollers(rows: readonly FeedRow[]): FeedRow[] {
  return [...rows].sort((a, b) => b.amountBTC - a.amountBTC);
}

/**
 * Mines rules (spec 1 §3, §4 Mines, §5, §9): pure functions the screen and its tests share.
 * The board comes from the provably-fair engine (minePositions); multipliers from minesMultiplier.
 */
import { minesMultiplier } from '@app/shared/fairness/payouts';

export const MINES_TILES = 25;
const MINES_MAX = 24;
export const MINES_DEFAULT = 3;
/** spec 1 §5: mines count choices 1 to 24. */
export const MINES_CHOICES: readonly number[] = Array.from({ length: MINES_MAX }, (_, i) => i + 1);

type MinesStatus = 'idle' | 'playing' | 'lost' | 'cashed';

export type MinesRound = {
  status: MinesStatus;
  mineCount: number;
  /** Mine tiles 0..24 in the engine's draw order. */
  mines: readonly number[];
  /** Revealed tiles in the order the player revealed them. */
  revealed: readonly number[];
  nonce: number | null;
  /** The tile that ended the round, when a bomb was hit. */
  hitMine: number | null;
};

export const IDLE_ROUND: MinesRound = { status: 'idle', mineCount: MINES_DEFAULT, mines: [], revealed: [], nonce: null, hitMine: null };

/** spec 1 §4: Bet deals a new board and starts a round. */
export function dealRound(mines: readonly number[], nonce: number): MinesRound {
  return { status: 'playing', mineCount: mines.length, mines, revealed: [], nonce, hitMine: null };
}

/**
 * spec 1 §4: clicking a cell reveals it; a bomb ends the round as lost and shows the whole board.
 * Revealing every safe tile ends the round as a cash-out at the top multiplier.
 */
export function revealTile(round: MinesRound, tile: number): MinesRound {
  if (round.status !== 'playing' || round.revealed.includes(tile) || tile < 0 || tile >= MINES_TILES) return round;
  if (round.mines.includes(tile)) return { ...round, status: 'lost', revealed: [...round.revealed, tile], hitMine: tile };
  const revealed = [...round.revealed, tile];
  return { ...round, revealed, status: revealed.length === MINES_TILES - round.mineCount ? 'cashed' : 'playing' };
}

/** spec 1 §4: Cashout is disabled until at least one cell is revealed. */
export function canCashout(round: MinesRound): boolean {
  return round.status === 'playing' && round.revealed.length > 0;
}

/** Cashout ends the round at the current multiplier. */
export function cashout(round: MinesRound): MinesRound {
  return canCashout(round) ? { ...round, status: 'cashed' } : round;
}

function safeRevealed(round: MinesRound): number {
  return round.revealed.filter((t) => !round.mines.includes(t)).length;
}

/** The multiplier after the safe reveals so far (1× before the first). */
export function currentMultiplier(round: MinesRound): number {
  return minesMultiplier(round.mineCount, safeRevealed(round));
}

/** The multiplier the next safe reveal would give; null when no safe tile is left. */
export function nextMultiplier(round: MinesRound): number | null {
  const next = safeRevealed(round) + 1;
  return next > MINES_TILES - round.mineCount ? null : minesMultiplier(round.mineCount, next);
}

type MinesSettlement = { win: boolean; multiplier: number };

export function settleRound(round: MinesRound): MinesSettlement | null {
  if (round.status === 'lost') return { win: false, multiplier: 0 };
  if (round.status === 'cashed') return { win: true, multiplier: currentMultiplier(round) };
  return null;
}

/** Auto: the picked tiles can be at most the safe tiles of the board. */
export function maxAutoPicks(mineCount: number): number {
  return MINES_TILES - mineCount;
}

export function toggleAutoPick(picks: readonly number[], tile: number, mineCount: number): number[] {
  if (picks.includes(tile)) return picks.filter((p) => p !== tile);
  if (picks.length >= maxAutoPicks(mineCount)) return [...picks];
  return [...picks, tile];
}

/** Auto: reveal the picked tiles in order on a dealt board, then cash out if no bomb was hit. */
export function playAutoRound(mines: readonly number[], picks: readonly number[], nonce: number): MinesRound {
  let round = dealRound(mines, nonce);
  for (const tile of picks) {
    round = revealTile(round, tile);
    if (round.status !== 'playing') return round;
  }
  return cashout(round);
}

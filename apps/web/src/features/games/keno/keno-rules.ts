/**
 * Keno rules (spec 2 §4 Keno, §5 Games, §9 Games): pure functions the screen and its tests share.
 * The draw comes from the provably-fair engine (kenoDraw); the payout from kenoMultiplier.
 */
import { KENO_MAX_PICKS, kenoMultiplier, type KenoRisk } from '@app/shared/fairness/payouts';
import { parseBetAmount } from '../bets/bet-amount';

export const KENO_NUMBERS = 40;
export { KENO_MAX_PICKS };

/** spec 2 §5: Max sets the Keno bet to 1.00000000. */
export const KENO_MAX_BET = '1.00000000';

/** spec 2 §4: picking a number toggles it, up to 10. */
export function togglePick(picks: readonly number[], value: number): number[] {
  if (picks.includes(value)) return picks.filter((p) => p !== value);
  if (picks.length >= KENO_MAX_PICKS || value < 1 || value > KENO_NUMBERS) return [...picks];
  return [...picks, value];
}

/** spec 2 §5: the hint reads 'Select 1–10 numbers to play', or '{n} selected'. */
export function pickHint(count: number): string {
  return count === 0 ? 'Select 1–10 numbers to play' : `${count} selected`;
}

/** spec 2 §5: the bet button is disabled with no numbers selected. */
export function canBet(picks: readonly number[], amountText: string, isDrawing: boolean): boolean {
  if (isDrawing || picks.length === 0 || picks.length > KENO_MAX_PICKS) return false;
  return parseBetAmount(amountText) !== null;
}

/** spec 2 §9: auto pick selects 10 random numbers (distinct, 1..40). `random` returns [0, 1). */
export function autoPick(random: () => number): number[] {
  const pool = Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1);
  const picks: number[] = [];
  while (picks.length < KENO_MAX_PICKS) {
    const index = Math.min(pool.length - 1, Math.floor(random() * pool.length));
    picks.push(pool.splice(index, 1)[0]!);
  }
  return picks;
}

/** The picked numbers that were drawn. */
export function kenoHits(picks: readonly number[], drawn: readonly number[]): number[] {
  return drawn.filter((d) => picks.includes(d));
}

export type KenoSettlement = { hits: number; multiplier: number; payout: number; win: boolean };

/** The payout from the table for the risk and the pick count: tables[risk][picks − 1][hits]. */
export function settleKeno(bet: number, risk: KenoRisk, picks: readonly number[], drawn: readonly number[]): KenoSettlement {
  const hits = kenoHits(picks, drawn).length;
  const multiplier = kenoMultiplier(risk, picks.length, hits);
  const payout = bet * multiplier;
  // A payout below the stake is a loss, even when the table pays something back.
  return { hits, multiplier, payout, win: multiplier >= 1 };
}

/** The payout row for the current risk and pick count, hits 0..picks. */
export function payoutRow(risk: KenoRisk, pickCount: number): number[] {
  if (pickCount < 1) return [];
  return Array.from({ length: pickCount + 1 }, (_, hits) => kenoMultiplier(risk, pickCount, hits));
}

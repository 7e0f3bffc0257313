/**
 * Crash rules (spec 2 §4 Crash, §5 Games, §9 Games): pure functions the screen and its tests share.
 * The crash point comes from the provably-fair engine (crashPoint: the limbo formula).
 */

/** spec 2 §9: default cash-out at 2; spec 2 §5: step 0.01. */
export const CRASH_DEFAULT_CASH_OUT = 2;
const CRASH_MIN_CASH_OUT = 1.01;

/**
 * The rising curve: m(t) = e^(k·t + c·t²), t in ms. It does not depend on the crash point (a player
 * who watches the speed learns nothing); 2× after about 1.9 s, 7× at 3 s, 1,000,000× at 10 s.
 */
const K = Math.LN2 / 2000;
const C = (Math.log(1_000_000) - K * 10_000) / 10_000 ** 2;

/** The curve itself, unrounded: what the canvas draws. */
export function crashCurveExact(elapsed: number): number {
  const t = Math.max(0, elapsed);
  return Math.exp(K * t + C * t * t);
}

/** The multiplier `elapsed` ms into a round, floored to 2 decimals (never above what the curve reached). */
export function crashCurveAt(elapsed: number): number {
  return Math.floor(crashCurveExact(elapsed) * 100 + 1e-9) / 100;
}

/** The time in ms at which the curve reaches `multiplier` (the inverse of crashCurveAt). */
export function crashTimeFor(multiplier: number): number {
  if (multiplier <= 1) return 0;
  return (-K + Math.sqrt(K * K + 4 * C * Math.log(multiplier))) / (2 * C);
}

export type CrashSettlement = { win: boolean; multiplier: number; crashPoint: number };

/**
 * spec 2 §4: the round runs up to the crash point. Reaching the cash-out-at value cashes out there;
 * Cash Out while running stops at the current multiplier. The earlier of the two counts; a cash-out
 * at or beyond the crash point never happens (the round crashed first).
 */
export function settleCrash(crashPoint: number, cashOutAt: number | null, manualAt: number | null = null): CrashSettlement {
  const candidates: number[] = [];
  if (manualAt !== null && manualAt < crashPoint) candidates.push(manualAt);
  if (cashOutAt !== null && cashOutAt <= crashPoint) candidates.push(cashOutAt);
  if (candidates.length === 0) return { win: false, multiplier: 0, crashPoint };
  return { win: true, multiplier: Math.min(...candidates), crashPoint };
}

/** spec 2 §4: profit = bet × cash-out multiplier − bet (a crash loses the bet). */
export function crashProfit(bet: number, settlement: CrashSettlement): number {
  return settlement.win ? bet * settlement.multiplier - bet : -bet;
}

/** A cash-out-at value: a number of at least 1.01 (2 decimals); null when invalid. */
export function parseCashOut(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  if (!Number.isFinite(value) || value < CRASH_MIN_CASH_OUT) return null;
  return Math.round(value * 100) / 100;
}

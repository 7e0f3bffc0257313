/**
 * Limbo rules (spec 2 §4 Limbo, §5 Games, §9 Games): pure functions the screen and its tests share.
 * The result comes from the provably-fair engine (limboResult).
 */
import { parseBetAmount } from '../bets/bet-amount';

/** spec 2 §9: defaults multiplier 2, chance 49.5%. */
export const LIMBO_DEFAULTS = { multiplier: 2, chance: 49.5 };
const LIMBO_MIN_MULTIPLIER = 1.01;
const LIMBO_MAX_MULTIPLIER = 1_000_000;
/** 99 / 1.01, the chance of the smallest multiplier. */
const LIMBO_MAX_CHANCE = 98.0198;
const LIMBO_MIN_CHANCE = 0.0001;

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** chance = 99 / multiplier (4 decimals); null when the multiplier is out of range. */
export function chanceForMultiplier(multiplier: number): number | null {
  if (!Number.isFinite(multiplier) || multiplier < LIMBO_MIN_MULTIPLIER || multiplier > LIMBO_MAX_MULTIPLIER) return null;
  return round(99 / multiplier, 4);
}

/** multiplier = 99 / chance (2 decimals); null when the chance is out of range. */
export function multiplierForChance(chance: number): number | null {
  if (!Number.isFinite(chance) || chance < LIMBO_MIN_CHANCE || chance > LIMBO_MAX_CHANCE) return null;
  return Math.max(LIMBO_MIN_MULTIPLIER, round(99 / chance, 2));
}

/** spec 2 §4 / provably-fair.md: a win when the result is at least the chosen multiplier. */
export function isLimboWin(result: number, target: number): boolean {
  return result >= target;
}

/** spec 2 §4: profit on a win = bet × multiplier − bet. */
export function limboProfit(bet: number, multiplier: number): number {
  return bet * multiplier - bet;
}

/** spec 2 §5: a bet needs an amount that is filled and greater than 0, and no round running. */
export function canBet(amountText: string, isRunning: boolean): boolean {
  return !isRunning && parseBetAmount(amountText) !== null;
}

/** spec 2 §4: the multiplier climbs in 0.05 steps every 30 ms ... */
const LIMBO_STEP = 0.05;
const LIMBO_TICK_MS = 30;
/** ... and speeds up so that no round takes more than about 3 seconds (at 0.05 per 30 ms a 100× result alone would take a minute). */
export const LIMBO_MAX_MS = 3000;

/** How long the climb to `result` lasts: 0.05 per 30 ms, never more than LIMBO_MAX_MS. */
export function limboDuration(result: number): number {
  const linear = ((result - 1) / LIMBO_STEP) * LIMBO_TICK_MS;
  return Math.max(0, Math.min(linear, LIMBO_MAX_MS));
}

/**
 * The displayed multiplier `elapsed` ms into a round ending at `result`. Time is counted in 30 ms
 * ticks; each tick adds 0.05 (spec 2 §4), and a geometric curve that reaches any result at 3 s takes
 * over once it is faster, so high results speed up. The value never passes the result and is exactly
 * the result at the end.
 */
export function limboDisplayAt(elapsed: number, result: number): { value: number; isDone: boolean } {
  if (result <= 1 || elapsed >= limboDuration(result)) return { value: result, isDone: true };
  const ticks = Math.floor(Math.max(0, elapsed) / LIMBO_TICK_MS);
  const linear = 1 + ticks * LIMBO_STEP;
  const geometric = result ** ((ticks * LIMBO_TICK_MS) / LIMBO_MAX_MS);
  const value = Math.min(result, round(Math.max(linear, geometric), 2));
  return { value, isDone: value >= result };
}

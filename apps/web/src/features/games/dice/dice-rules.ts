/**
 * Dice rules (spec 1 §4 Dice, §5, §9): pure functions the screen and its tests share.
 * The roll itself comes from the provably-fair engine (diceRoll, 0.0000..100.0000).
 */

type DiceDirection = 'over' | 'under';

/** spec 1 §9: defaults multiplier 2.0000, threshold 50.5, chance 49.5 (roll over). */
export const DICE_DEFAULTS = { threshold: 50.5, chance: 49.5, multiplier: 2, direction: 'over' as DiceDirection };

/** spec 1 §9: the last 12 rolls are kept. */
const DICE_HISTORY_SIZE = 12;

/** The chance is kept where the multiplier stays meaningful: 0.01% (9900×) to 98% (1.0102×). */
const DICE_MIN_CHANCE = 0.01;
const DICE_MAX_CHANCE = 98;

export type DiceResult = { roll: number; win: boolean };

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** Roll over wins above the threshold, so its chance is 100 − threshold; roll under: the threshold itself. */
export function chanceFromThreshold(direction: DiceDirection, threshold: number): number {
  return round(direction === 'over' ? 100 - threshold : threshold, 2);
}

function thresholdFromChance(direction: DiceDirection, chance: number): number {
  return round(direction === 'over' ? 100 - chance : chance, 2);
}

/** spec 1 §9 and provably-fair.md: multiplier = 99 / chance (4 decimals shown). */
export function multiplierFromChance(chance: number): number {
  return round(99 / chance, 4);
}

export type DiceSettings = { direction: DiceDirection; threshold: number; chance: number; multiplier: number };

/** Settings from a new threshold, keeping chance and multiplier consistent; null when out of range. */
export function settingsFromThreshold(direction: DiceDirection, threshold: number): DiceSettings | null {
  if (!Number.isFinite(threshold)) return null;
  const chance = chanceFromThreshold(direction, threshold);
  if (chance < DICE_MIN_CHANCE || chance > DICE_MAX_CHANCE) return null;
  return { direction, threshold: round(threshold, 2), chance, multiplier: multiplierFromChance(chance) };
}

export function settingsFromChance(direction: DiceDirection, chance: number): DiceSettings | null {
  if (!Number.isFinite(chance) || chance < DICE_MIN_CHANCE || chance > DICE_MAX_CHANCE) return null;
  const c = round(chance, 2);
  return { direction, threshold: thresholdFromChance(direction, c), chance: c, multiplier: multiplierFromChance(c) };
}

export function settingsFromMultiplier(direction: DiceDirection, multiplier: number): DiceSettings | null {
  if (!Number.isFinite(multiplier) || multiplier <= 0) return null;
  const chance = round(99 / multiplier, 2);
  if (chance < DICE_MIN_CHANCE || chance > DICE_MAX_CHANCE) return null;
  return { direction, threshold: thresholdFromChance(direction, chance), chance, multiplier: round(multiplier, 4) };
}

/** The arrow flips the direction and mirrors the threshold, so chance and multiplier stay the same. */
export function toggleDirection(settings: DiceSettings): DiceSettings {
  const direction: DiceDirection = settings.direction === 'over' ? 'under' : 'over';
  return { ...settings, direction, threshold: round(100 - settings.threshold, 2) };
}

/** spec 1 §4: roll over wins when the roll is above the threshold, roll under when below. */
export function isDiceWin(roll: number, direction: DiceDirection, threshold: number): boolean {
  return direction === 'over' ? roll > threshold : roll < threshold;
}

/** spec 1 §9: profit = bet × (multiplier − 1), to 8 decimals. */
export function diceProfit(bet: number, multiplier: number): string {
  return (bet * (multiplier - 1)).toFixed(8);
}

/** Newest first, at most 12. */
export function pushHistory<T extends DiceResult>(history: readonly T[], result: T): T[] {
  return [result, ...history].slice(0, DICE_HISTORY_SIZE);
}

/** The roll as the engine gives it, with its 4 decimals ('77.1740'). */
export function formatRoll(roll: number): string {
  return roll.toFixed(4);
}

export type BetChange = { mode: 'reset' } | { mode: 'increase'; percent: number };

export type DiceStrategy = {
  onWin: BetChange;
  onLoss: BetChange;
  /** Stop once the run's profit reaches this (> 0); null = never. */
  stopOnProfit: number | null;
  /** Stop once the run's loss reaches this (> 0); null = never. */
  stopOnLoss: number | null;
};

export const PLAIN_STRATEGY: DiceStrategy = { onWin: { mode: 'reset' }, onLoss: { mode: 'reset' }, stopOnProfit: null, stopOnLoss: null };

/** The next bet of an auto run: back to the base bet, or the current bet increased by a percent (8 decimals). */
export function nextBetAmount(base: number, current: number, win: boolean, strategy: DiceStrategy): number {
  const change = win ? strategy.onWin : strategy.onLoss;
  if (change.mode === 'reset') return base;
  return Number((current * (1 + change.percent / 100)).toFixed(8));
}

/** An auto run stops when its profit reaches stop-on-profit or its loss reaches stop-on-loss. */
export function shouldStopRun(profit: number, strategy: DiceStrategy): boolean {
  if (strategy.stopOnProfit !== null && strategy.stopOnProfit > 0 && profit >= strategy.stopOnProfit) return true;
  if (strategy.stopOnLoss !== null && strategy.stopOnLoss > 0 && -profit >= strategy.stopOnLoss) return true;
  return false;
}

import { describe, expect, it } from 'vitest';
import {
  DICE_DEFAULTS,
  chanceFromThreshold,
  diceProfit,
  formatRoll,
  isDiceWin,
  multiplierFromChance,
  nextBetAmount,
  pushHistory,
  settingsFromChance,
  settingsFromMultiplier,
  settingsFromThreshold,
  shouldStopRun,
  toggleDirection,
  type DiceResult,
  type DiceStrategy,
} from './dice-rules';

describe('dice settings stay consistent', () => {
  it('has the spec defaults: threshold 50.5, chance 49.5, multiplier 2.0000, and they agree', () => {
    expect(DICE_DEFAULTS).toMatchObject({ threshold: 50.5, chance: 49.5, multiplier: 2, direction: 'over' });
    expect(chanceFromThreshold('over', DICE_DEFAULTS.threshold)).toBe(DICE_DEFAULTS.chance);
    expect(multiplierFromChance(DICE_DEFAULTS.chance)).toBe(DICE_DEFAULTS.multiplier);
  });

  it('over: chance = 100 − threshold; under: chance = threshold; multiplier = 99 / chance', () => {
    expect(settingsFromThreshold('over', 75)).toEqual({ direction: 'over', threshold: 75, chance: 25, multiplier: 3.96 });
    expect(settingsFromThreshold('under', 75)).toEqual({ direction: 'under', threshold: 75, chance: 75, multiplier: 1.32 });
    expect(settingsFromChance('over', 10)).toEqual({ direction: 'over', threshold: 90, chance: 10, multiplier: 9.9 });
    expect(settingsFromChance('under', 33)).toEqual({ direction: 'under', threshold: 33, chance: 33, multiplier: 3 });
    expect(settingsFromMultiplier('over', 4)).toEqual({ direction: 'over', threshold: 75.25, chance: 24.75, multiplier: 4 });
    expect(settingsFromMultiplier('under', 1.98)).toEqual({ direction: 'under', threshold: 50, chance: 50, multiplier: 1.98 });
  });

  it('rejects settings outside 0.01%..98% chance', () => {
    expect(settingsFromThreshold('over', 1)).toBeNull();
    expect(settingsFromThreshold('under', 99.5)).toBeNull();
    expect(settingsFromChance('over', 0)).toBeNull();
    expect(settingsFromMultiplier('over', 1)).toBeNull();
    expect(settingsFromMultiplier('over', Number.NaN)).toBeNull();
  });

  it('the arrow flips the direction and mirrors the threshold, keeping chance and multiplier', () => {
    const under = toggleDirection({ direction: 'over', threshold: 50.5, chance: 49.5, multiplier: 2 });
    expect(under).toEqual({ direction: 'under', threshold: 49.5, chance: 49.5, multiplier: 2 });
    expect(chanceFromThreshold(under.direction, under.threshold)).toBe(under.chance);
    expect(toggleDirection(under)).toEqual({ direction: 'over', threshold: 50.5, chance: 49.5, multiplier: 2 });
  });
});

describe('dice win condition', () => {
  it('roll over wins only above the threshold', () => {
    expect(isDiceWin(50.5001, 'over', 50.5)).toBe(true);
    expect(isDiceWin(50.5, 'over', 50.5)).toBe(false);
    expect(isDiceWin(12, 'over', 50.5)).toBe(false);
  });

  it('roll under wins only below the threshold', () => {
    expect(isDiceWin(49.4999, 'under', 49.5)).toBe(true);
    expect(isDiceWin(49.5, 'under', 49.5)).toBe(false);
    expect(isDiceWin(77.174, 'under', 49.5)).toBe(false);
  });
});

describe('dice amounts', () => {
  it('profit = bet × (multiplier − 1) to 8 decimals', () => {
    expect(diceProfit(1, 2)).toBe('1.00000000');
    expect(diceProfit(0.5, 3.96)).toBe('1.48000000');
  });

  it('shows the roll with 4 decimals', () => {
    expect(formatRoll(77.174)).toBe('77.1740');
    expect(formatRoll(0)).toBe('0.0000');
  });

  it('keeps the last 12 rolls, newest first', () => {
    let history: DiceResult[] = pushHistory<DiceResult>([], { roll: 1, win: false });
    for (let i = 2; i <= 14; i += 1) history = pushHistory(history, { roll: i, win: i % 2 === 0 });
    expect(history).toHaveLength(12);
    expect(history[0]).toEqual({ roll: 14, win: true });
    expect(history[11]).toEqual({ roll: 3, win: false });
  });
});

describe('dice advanced strategy', () => {
  const strategy: DiceStrategy = {
    onWin: { mode: 'reset' },
    onLoss: { mode: 'increase', percent: 100 },
    stopOnProfit: 5,
    stopOnLoss: 3,
  };

  it('on win resets to the base bet; on loss increases the current bet by the percent', () => {
    expect(nextBetAmount(1, 4, true, strategy)).toBe(1);
    expect(nextBetAmount(1, 4, false, strategy)).toBe(8);
    expect(nextBetAmount(1, 2, true, { ...strategy, onWin: { mode: 'increase', percent: 50 } })).toBe(3);
  });

  it('stops at the profit or loss limits, never when they are unset', () => {
    expect(shouldStopRun(5, strategy)).toBe(true);
    expect(shouldStopRun(4.99, strategy)).toBe(false);
    expect(shouldStopRun(-3, strategy)).toBe(true);
    expect(shouldStopRun(-2.5, strategy)).toBe(false);
    expect(shouldStopRun(1e9, { ...strategy, stopOnProfit: null, stopOnLoss: null })).toBe(false);
  });
});

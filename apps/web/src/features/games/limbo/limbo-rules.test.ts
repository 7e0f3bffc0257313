import { describe, expect, it } from 'vitest';
import { formatMultiplier } from '../format';
import * as limbo from './limbo-rules';

const { LIMBO_DEFAULTS, LIMBO_MAX_MS, canBet, chanceForMultiplier, isLimboWin, limboDisplayAt, limboDuration, limboProfit, multiplierForChance } = limbo;

describe('limbo settings', () => {
  it('defaults to multiplier 2 and chance 49.5, which agree (chance = 99 / multiplier)', () => {
    expect(LIMBO_DEFAULTS).toEqual({ multiplier: 2, chance: 49.5 });
    expect(chanceForMultiplier(LIMBO_DEFAULTS.multiplier)).toBe(LIMBO_DEFAULTS.chance);
    expect(multiplierForChance(LIMBO_DEFAULTS.chance)).toBe(LIMBO_DEFAULTS.multiplier);
  });

  it('keeps multiplier and chance consistent both ways', () => {
    expect(chanceForMultiplier(4)).toBe(24.75);
    expect(chanceForMultiplier(1.01)).toBe(98.0198);
    expect(multiplierForChance(10)).toBe(9.9);
    expect(multiplierForChance(33)).toBe(3);
  });

  it('refuses a multiplier below 1.01 or a chance above 98.0198', () => {
    expect(chanceForMultiplier(1)).toBeNull();
    expect(chanceForMultiplier(Number.NaN)).toBeNull();
    expect(multiplierForChance(99)).toBeNull();
    expect(multiplierForChance(0)).toBeNull();
  });
});

describe('limbo round', () => {
  it('wins when the result is at least the chosen multiplier', () => {
    expect(isLimboWin(2, 2)).toBe(true);
    expect(isLimboWin(5.05, 2)).toBe(true);
    expect(isLimboWin(1.99, 2)).toBe(false);
  });

  it('profit on a win = bet × multiplier − bet', () => {
    expect(limboProfit(1, 2)).toBe(1);
    expect(limboProfit(0.5, 3)).toBe(1);
    expect(limboProfit(2, 1.5)).toBe(1);
  });

  it('needs an amount above 0 and no round running', () => {
    expect(canBet('1', false)).toBe(true);
    expect(canBet('1', true)).toBe(false);
    expect(canBet('0', false)).toBe(false);
    expect(canBet('', false)).toBe(false);
    expect(canBet('-2', false)).toBe(false);
    expect(canBet('x', false)).toBe(false);
  });

  it('formats the result with 2 decimals and ×', () => {
    expect(formatMultiplier(1.28)).toBe('1.28×');
    expect(formatMultiplier(1000)).toBe('1000.00×');
  });
});

describe('limbo climb', () => {
  it('climbs 0.05 every 30 ms from 1.00', () => {
    expect(limboDisplayAt(0, 5).value).toBe(1);
    expect(limboDisplayAt(29, 5).value).toBe(1);
    expect(limboDisplayAt(30, 5).value).toBe(1.05);
    expect(limboDisplayAt(300, 5).value).toBe(1.5);
  });

  it('ends exactly at the result', () => {
    expect(limboDisplayAt(limboDuration(1.28), 1.28)).toEqual({ value: 1.28, isDone: true });
    expect(limboDisplayAt(limboDuration(2.37), 2.37)).toEqual({ value: 2.37, isDone: true });
    expect(limboDisplayAt(0, 1)).toEqual({ value: 1, isDone: true });
  });

  it('never passes the result and never goes down', () => {
    for (const result of [1.01, 1.5, 2, 7.77, 19.99, 20, 123.45, 9_900_000]) {
      let previous = 1;
      for (let t = 0; t <= LIMBO_MAX_MS; t += 10) {
        const { value } = limboDisplayAt(t, result);
        expect(value).toBeGreaterThanOrEqual(previous);
        expect(value).toBeLessThanOrEqual(result);
        previous = value;
      }
    }
  });

  it('speeds up so that no round takes more than 3 seconds', () => {
    for (const result of [20, 50, 1000, 9_900_000]) {
      expect(limboDuration(result)).toBeLessThanOrEqual(LIMBO_MAX_MS);
      expect(limboDisplayAt(LIMBO_MAX_MS, result)).toEqual({ value: result, isDone: true });
    }
    // past the linear climb, the value is ahead of 0.05 per 30 ms
    expect(limboDisplayAt(2400, 1000).value).toBeGreaterThan(1 + (2400 / 30) * 0.05);
  });
});

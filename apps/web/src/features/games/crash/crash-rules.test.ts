import { describe, expect, it } from 'vitest';
import { CRASH_DEFAULT_CASH_OUT, crashCurveAt, crashProfit, crashTimeFor, parseCashOut, settleCrash } from './crash-rules';
import { formatMultiplier } from '../format';

describe('crash curve', () => {
  it('starts at 1.00× and rises', () => {
    expect(crashCurveAt(0)).toBe(1);
    let previous = 1;
    for (let t = 0; t <= 12_000; t += 16) {
      const value = crashCurveAt(t);
      expect(value).toBeGreaterThanOrEqual(previous);
      previous = value;
    }
    expect(previous).toBeGreaterThan(1_000_000);
  });

  it('reaches a multiplier at crashTimeFor(multiplier)', () => {
    for (const m of [1.01, 1.28, 2, 5.05, 100, 123456.78]) {
      expect(crashCurveAt(crashTimeFor(m) + 0.5)).toBeGreaterThanOrEqual(m);
      expect(crashCurveAt(crashTimeFor(m) - 5)).toBeLessThan(m);
    }
    expect(crashTimeFor(1)).toBe(0);
  });
});

describe('crash settlement', () => {
  it('cashes out automatically at the cash-out-at value when the crash point reaches it', () => {
    expect(settleCrash(3.5, 2)).toEqual({ win: true, multiplier: 2, crashPoint: 3.5 });
    expect(settleCrash(2, 2)).toEqual({ win: true, multiplier: 2, crashPoint: 2 });
  });

  it('loses when the round crashes before the cash-out-at value', () => {
    expect(settleCrash(1.28, 2)).toEqual({ win: false, multiplier: 0, crashPoint: 1.28 });
    expect(settleCrash(1, CRASH_DEFAULT_CASH_OUT).win).toBe(false);
  });

  it('Cash Out while running stops at the current multiplier, unless the auto cash-out came first', () => {
    expect(settleCrash(10, 5, 1.5)).toEqual({ win: true, multiplier: 1.5, crashPoint: 10 });
    expect(settleCrash(10, 1.2, 1.5)).toEqual({ win: true, multiplier: 1.2, crashPoint: 10 });
    expect(settleCrash(1.4, 2, 1.4)).toEqual({ win: false, multiplier: 0, crashPoint: 1.4 });
    expect(settleCrash(10, null, 3)).toEqual({ win: true, multiplier: 3, crashPoint: 10 });
  });

  it('profit = bet × multiplier − bet; a crash loses the bet', () => {
    expect(crashProfit(1, settleCrash(3, 2))).toBe(1);
    expect(crashProfit(2, settleCrash(10, 5, 1.5))).toBe(1);
    expect(crashProfit(0.5, settleCrash(1.28, 2))).toBe(-0.5);
  });
});

describe('crash inputs', () => {
  it('cash-out-at is a number of at least 1.01, defaulting to 2', () => {
    expect(CRASH_DEFAULT_CASH_OUT).toBe(2);
    expect(parseCashOut('1.5')).toBe(1.5);
    expect(parseCashOut('1.01')).toBe(1.01);
    expect(parseCashOut('1')).toBeNull();
    expect(parseCashOut('')).toBeNull();
  });

  it('shows multipliers with 2 decimals and ×', () => {
    expect(formatMultiplier(1.28)).toBe('1.28×');
  });
});

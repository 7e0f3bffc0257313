import { describe, expect, it } from 'vitest';
import { MIN_COMPARABLE_BASE, stat } from './overview-service.ts';

describe('overview stat', () => {
  it('gives no percentage when the base 30 days ago is too small to compare (a fresh install is not "+400%")', () => {
    expect(stat(5, 1)).toEqual({ value: 5, previous: 1, changePercent: null });
    expect(stat(0, 0)).toEqual({ value: 0, previous: 0, changePercent: null });
    expect(stat(3, MIN_COMPARABLE_BASE - 1).changePercent).toBeNull();
  });

  it('compares against a base of at least ten, one decimal', () => {
    expect(stat(15, MIN_COMPARABLE_BASE)).toEqual({ value: 15, previous: 10, changePercent: 50 });
    expect(stat(7, 30).changePercent).toBe(-76.7);
  });
});

import { describe, expect, it } from 'vitest';
import { mulberry32 } from '@app/shared/domain/mulberry32';
import { KENO_MAX_BET, autoPick, canBet, kenoHits, payoutRow, pickHint, settleKeno, togglePick } from './keno-rules';

describe('keno picks', () => {
  it('toggles a number on and off', () => {
    expect(togglePick([], 7)).toEqual([7]);
    expect(togglePick([7, 9], 7)).toEqual([9]);
  });

  it('allows at most 10 picks', () => {
    let picks: number[] = [];
    for (let n = 1; n <= 12; n += 1) picks = togglePick(picks, n);
    expect(picks).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(togglePick(picks, 3)).toHaveLength(9);
  });

  it('refuses numbers outside 1..40', () => {
    expect(togglePick([], 0)).toEqual([]);
    expect(togglePick([], 41)).toEqual([]);
  });

  it('hints the pick count', () => {
    expect(pickHint(0)).toBe('Select 1–10 numbers to play');
    expect(pickHint(1)).toBe('1 selected');
    expect(pickHint(10)).toBe('10 selected');
  });

  it('auto pick selects 10 distinct numbers of 1..40', () => {
    for (let seed = 1; seed <= 50; seed += 1) {
      const picks = autoPick(mulberry32(seed));
      expect(picks).toHaveLength(10);
      expect(new Set(picks).size).toBe(10);
      for (const p of picks) expect(p >= 1 && p <= 40).toBe(true);
    }
    expect(autoPick(() => 0)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(autoPick(() => 0.999999)).toEqual([40, 39, 38, 37, 36, 35, 34, 33, 32, 31]);
  });

  it('the bet needs picks, an amount above 0 and no draw running; Max is 1.00000000', () => {
    expect(canBet([], '1', false)).toBe(false);
    expect(canBet([5], '1', false)).toBe(true);
    expect(canBet([5], '0', false)).toBe(false);
    expect(canBet([5], '', false)).toBe(false);
    expect(canBet([5], '1', true)).toBe(false);
    expect(KENO_MAX_BET).toBe('1.00000000');
  });
});

describe('keno payout', () => {
  const drawn = [31, 36, 12, 32, 2, 8, 20, 10, 25, 17];

  it('marks the picked numbers that were drawn', () => {
    expect(kenoHits([1, 2, 3, 36], drawn)).toEqual([36, 2]);
  });

  it('pays tables[risk][picks − 1][hits]', () => {
    // classic, 2 picks, 2 hits = 4.5; classic, 1 pick, 0 hits = 0; low, 1 pick, 0 hits = 0.7
    expect(settleKeno(1, 'classic', [31, 36], drawn)).toEqual({ hits: 2, multiplier: 4.5, payout: 4.5, win: true });
    expect(settleKeno(1, 'classic', [1], drawn)).toEqual({ hits: 0, multiplier: 0, payout: 0, win: false });
    expect(settleKeno(2, 'low', [1], drawn)).toEqual({ hits: 0, multiplier: 0.7, payout: 1.4, win: false });
    // high, 10 picks, 10 hits = the top of the table
    expect(settleKeno(1, 'high', drawn, drawn).hits).toBe(10);
  });

  it('lists the payout row for the pick count', () => {
    expect(payoutRow('classic', 0)).toEqual([]);
    expect(payoutRow('classic', 2)).toEqual([0, 1.9, 4.5]);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pariMutuel, type PayoutStake } from './payout.ts';

const OUTCOMES = ['a', 'b', 'c', 'd'];

const stakesArb = fc
  .array(fc.record({ outcome: fc.integer({ min: 0, max: OUTCOMES.length - 1 }), amount: fc.integer({ min: 1, max: 1_000_000 }) }), {
    minLength: 1,
    maxLength: 60,
  })
  .map((rows): PayoutStake[] => rows.map((r, i) => ({ id: `s${i}`, outcomeId: OUTCOMES[r.outcome]!, amount: r.amount, seq: i + 1 })));

describe('pari-mutuel payout', () => {
  it('pays the pool exactly, once per stake, and every winner at least their stake', () => {
    fc.assert(
      fc.property(stakesArb, fc.integer({ min: 0, max: OUTCOMES.length - 1 }), (stakes, w) => {
        const winning = OUTCOMES[w]!;
        const payouts = pariMutuel(stakes, winning);
        const pool = stakes.reduce((sum, s) => sum + s.amount, 0);
        expect(payouts.reduce((sum, p) => sum + p.amount, 0)).toBe(pool);
        expect(new Set(payouts.map((p) => p.id)).size).toBe(stakes.length);
        expect(payouts).toHaveLength(stakes.length);
        const hasWinner = stakes.some((s) => s.outcomeId === winning);
        for (const p of payouts) {
          const stake = stakes.find((s) => s.id === p.id)!;
          expect(Number.isSafeInteger(p.amount)).toBe(true);
          if (!hasWinner) expect(p).toEqual({ id: stake.id, amount: stake.amount, kind: 'refund' });
          else if (stake.outcomeId === winning) expect(p.amount).toBeGreaterThanOrEqual(stake.amount);
          else expect(p.amount).toBe(0);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('gives the rounding remainder to the largest winning stake, the earliest on a tie', () => {
    // Pool 10, winning pool 6 (two stakes of 3): each gets floor(3 × 10 / 6) = 5, nothing left.
    // Pool 10, winning stakes 3, 3, 1 (7): floor(30/7) = 4, 4, floor(10/7) = 1 → 9; 1 point left to the first 3.
    const stakes: PayoutStake[] = [
      { id: 'x', outcomeId: 'a', amount: 3, seq: 2 },
      { id: 'y', outcomeId: 'a', amount: 3, seq: 1 },
      { id: 'z', outcomeId: 'a', amount: 1, seq: 3 },
      { id: 'l', outcomeId: 'b', amount: 3, seq: 4 },
    ];
    expect(pariMutuel(stakes, 'a')).toEqual([
      { id: 'x', amount: 4, kind: 'payout' },
      { id: 'y', amount: 5, kind: 'payout' },
      { id: 'z', amount: 1, kind: 'payout' },
      { id: 'l', amount: 0, kind: 'none' },
    ]);
  });

  it('is exact beyond 2^53 products', () => {
    const stakes: PayoutStake[] = Array.from({ length: 3000 }, (_, i) => ({ id: `s${i}`, outcomeId: i % 3 === 0 ? 'a' : 'b', amount: 999_999, seq: i }));
    const payouts = pariMutuel(stakes, 'a');
    expect(payouts.reduce((sum, p) => sum + p.amount, 0)).toBe(3000 * 999_999);
  });
});

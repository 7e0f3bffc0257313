import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { floats } from '@app/shared/fairness/engine';
import { plinkoPath } from '@app/shared/fairness/outcomes';
import { PLINKO_RISKS, PLINKO_TABLES } from '@app/shared/fairness/payouts';
import { SEEDS_ARBITRARY, TEST_SEEDS } from '../test-utils';
import {
  PLINKO_MS_PER_ROW,
  ballPosition,
  ballWaypoints,
  boardWidth,
  bucketCentre,
  bucketFromPath,
  bucketLabel,
  bucketTone,
  dropBall,
  flightDuration,
  isPlinkoRows,
  pegPositions,
  settlePlinko,
} from './plinko-rules';

const R = true;
const L = false;
const B = { serverSeed: 'a9a09f7f84c9dc6d4f46f9b702d8e7e211e1fc219ac10e1145c4ca032eb000c6', clientSeed: '3c83fc7e07', nonce: 3 };

describe('plinko rules', () => {
  it('rows 8: the bucket is the number of rights, 0 at the far left', () => {
    expect(bucketFromPath([L, L, L, L, L, L, L, L])).toBe(0);
    expect(bucketFromPath([R, R, R, R, R, R, R, R])).toBe(8);
    expect(bucketFromPath([R, L, R, L, L, L, L, R])).toBe(3);
    // published vector A (floats 0.772 0.889 0.308 0.805 0.035 0.195 0.497 0.242): R R L R L L L L → bucket 3
    expect(plinkoPath(TEST_SEEDS, 8).rights).toEqual([R, R, L, R, L, L, L, L]);
    expect(dropBall(TEST_SEEDS, 8, 'low', 1)).toMatchObject({ slot: 3, multiplier: 1, payout: 1, win: true, nonce: 1 });
    // vector B: L L R R L R L L → bucket 3
    expect(dropBall(B, 8, 'high', 2)).toMatchObject({ slot: 3, multiplier: 0.3, payout: 0.6, win: false });
  });

  it('rows 18: the bucket is the number of rights out of 18', () => {
    expect(bucketFromPath(Array<boolean>(18).fill(L))).toBe(0);
    expect(bucketFromPath(Array<boolean>(18).fill(R))).toBe(18);
    // vector A: R R L R L L L L R L L L R L L L R R → 7 rights
    const a = dropBall(TEST_SEEDS, 18, 'extreme', 1);
    expect(a.rights.map((r) => (r ? 'R' : 'L')).join('')).toBe('RRLRLLLLRLLLRLLLRR');
    expect(a).toMatchObject({ slot: 7, multiplier: 0.1, win: false });
    // vector B: L L R R L R L L L L L R L L R L L L → 5 rights
    expect(dropBall(B, 18, 'medium', 1)).toMatchObject({ slot: 5, multiplier: 2.5, payout: 2.5, win: true });
    expect(settlePlinko(1, 18, 'extreme', 0).multiplier).toBe(23940);
  });

  it('the rows slider is 8 to 18', () => {
    expect([7, 8, 13, 18, 19, 8.5].map(isPlinkoRows)).toEqual([false, true, true, true, false, false]);
  });

  it.each([8, 18])('the ball hits a peg in every row and ends in its bucket (%i rows)', (rows) => {
    const pegs = pegPositions(rows);
    expect(pegs).toHaveLength(Array.from({ length: rows }, (_, i) => i + 3).reduce((a, b) => a + b, 0));
    for (const rights of [Array<boolean>(rows).fill(L), Array<boolean>(rows).fill(R), plinkoPath(TEST_SEEDS, rows).rights]) {
      const points = ballWaypoints(rights);
      expect(points).toHaveLength(rows + 2);
      for (let i = 0; i < rows; i += 1) {
        const hit = points[i + 1]!;
        expect(
          pegs.some((p) => Math.abs(p.x - hit.x) < 1e-9 && Math.abs(p.y - 0.35 - hit.y) < 1e-9),
          `row ${i}`,
        ).toBe(true);
      }
      const slot = bucketFromPath(rights);
      expect(points.at(-1)).toEqual(bucketCentre(rows, slot));
      expect(ballPosition(points, flightDuration(rows))).toEqual(bucketCentre(rows, slot));
      expect(ballPosition(points, 0)).toEqual(points[0]);
      // buckets sit between the bottom pegs, inside the one-unit margins
      expect(bucketCentre(rows, slot).x).toBeGreaterThan(1);
      expect(bucketCentre(rows, slot).x).toBeLessThan(boardWidth(rows) - 1);
    }
    expect(flightDuration(rows)).toBe((rows + 1) * PLINKO_MS_PER_ROW);
  });

  it('bucket labels and colours', () => {
    expect([0.2, 1, 5.6, 110, 1000, 15450, 23940].map(bucketLabel)).toEqual(['0.2', '1', '5.6', '110', '1K', '15.5K', '23.9K']);
    expect([0.5, 1, 2.1, 29].map(bucketTone)).toEqual(['low', 'mid', 'high', 'top']);
  });
});

describe('plinko: engine and settlement agree with an independent computation (seeded)', () => {
  it('the bucket and payout from the floats', () => {
    fc.assert(
      fc.property(
        SEEDS_ARBITRARY,
        fc.integer({ min: 8, max: 18 }),
        fc.constantFrom(...PLINKO_RISKS),
        fc.integer({ min: 1, max: 1_000_000 }),
        (seeds, rows, risk, cents) => {
          const bet = cents / 100;
          const ball = dropBall(seeds, rows, risk, bet);
          // independently: a float of 0.5 or more goes right; the bucket counts them; the table pays bet × m
          const fs = floats(seeds, rows);
          let slot = 0;
          for (const f of fs) if (f >= 0.5) slot += 1;
          const multiplier = PLINKO_TABLES[rows]![risk][slot]!;
          return ball.slot === slot && ball.multiplier === multiplier && ball.payout === bet * multiplier && ball.win === multiplier >= 1;
        },
      ),
      { seed: 13_2026, numRuns: 300 },
    );
  });
});

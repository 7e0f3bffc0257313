/**
 * Payout rules of /work/shared/games/provably-fair.md.
 */
import { KENO_TABLES } from './keno-tables';
import { PLINKO_STAKE_TABLES } from './plinko-tables';

export { KENO_TABLES } from './keno-tables';

/** Dice: multiplier = 99 / chance (chance in %). */
export function diceMultiplier(chance: number): number {
  return 99 / chance;
}

function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i += 1) r = (r * (n - k + i)) / i;
  return r;
}

/** Mines: after `revealed` safe reveals with `mines` mines: 0.99 * C(25, k) / C(25 - m, k). */
export function minesMultiplier(mines: number, revealed: number): number {
  if (revealed === 0) return 1;
  const safe = binomial(25 - mines, revealed);
  if (safe === 0) return 0;
  return (0.99 * binomial(25, revealed)) / safe;
}

// ---------- Keno ----------
export const KENO_RISKS = ['classic', 'low', 'medium', 'high'] as const;
export type KenoRisk = (typeof KENO_RISKS)[number];
export const KENO_RISK_LABELS: Record<KenoRisk, string> = { classic: 'Classic', low: 'Low', medium: 'Medium', high: 'High' };
export const KENO_MAX_PICKS = 10;

/** tables[risk][picks - 1][hits]; 0 outside the table. */
export function kenoMultiplier(risk: KenoRisk, picks: number, hits: number): number {
  return KENO_TABLES[risk][picks - 1]?.[hits] ?? 0;
}

// ---------- Plinko ----------
/** Our risk `extreme` is Stake's `expert` (shown as 'Extreme'). */
export const PLINKO_RISKS = ['low', 'medium', 'high', 'extreme'] as const;
export type PlinkoRisk = (typeof PLINKO_RISKS)[number];
export const PLINKO_RISK_LABELS: Record<PlinkoRisk, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  extreme: 'Extreme',
};
export const PLINKO_MIN_ROWS = 8;
export const PLINKO_MAX_ROWS = 18;
export const PLINKO_ROWS: readonly number[] = Array.from({ length: PLINKO_MAX_ROWS - PLINKO_MIN_ROWS + 1 }, (_, i) => PLINKO_MIN_ROWS + i);

/**
 * Rows 17 and 18 are ours (Stake stops at 16). How they were built, for each risk:
 * 1. Stretch the 16-row table over the new slot count: slot i of n rows sits at x = i * 16 / n in the 16-row
 *    table, and its value is interpolated log-linearly between the two 16-row neighbours (same symmetric,
 *    U-shaped profile, same edge and centre values).
 * 2. With more rows the binomial mass concentrates in the low-paying centre, so the return drops. Multiply each
 *    slot by c^|2i/n - 1| (1 at the centre, c at the edges), round like Stake (1 decimal below 10, integers
 *    from 10, tens from 1000), and take the largest c whose return is still <= 99.0%.
 * 3. Raise a few inner slots by one rounding step (symmetrically) and then the edges, to bring the return to
 *    ~99.02-99.03%. The unit test recomputes every return from the binomial probabilities C(n,i)/2^n and
 *    asserts it stays in [98.9%, 99.2%].
 */
const PLINKO_OWN_TABLES = {
  17: {
    low: [18, 10, 2.8, 1.5, 1.4, 1.4, 1.2, 1, 0.7, 0.7, 1, 1.2, 1.4, 1.4, 1.5, 2.8, 10, 18],
    medium: [130, 46, 12, 6, 3.5, 1.9, 1.2, 0.7, 0.4, 0.4, 0.7, 1.2, 1.9, 3.5, 6, 12, 46, 130],
    high: [1470, 195, 40, 13, 5.7, 2.8, 0.5, 0.2, 0.2, 0.2, 0.2, 0.5, 2.8, 5.7, 13, 40, 195, 1470],
    extreme: [15450, 398, 47, 12, 4, 1.7, 0.3, 0.1, 0.1, 0.1, 0.1, 0.3, 1.7, 4, 12, 47, 398, 15450],
  },
  18: {
    low: [27, 12, 3.4, 1.8, 1.6, 1.4, 1.3, 1.1, 0.9, 0.5, 0.9, 1.1, 1.3, 1.4, 1.6, 1.8, 3.4, 12, 27],
    medium: [149, 60, 17, 7.8, 4.7, 2.5, 1.4, 0.9, 0.5, 0.3, 0.5, 0.9, 1.4, 2.5, 4.7, 7.8, 17, 60, 149],
    high: [1830, 282, 61, 19, 8.2, 3.8, 1.1, 0.2, 0.2, 0.2, 0.2, 0.2, 1.1, 3.8, 8.2, 19, 61, 282, 1830],
    extreme: [23940, 720, 82, 19, 6.4, 2.6, 0.7, 0.1, 0.1, 0.1, 0.1, 0.1, 0.7, 2.6, 6.4, 19, 82, 720, 23940],
  },
} as const;

/** PLINKO_TABLES[rows][risk][slot], rows 8..18, slot 0..rows. */
export const PLINKO_TABLES: Record<number, Record<PlinkoRisk, readonly number[]>> = {
  ...PLINKO_STAKE_TABLES,
  ...PLINKO_OWN_TABLES,
};

export function plinkoMultiplier(rows: number, risk: PlinkoRisk, slot: number): number {
  return PLINKO_TABLES[rows]?.[risk][slot] ?? 0;
}

// ---------- Roulette (European) ----------
export const ROULETTE_PAYOUTS = { straight: 36, split: 18, street: 12, corner: 9, line: 6, dozen: 3, column: 3, evenMoney: 2 } as const;
export const ROULETTE_RED = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36] as const;

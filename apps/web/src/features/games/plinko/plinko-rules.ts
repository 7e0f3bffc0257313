/**
 * Plinko rules (spec 2 §2, §5, §9): pure functions the screen and its tests share.
 * The path comes from the provably-fair engine (plinkoPath: row i goes right when floor(f_i * 2) == 1, the
 * bucket is the number of rights); the multiplier from the table for rows and risk (plinkoMultiplier).
 * The board geometry is here too, so that the animation provably ends in the bucket the engine named.
 */
import type { SeedInput } from '@app/shared/fairness/engine';
import { plinkoPath } from '@app/shared/fairness/outcomes';
import { PLINKO_MAX_ROWS, PLINKO_MIN_ROWS, plinkoMultiplier, type PlinkoRisk } from '@app/shared/fairness/payouts';

export { PLINKO_MAX_ROWS, PLINKO_MIN_ROWS };
/** spec 2 §2: the Rows slider defaults to 8. */
export const PLINKO_DEFAULT_ROWS = 8;
/** spec 2 §5: Max sets the Plinko bet to 1000. */
export const PLINKO_MAX_BET = '1000.00000000';

/** The bucket a path lands in: the number of rights (0 = far left). */
export function bucketFromPath(rights: readonly boolean[]): number {
  return rights.reduce((n, isRight) => n + (isRight ? 1 : 0), 0);
}

type PlinkoSettlement = { slot: number; multiplier: number; payout: number; win: boolean };

/** The payout of a ball that landed in `slot`: bet × the table's multiplier. */
export function settlePlinko(bet: number, rows: number, risk: PlinkoRisk, slot: number): PlinkoSettlement {
  const multiplier = plinkoMultiplier(rows, risk, slot);
  // As in Keno: a payout below the stake is a loss, even when the table pays something back.
  return { slot, multiplier, payout: bet * multiplier, win: multiplier >= 1 };
}

export type PlinkoBall = PlinkoSettlement & { rights: boolean[]; rows: number; risk: PlinkoRisk; bet: number; nonce: number };

/** One ball = one bet and one nonce: the engine's path for these seeds, settled on the table. */
export function dropBall(seeds: SeedInput, rows: number, risk: PlinkoRisk, bet: number): PlinkoBall {
  const { rights } = plinkoPath(seeds, rows);
  return { ...settlePlinko(bet, rows, risk, bucketFromPath(rights)), rights, rows, risk, bet, nonce: seeds.nonce };
}

/** Whether `rows` is a row count of the slider (8 to 18, whole). */
export function isPlinkoRows(rows: number): boolean {
  return Number.isInteger(rows) && rows >= PLINKO_MIN_ROWS && rows <= PLINKO_MAX_ROWS;
}

// ---------- Board geometry (units: one peg spacing) ----------
// Row i (0-based) has i + 3 pegs, so the bottom row's rows + 2 pegs leave rows + 1 gaps: the buckets.
// The board is rows + 3 units wide (one unit of margin each side of the bottom row).

export type Point = { x: number; y: number };

export function boardWidth(rows: number): number {
  return rows + 3;
}

/** The board's height down to the top of the buckets. */
export function boardHeight(rows: number): number {
  return rows + 1.5;
}

/** Peg rows: row i at y = 1.5 + i, its pegs centred on the board. */
export function pegPositions(rows: number): Point[] {
  const centre = boardWidth(rows) / 2;
  const pegs: Point[] = [];
  for (let i = 0; i < rows; i += 1) {
    for (let j = 0; j < i + 3; j += 1) pegs.push({ x: centre + j - (i + 2) / 2, y: 1.5 + i });
  }
  return pegs;
}

/** The centre of bucket `slot` at the bottom of the board (bucket j spans x = 1 + j .. 2 + j). */
export function bucketCentre(rows: number, slot: number): Point {
  return { x: 1.5 + slot, y: boardHeight(rows) };
}

/**
 * The points the ball passes: its start above the top peg, then the top of the peg it hits in each row,
 * then the centre of its bucket. After row i the ball is (rights so far − (i + 1) / 2) units off centre, which
 * is exactly a peg of row i + 1, and after the last row it is between two bottom pegs, above its bucket.
 */
export function ballWaypoints(rights: readonly boolean[]): Point[] {
  const rows = rights.length;
  const centre = boardWidth(rows) / 2;
  const points: Point[] = [{ x: centre, y: 0.4 }];
  let rightsSoFar = 0;
  for (let i = 0; i < rows; i += 1) {
    points.push({ x: centre + rightsSoFar - i / 2, y: 1.5 + i - 0.35 });
    if (rights[i]) rightsSoFar += 1;
  }
  points.push(bucketCentre(rows, rightsSoFar));
  return points;
}

/** Time for the ball to go from one row to the next. */
export const PLINKO_MS_PER_ROW = 110;

export function flightDuration(rows: number): number {
  return (rows + 1) * PLINKO_MS_PER_ROW;
}

/**
 * Where the ball is `elapsed` ms after the drop: between two waypoints it moves sideways at an easing pace and
 * falls with a small bounce off the peg. At (or after) the end it is at the bucket's centre.
 */
export function ballPosition(waypoints: readonly Point[], elapsed: number): Point {
  const segments = waypoints.length - 1;
  const progress = Math.max(0, elapsed) / PLINKO_MS_PER_ROW;
  if (progress >= segments) return waypoints[segments]!;
  const index = Math.floor(progress);
  const t = progress - index;
  const a = waypoints[index]!;
  const b = waypoints[index + 1]!;
  const sideways = 1 - (1 - t) * (1 - t);
  const hop = index === 0 ? 0 : 0.3 * Math.sin(Math.PI * t) * (1 - t);
  return { x: a.x + (b.x - a.x) * sideways, y: a.y + (b.y - a.y) * t * t - hop };
}

// ---------- Buckets ----------

/** A bucket's label: 1000 and more in thousands (23940 → 23.9K) so 19 buckets fit a phone. */
export function bucketLabel(multiplier: number): string {
  // Rounded half up on hundreds (15450 → 15.5K): toFixed(1) of 15.45 would give 15.4.
  if (multiplier >= 1000) return `${Math.round(multiplier / 100) / 10}K`;
  return String(multiplier);
}

export type BucketTone = 'top' | 'high' | 'mid' | 'low';

/** Colour band of a bucket: the further from the centre, the hotter. */
export function bucketTone(multiplier: number): BucketTone {
  if (multiplier >= 10) return 'top';
  if (multiplier >= 2) return 'high';
  if (multiplier >= 1) return 'mid';
  return 'low';
}

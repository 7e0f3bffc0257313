/**
 * Mines Assist: the exact odds of our mines game (provably-fair.md, "mines"). Nothing here predicts
 * a board: the seeds fix the mines before the first click; these are the chances over all boards.
 * The payout is the game's own (minesMultiplier) and the board the game's own verifier (minePositions).
 */
import type { SeedInput } from './engine';
import { MINES_TILES, minePositions } from './outcomes';
import { minesMultiplier } from './payouts';

export const MINES_ASSIST_MIN = 1;
export const MINES_ASSIST_MAX = 24;

/** An exact chance as a fraction in lowest terms (num / den) and its value. */
export type Chance = { num: number; den: number; value: number };

function gcd(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}

function fraction(num: number, den: number): Chance {
  const g = gcd(num, den) || 1;
  return { num: num / g, den: den / g, value: num / den };
}

function assertMines(mines: number): void {
  if (!Number.isInteger(mines) || mines < MINES_ASSIST_MIN || mines > MINES_ASSIST_MAX) throw new RangeError('mines must be 1..24');
}

/** The safe tiles of a board with `mines` mines (25 − mines): the most gems a round can reveal. */
export function safeTiles(mines: number): number {
  assertMines(mines);
  return MINES_TILES - mines;
}

function assertRevealed(mines: number, revealed: number): void {
  if (!Number.isInteger(revealed) || revealed < 0 || revealed > safeTiles(mines)) throw new RangeError('revealed must be 0..25 - mines');
}

/**
 * The chance that the next tile is safe after `revealed` gems: (25 − m − k) / (25 − k), exact.
 * Zero once every safe tile is revealed (e.g. 3 mines, none revealed: 22/25).
 */
export function nextSafeChance(mines: number, revealed: number): Chance {
  assertRevealed(mines, revealed);
  const left = MINES_TILES - revealed;
  return fraction(left - mines, left);
}

/** The chance of revealing `picks` gems in a row from a fresh board: C(25 − m, k) / C(25, k), exact. */
export function survivalChance(mines: number, picks: number): Chance {
  assertRevealed(mines, picks);
  // The product of the step chances, kept as integers: (25−m)(24−m)…/(25·24·…), at most 25!/… ≤ 2^53 after reducing each step.
  let num = 1;
  let den = 1;
  for (let k = 0; k < picks; k += 1) {
    const step = nextSafeChance(mines, k);
    num *= step.num;
    den *= step.den;
    const g = gcd(num, den);
    num /= g;
    den /= g;
  }
  return fraction(num, den);
}

/** The fair multiplier after `picks` gems: 1 / survival chance (no house edge). */
export function fairMultiplier(mines: number, picks: number): number {
  const chance = survivalChance(mines, picks);
  return chance.den / chance.num;
}

export type MinesPathRow = {
  picks: number;
  /** The chance that this pick is safe, given the picks before were. */
  stepChance: Chance;
  /** The chance of surviving every pick so far. */
  survival: Chance;
  fairMultiplier: number;
  /** What our mines game pays when cashing out here (the game's own table). */
  payout: number;
  /** bet × survival × payout − bet: the average net result of planning to cash out here. */
  expectedValue: number;
};

/** The path table for 1 to (25 − mines) picks at `bet`. */
export function minesPath(mines: number, bet: number): MinesPathRow[] {
  return Array.from({ length: safeTiles(mines) }, (_, i) => {
    const picks = i + 1;
    const survival = survivalChance(mines, picks);
    const payout = minesMultiplier(mines, picks);
    return {
      picks,
      stepChance: nextSafeChance(mines, i),
      survival,
      fairMultiplier: fairMultiplier(mines, picks),
      payout,
      expectedValue: bet * survival.value * payout - bet,
    };
  });
}

/** Where the next reveal stands after `revealed` gems: its safe chance and the multipliers now and after it. */
export function minesNextStep(
  mines: number,
  revealed: number,
): {
  chance: Chance;
  currentPayout: number;
  nextFairMultiplier: number | null;
  nextPayout: number | null;
} {
  const chance = nextSafeChance(mines, revealed);
  const isDone = revealed === safeTiles(mines);
  return {
    chance,
    currentPayout: minesMultiplier(mines, revealed),
    nextFairMultiplier: isDone ? null : fairMultiplier(mines, revealed + 1),
    nextPayout: isDone ? null : minesMultiplier(mines, revealed + 1),
  };
}

/** The 5×5 board the seeds give: true where a mine is (row-major, 0 = top left), and the mines in draw order. */
export function minesBoard(seeds: SeedInput, mines: number): { tiles: boolean[]; mines: number[] } {
  const drawn = minePositions(seeds, mines);
  const set = new Set(drawn);
  return { tiles: Array.from({ length: MINES_TILES }, (_, i) => set.has(i)), mines: drawn };
}

/**
 * Reads a pasted round: `key: value` or `key=value` lines (Server seed, Client seed, Nonce, Mines), or a JSON object with
 * serverSeed, clientSeed, nonce and mines. Fields that are missing stay undefined.
 */
export function parsePastedRound(text: string): { serverSeed?: string; clientSeed?: string; nonce?: number; mines?: number } {
  const out: { serverSeed?: string; clientSeed?: string; nonce?: number; mines?: number } = {};
  const put = (rawKey: string, rawValue: unknown) => {
    const key = rawKey.toLowerCase().replace(/[^a-z]/g, '');
    const value = String(rawValue).trim();
    if (value === '') return;
    if (key === 'serverseed' || key === 'revealedserverseed') out.serverSeed = value;
    else if (key === 'clientseed') out.clientSeed = value;
    else if (key === 'nonce' && /^\d+$/.test(value)) out.nonce = Number(value);
    else if (key === 'mines' && /^\d+$/.test(value)) out.mines = Number(value);
  };
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (parsed && typeof parsed === 'object') for (const [k, v] of Object.entries(parsed)) put(k, v);
      return out;
    } catch {
      // not JSON: read it as lines
    }
  }
  for (const line of trimmed.split(/\r?\n/)) {
    const match = /^\s*([A-Za-z ]+?)\s*[:=]\s*(.+)$/.exec(line);
    if (match) put(match[1]!, match[2]!);
  }
  return out;
}

/**
 * European roulette bets and their settlement (provably-fair.md: straight 36×, split 18×, dozen and column 3×,
 * even-money 2×; the multiplier is the total return including the stake). The pocket is the engine's
 * (roulettePocket); 0 loses every outside bet.
 */
import { ROULETTE_PAYOUTS, ROULETTE_RED } from './payouts';

/** European wheel order, clockwise from 0. */
export const ROULETTE_WHEEL_ORDER: readonly number[] = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
];

/** Chip values (spec 2 §9). */
export const ROULETTE_CHIPS = [0.01, 0.05, 0.1, 0.5, 1] as const;

type RouletteColor = 'green' | 'red' | 'black';

export function pocketColor(pocket: number): RouletteColor {
  if (pocket === 0) return 'green';
  return (ROULETTE_RED as readonly number[]).includes(pocket) ? 'red' : 'black';
}

/**
 * A bet spot as text (also the format the Verify tab reads):
 * `17` straight, `17/18` split, `1st12` `2nd12` `3rd12` dozens, `col1` `col2` `col3` columns (col1 = 1, 4, …, 34),
 * `1-18`, `19-36`, `even`, `odd`, `red`, `black`.
 */
export type RouletteSpot = string;

type RouletteBetKind = 'straight' | 'split' | 'dozen' | 'column' | 'evenMoney';

type RouletteSpotInfo = { spot: RouletteSpot; kind: RouletteBetKind; numbers: readonly number[]; label: string };

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const NUMBERS = range(1, 36);

const OUTSIDE: Record<string, { kind: RouletteBetKind; numbers: number[]; label: string }> = {
  '1st12': { kind: 'dozen', numbers: range(1, 12), label: '1st 12' },
  '2nd12': { kind: 'dozen', numbers: range(13, 24), label: '2nd 12' },
  '3rd12': { kind: 'dozen', numbers: range(25, 36), label: '3rd 12' },
  col1: { kind: 'column', numbers: NUMBERS.filter((n) => n % 3 === 1), label: '2:1 (column 1 to 34)' },
  col2: { kind: 'column', numbers: NUMBERS.filter((n) => n % 3 === 2), label: '2:1 (column 2 to 35)' },
  col3: { kind: 'column', numbers: NUMBERS.filter((n) => n % 3 === 0), label: '2:1 (column 3 to 36)' },
  '1-18': { kind: 'evenMoney', numbers: range(1, 18), label: '1–18' },
  '19-36': { kind: 'evenMoney', numbers: range(19, 36), label: '19–36' },
  even: { kind: 'evenMoney', numbers: NUMBERS.filter((n) => n % 2 === 0), label: 'Even' },
  odd: { kind: 'evenMoney', numbers: NUMBERS.filter((n) => n % 2 === 1), label: 'Odd' },
  red: { kind: 'evenMoney', numbers: [...ROULETTE_RED], label: 'Red' },
  black: { kind: 'evenMoney', numbers: NUMBERS.filter((n) => !(ROULETTE_RED as readonly number[]).includes(n)), label: 'Black' },
};

/** Two numbers share an edge on the layout (3 rows of 12; 0 touches 1, 2 and 3). */
function isSplit(a: number, b: number): boolean {
  const [lo, hi] = a < b ? [a, b] : [b, a];
  if (lo === 0) return hi >= 1 && hi <= 3;
  if (hi > 36) return false;
  if (hi - lo === 3) return true;
  return hi - lo === 1 && lo % 3 !== 0;
}

/** What a spot covers and pays; null for text that is not a bet spot. */
export function spotInfo(spot: RouletteSpot): RouletteSpotInfo | null {
  const outside = OUTSIDE[spot];
  if (outside) return { spot, ...outside };
  if (/^(0|[1-9]\d?)$/.test(spot)) {
    const n = Number(spot);
    return n <= 36 ? { spot, kind: 'straight', numbers: [n], label: String(n) } : null;
  }
  const split = /^(0|[1-9]\d?)\/(0|[1-9]\d?)$/.exec(spot);
  if (split) {
    const a = Number(split[1]);
    const b = Number(split[2]);
    if (!isSplit(a, b)) return null;
    const [lo, hi] = a < b ? [a, b] : [b, a];
    return { spot: `${lo}/${hi}`, kind: 'split', numbers: [lo, hi], label: `${lo}/${hi}` };
  }
  return null;
}

/** Total return multiplier of a spot's kind (including the stake). */
function kindMultiplier(kind: RouletteBetKind): number {
  return ROULETTE_PAYOUTS[kind];
}

/** The return multiplier of one spot for a pocket: its payout when the pocket is covered, else 0. */
export function spotReturn(spot: RouletteSpot, pocket: number): number {
  const info = spotInfo(spot);
  if (!info) throw new RangeError(`not a roulette bet: ${spot}`);
  return info.numbers.includes(pocket) ? kindMultiplier(info.kind) : 0;
}

/** One spot's stake, in hundredths of the currency unit (chips are whole hundredths, so sums stay exact). */
export type RouletteBet = { spot: RouletteSpot; cents: number };

export type RouletteSettlement = {
  pocket: number;
  /** Total stake, in hundredths. */
  stakeCents: number;
  /** Total return (stakes of winning spots × their multipliers), in hundredths. */
  returnCents: number;
  /** returnCents / stakeCents (0 with no stake). */
  multiplier: number;
  /** The spots that won. */
  winners: RouletteSpot[];
};

/** Settles every bet on the table against the pocket. */
export function settleRoulette(bets: readonly RouletteBet[], pocket: number): RouletteSettlement {
  let stakeCents = 0;
  let returnCents = 0;
  const winners: RouletteSpot[] = [];
  for (const bet of bets) {
    stakeCents += bet.cents;
    const r = spotReturn(bet.spot, pocket);
    if (r > 0) {
      returnCents += bet.cents * r;
      if (!winners.includes(bet.spot)) winners.push(bet.spot);
    }
  }
  return { pocket, stakeCents, returnCents, multiplier: stakeCents > 0 ? returnCents / stakeCents : 0, winners };
}

/** Sums the placements per spot, in the order each spot was first placed. */
export function tableBets(placements: readonly RouletteBet[]): RouletteBet[] {
  const out: RouletteBet[] = [];
  for (const p of placements) {
    const found = out.find((b) => b.spot === p.spot);
    if (found) found.cents += p.cents;
    else out.push({ spot: p.spot, cents: p.cents });
  }
  return out;
}

export function centsToText(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** The bets as `spot:amount` pairs, e.g. `17:0.10, red:0.50` (what the game shows and Verify reads). */
export function formatRouletteBets(bets: readonly RouletteBet[]): string {
  return bets.map((b) => `${b.spot}:${centsToText(b.cents)}`).join(', ');
}

/** Reads `spot:amount` pairs (comma separated; amounts with at most 2 decimals, above 0). */
export function parseRouletteBets(text: string): { bets: RouletteBet[] } | { error: string } {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0) return { error: 'Enter the bets as spot:amount pairs, e.g. 17:0.10, red:0.50.' };
  const bets: RouletteBet[] = [];
  for (const part of parts) {
    const m = /^([^:\s]+)\s*:\s*(\d+(?:\.\d{1,2})?)$/.exec(part);
    const info = m ? spotInfo(m[1]!.toLowerCase()) : null;
    const cents = m ? Math.round(Number(m[2]) * 100) : 0;
    if (!m || !info || cents <= 0) return { error: `Not a bet: "${part}". Use spot:amount, e.g. 17:0.10 or red:0.50.` };
    bets.push({ spot: info.spot, cents });
  }
  return { bets: tableBets(bets) };
}

/** The round as text: `Pocket 28 (black) · bet 0.60 · return 1.20` (the game and Verify show the same). */
export function rouletteOutcomeText(settlement: RouletteSettlement): string {
  return `Pocket ${settlement.pocket} (${pocketColor(settlement.pocket)}) · bet ${centsToText(settlement.stakeCents)} · return ${centsToText(settlement.returnCents)}`;
}

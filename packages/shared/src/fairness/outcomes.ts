/**
 * Float → outcome mappings, exactly the table in /work/shared/games/provably-fair.md.
 * Never round before the `floor` of a mapping.
 */
import { floats, type SeedInput } from './engine';

/** Dice roll with 4 decimals (ours): floor(f * 1000001) / 10000 → 0.0000..100.0000. */
export function diceRollFromFloat(f: number): number {
  return Math.floor(f * 1000001) / 10000;
}

/** Stake's published 2-decimal dice roll: floor(f * 10001) / 100. Used only to check against published vectors. */
export function stakeDiceRollFromFloat(f: number): number {
  return Math.floor(f * 10001) / 100;
}

export function diceRoll(seeds: SeedInput): number {
  return diceRollFromFloat(floats(seeds, 1)[0]!);
}

/** max(1, floor(1e8 / (f * 1e8) * 0.99 * 100) / 100), evaluated in exactly that order. */
function limboFromFloat(f: number): number {
  return Math.max(1, Math.floor((1e8 / (f * 1e8)) * 0.99 * 100) / 100);
}

export function limboResult(seeds: SeedInput): number {
  return limboFromFloat(floats(seeds, 1)[0]!);
}

/** Single-player crash point: the limbo formula. */
export function crashPoint(seeds: SeedInput): number {
  return limboFromFloat(floats(seeds, 1)[0]!);
}

/** European roulette pocket 0..36. */
export function roulettePocket(seeds: SeedInput): number {
  return Math.floor(floats(seeds, 1)[0]! * 37);
}

/** Row i goes right when floor(f_i * 2) == 1; slot = number of rights (0 = far left). */
export function plinkoPath(seeds: SeedInput, rows: number): { rights: boolean[]; slot: number } {
  const rights = floats(seeds, rows).map((f) => Math.floor(f * 2) === 1);
  return { rights, slot: rights.filter(Boolean).length };
}

/** Ordered removal: for each float take pool[floor(f * pool.length)] and splice it out. */
function orderedDraw(pool: number[], fs: readonly number[]): number[] {
  const rest = [...pool];
  const out: number[] = [];
  for (const f of fs) {
    const [taken] = rest.splice(Math.floor(f * rest.length), 1);
    out.push(taken!);
  }
  return out;
}

const KENO_POOL_SIZE = 40;
const KENO_DRAWN = 10;

/** 10 distinct numbers of 1..40 in draw order. */
export function kenoDraw(seeds: SeedInput): number[] {
  const pool = Array.from({ length: KENO_POOL_SIZE }, (_, i) => i + 1);
  return orderedDraw(pool, floats(seeds, KENO_DRAWN));
}

export const MINES_TILES = 25;

/** Mine tiles 0..24 (row-major, 0 = top-left) in draw order, one float per mine. */
export function minePositions(seeds: SeedInput, mines: number): number[] {
  if (!Number.isInteger(mines) || mines < 1 || mines > 24) throw new RangeError('mines must be 1..24');
  const pool = Array.from({ length: MINES_TILES }, (_, i) => i);
  return orderedDraw(pool, floats(seeds, mines));
}

export const CARD_RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'] as const;
export const CARD_SUITS = ['♦', '♥', '♠', '♣'] as const;
export type CardRank = (typeof CARD_RANKS)[number];
type CardSuit = (typeof CARD_SUITS)[number];
/** index = rank * 4 + suit (0 = ♦2, 51 = ♣A). */
export type Card = { index: number; rank: CardRank; suit: CardSuit; label: string };

export function cardFromIndex(index: number): Card {
  const rank = CARD_RANKS[Math.floor(index / 4)]!;
  const suit = CARD_SUITS[index % 4]!;
  return { index, rank, suit, label: `${rank}${suit}` };
}

/** Infinite deck: card k = CARDS[floor(f_k * 52)]. Deal order: player, dealer, player, dealer (hole), then draws. */
export function blackjackCards(seeds: SeedInput, count: number): Card[] {
  return floats(seeds, count).map((f) => cardFromIndex(Math.floor(f * 52)));
}

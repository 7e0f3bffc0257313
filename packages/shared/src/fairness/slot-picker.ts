/**
 * The Random Slot Picker on the provably-fair engine: one float of the seed pair picks an index of
 * the filtered list, `floor(f * n)` (roulette's mapping: each index gets an equal share of [0, 1)).
 * The list is published as the slot ids in order and its digest, SHA-256 of the ids joined by '\n'.
 */
import { floats, sha256Hex, type SeedInput } from './engine';

/** floor(f * n): an index 0..n-1 from a float in [0, 1). */
export function pickIndexFromFloat(f: number, n: number): number {
  if (!Number.isInteger(n) || n < 1) throw new RangeError('the list is empty');
  return Math.floor(f * n);
}

/** SHA-256 of the ids joined by '\n', as hex. */
export function slotListDigest(slotIds: readonly string[]): string {
  return sha256Hex(slotIds.join('\n'));
}

/** The pick of a seed pair over a list: what the server did and the Verify tab repeats. */
export function verifySlotPick(seeds: SeedInput, slotIds: readonly string[]): { index: number; slotId: string; listDigest: string; float: number } {
  const f = floats(seeds, 1)[0]!;
  const index = pickIndexFromFloat(f, slotIds.length);
  return { index, slotId: slotIds[index]!, listDigest: slotListDigest(slotIds), float: f };
}

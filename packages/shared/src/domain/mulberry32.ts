/**
 * mulberry32: a small, fast, seeded generator of floats in [0, 1). Not for anything that must be fair or
 * secret (the provably-fair engine is fairness/engine.ts): it makes sample data repeatable, so that the same
 * seed gives the same demo wagers, sample bet feed or test picks on every machine.
 */

/** A generator of floats in [0, 1): the same seed gives the same sequence. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

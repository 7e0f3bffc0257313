import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesToFloat, floats, sha256Hex } from './engine';
import { pickIndexFromFloat, slotListDigest, verifySlotPick } from './slot-picker';

describe('the slot picker', () => {
  it('maps a float to floor(f * n), always inside the list', () => {
    expect(pickIndexFromFloat(0, 7)).toBe(0);
    expect(pickIndexFromFloat(0.999999999, 7)).toBe(6);
    expect(pickIndexFromFloat(3 / 7, 7)).toBe(3);
    expect(() => pickIndexFromFloat(0.5, 0)).toThrow(RangeError);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 1, max: 5000 }), (word, n) => {
        const f = bytesToFloat(word >>> 24, (word >>> 16) & 255, (word >>> 8) & 255, word & 255);
        const i = pickIndexFromFloat(f, n);
        return Number.isInteger(i) && i >= 0 && i < n;
      }),
    );
  });

  it('is unbiased: each index gets floor or ceil of 2^32 / n of the 32-bit floats', () => {
    // The float is k / 2^32 for k = 0..2^32−1, so index i takes the k in [i·2^32/n, (i+1)·2^32/n):
    // counts differ by at most one across indexes, as with roulette's 37 pockets.
    for (const n of [3, 37, 150, 1000]) {
      const counts = Array.from({ length: n }, (_, i) => Math.ceil(((i + 1) * 2 ** 32) / n) - Math.ceil((i * 2 ** 32) / n));
      for (let i = 0; i < n; i += 1) {
        const first = Math.ceil((i * 2 ** 32) / n);
        expect(pickIndexFromFloat(first / 2 ** 32, n)).toBe(i);
        if (first > 0) expect(pickIndexFromFloat((first - 1) / 2 ** 32, n)).toBe(i - 1);
      }
      expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    }
  });

  it('reproduces a pick from the seeds and the list, with an independent HMAC', () => {
    const seeds = { serverSeed: '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159', clientSeed: 'bb62964774', nonce: 1 };
    const ids = Array.from({ length: 37 }, (_, i) => `slot-${i}`);
    const block = createHmac('sha256', seeds.serverSeed).update(`${seeds.clientSeed}:${seeds.nonce}:0`).digest();
    const f = block[0]! / 256 + block[1]! / 256 ** 2 + block[2]! / 256 ** 3 + block[3]! / 256 ** 4;
    const pick = verifySlotPick(seeds, ids);
    expect(pick.float).toBe(floats(seeds, 1)[0]);
    // The published vector: roulette 28 from the same float, so index 28 of 37.
    expect(pick.index).toBe(Math.floor(f * 37));
    expect(pick.index).toBe(28);
    expect(pick.slotId).toBe('slot-28');
    expect(pick.listDigest).toBe(sha256Hex(ids.join('\n')));
    expect(slotListDigest(['a', 'b'])).not.toBe(slotListDigest(['b', 'a']));
  });
});

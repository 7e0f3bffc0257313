import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { blocksForFloats, floats, hmacBlockHex, randomClientSeed, randomServerSeed, sha256Hex, type SeedInput } from './engine';
import {
  blackjackCards,
  crashPoint,
  diceRoll,
  diceRollFromFloat,
  kenoDraw,
  limboResult,
  minePositions,
  plinkoPath,
  roulettePocket,
  stakeDiceRollFromFloat,
} from './outcomes';

// Published vectors (/work/shared/games/provably-fair.md)
const A: SeedInput = {
  serverSeed: '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159',
  clientSeed: 'bb62964774',
  nonce: 1,
};
const B: SeedInput = {
  serverSeed: 'a9a09f7f84c9dc6d4f46f9b702d8e7e211e1fc219ac10e1145c4ca032eb000c6',
  clientSeed: '3c83fc7e07',
  nonce: 3,
};

describe('engine bytes and floats', () => {
  it('block 0 of vector A begins c590d171 and ends 3dfa8c92', () => {
    const hex = hmacBlockHex(A, 0);
    expect(hex).toHaveLength(64);
    expect(hex.startsWith('c590d171')).toBe(true);
    expect(hex.endsWith('3dfa8c92')).toBe(true);
  });

  it('float 0 matches the published values', () => {
    expect(floats(A, 1)[0]).toBeCloseTo(0.771740999306, 11);
    expect(floats(B, 1)[0]).toBeCloseTo(0.195963986218, 11);
  });

  it('float 0 is bytes 0..3 of block 0', () => {
    const hex = hmacBlockHex(A, 0);
    const b = [0, 1, 2, 3].map((i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16));
    expect(floats(A, 1)[0]).toBe(b[0]! / 256 + b[1]! / 256 ** 2 + b[2]! / 256 ** 3 + b[3]! / 256 ** 4);
  });

  it('crosses into block 1 when more than 8 floats are needed', () => {
    const fs = floats(A, 10);
    expect(fs).toHaveLength(10);
    const block1 = hmacBlockHex(A, 1);
    const b = [0, 1, 2, 3].map((i) => parseInt(block1.slice(i * 2, i * 2 + 2), 16));
    expect(fs[8]).toBe(b[0]! / 256 + b[1]! / 256 ** 2 + b[2]! / 256 ** 3 + b[3]! / 256 ** 4);
    expect(block1).not.toBe(hmacBlockHex(A, 0));
    // the first 8 floats do not depend on how many are asked for
    expect(floats(A, 8)).toEqual(fs.slice(0, 8));
    expect(blocksForFloats(8)).toBe(1);
    expect(blocksForFloats(9)).toBe(2);
    expect(blocksForFloats(52)).toBe(7);
  });

  it('the key is the server seed text and the message is client:nonce:round', () => {
    expect(hmacBlockHex({ ...A, nonce: 2 }, 0)).not.toBe(hmacBlockHex(A, 0));
    expect(hmacBlockHex({ ...A, clientSeed: 'x' }, 0)).not.toBe(hmacBlockHex(A, 0));
  });

  it('sha256Hex hashes the UTF-8 text', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('random seeds have the documented shape', () => {
    expect(randomServerSeed()).toMatch(/^[0-9a-f]{64}$/);
    expect(randomClientSeed()).toMatch(/^[0-9a-f]{10}$/);
    expect(randomServerSeed()).not.toBe(randomServerSeed());
  });
});

describe('outcomes against published vectors', () => {
  it('dice: Stake 2-decimal roll and our 4-decimal roll from the same float', () => {
    const fa = floats(A, 1)[0]!;
    const fb = floats(B, 1)[0]!;
    expect(stakeDiceRollFromFloat(fa)).toBe(77.18);
    expect(stakeDiceRollFromFloat(fb)).toBe(19.59);
    // floor(0.771740999306 * 1000001) / 10000 = floor(771741.770...) / 10000
    expect(diceRoll(A)).toBe(77.1741);
    expect(diceRoll(B)).toBe(19.5964);
    expect(diceRollFromFloat(0)).toBe(0);
    expect(diceRollFromFloat(0.99999999999)).toBe(100);
  });

  it('limbo and crash', () => {
    expect(limboResult(A)).toBe(1.28);
    expect(limboResult(B)).toBe(5.05);
    expect(crashPoint(A)).toBe(1.28);
    expect(crashPoint(B)).toBe(5.05);
  });

  it('roulette', () => {
    expect(roulettePocket(A)).toBe(28);
    expect(roulettePocket(B)).toBe(7);
  });

  it('keno draw order', () => {
    expect(kenoDraw(A)).toEqual([31, 36, 12, 32, 2, 8, 20, 10, 25, 17]);
    expect(kenoDraw(B)).toEqual([8, 19, 28, 29, 18, 30, 11, 13, 3, 2]);
  });

  it('card order', () => {
    expect(blackjackCards(A, 10).map((c) => c.label)).toEqual(['Q♦', 'K♠', '6♦', 'Q♥', '2♥', '4♠', '8♥', '5♦', '9♣', '7♥']);
  });

  it('52 cards: all indexes valid, first 8 from block 0 and the rest from blocks 1..6', () => {
    const cards = blackjackCards(A, 52);
    expect(cards).toHaveLength(52);
    for (const c of cards) {
      expect(c.index).toBeGreaterThanOrEqual(0);
      expect(c.index).toBeLessThan(52);
    }
    expect(cards.slice(0, 10)).toEqual(blackjackCards(A, 10));
    expect(cards[51]!.index).toBe(Math.floor(floats(A, 52)[51]! * 52));
  });

  it('mines: ordered removal over 0..24', () => {
    const fs = floats(A, 3);
    const pool = Array.from({ length: 25 }, (_, i) => i);
    const expected = fs.map((f) => pool.splice(Math.floor(f * pool.length), 1)[0]);
    expect(minePositions(A, 3)).toEqual(expected);
    // float 0 = 0.7717... → floor(0.7717 * 25) = 19
    expect(minePositions(A, 1)).toEqual([19]);
  });

  it('24 mines leave exactly one safe tile and crosses into blocks 1..2', () => {
    const m = minePositions(A, 24);
    expect(m).toHaveLength(24);
    expect(new Set(m).size).toBe(24);
    const safe = Array.from({ length: 25 }, (_, i) => i).filter((t) => !m.includes(t));
    expect(safe).toHaveLength(1);
    expect(() => minePositions(A, 25)).toThrow(RangeError);
    expect(() => minePositions(A, 0)).toThrow(RangeError);
  });

  it('plinko 16 rows: rights from floor(f*2), slot = count of rights', () => {
    const { rights, slot } = plinkoPath(A, 16);
    expect(rights).toHaveLength(16);
    expect(rights).toEqual(floats(A, 16).map((f) => f >= 0.5));
    expect(slot).toBe(rights.filter(Boolean).length);
    expect(rights[0]).toBe(true); // 0.7717 → right
    expect(plinkoPath(B, 8).rights[0]).toBe(false); // 0.1959 → left
  });
});

describe('properties (seeded)', () => {
  const seedArb = fc.record({
    serverSeed: fc.stringMatching(/^[0-9a-f]{64}$/),
    clientSeed: fc.string({ minLength: 1, maxLength: 20 }),
    nonce: fc.nat({ max: 1_000_000 }),
  });
  const params = { seed: 424242, numRuns: 200 };

  it('dice roll is in [0, 100] with at most 4 decimals', () => {
    fc.assert(
      fc.property(seedArb, (s) => {
        const r = diceRoll(s);
        return r >= 0 && r <= 100 && Math.abs(r * 10000 - Math.round(r * 10000)) < 1e-6;
      }),
      params,
    );
  });

  it('mines never repeat a cell', () => {
    fc.assert(
      fc.property(seedArb, fc.integer({ min: 1, max: 24 }), (s, m) => {
        const tiles = minePositions(s, m);
        return tiles.length === m && new Set(tiles).size === m && tiles.every((t) => t >= 0 && t <= 24);
      }),
      params,
    );
  });

  it('keno draws 10 distinct numbers of 1..40', () => {
    fc.assert(
      fc.property(seedArb, (s) => {
        const d = kenoDraw(s);
        return d.length === 10 && new Set(d).size === 10 && d.every((n) => Number.isInteger(n) && n >= 1 && n <= 40);
      }),
      params,
    );
  });

  it('limbo is at least 1 with 2 decimals; roulette in 0..36', () => {
    fc.assert(
      fc.property(seedArb, (s) => {
        const l = limboResult(s);
        const p = roulettePocket(s);
        return l >= 1 && Math.abs(l * 100 - Math.round(l * 100)) < 1e-6 && p >= 0 && p <= 36;
      }),
      params,
    );
  });
});

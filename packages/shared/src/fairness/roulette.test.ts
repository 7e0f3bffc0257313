import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SeedInput } from './engine';
import { roulettePocket } from './outcomes';
import {
  ROULETTE_WHEEL_ORDER,
  formatRouletteBets,
  parseRouletteBets,
  pocketColor,
  rouletteOutcomeText,
  settleRoulette,
  spotInfo,
  spotReturn,
  tableBets,
  type RouletteBet,
} from './roulette';

const A: SeedInput = { serverSeed: '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159', clientSeed: 'bb62964774', nonce: 1 };
const B: SeedInput = { serverSeed: 'a9a09f7f84c9dc6d4f46f9b702d8e7e211e1fc219ac10e1145c4ca032eb000c6', clientSeed: '3c83fc7e07', nonce: 3 };

describe('roulette pocket (published vectors)', () => {
  it('vector A lands on 28, vector B on 7', () => {
    expect(roulettePocket(A)).toBe(28);
    expect(roulettePocket(B)).toBe(7);
    expect(pocketColor(28)).toBe('black');
    expect(pocketColor(7)).toBe('red');
    expect(pocketColor(0)).toBe('green');
  });

  it('the wheel has each pocket once', () => {
    expect([...ROULETTE_WHEEL_ORDER].sort((a, b) => a - b)).toEqual(Array.from({ length: 37 }, (_, i) => i));
  });
});

describe('roulette payouts: every bet kind, a pocket inside, one outside, and 0', () => {
  // [spot, a pocket it covers, a pocket it does not, return multiplier]
  const cases: Array<[string, number, number, number]> = [
    ['17', 17, 18, 36],
    ['0', 0, 1, 36],
    ['17/18', 18, 19, 18],
    ['14/17', 14, 15, 18],
    ['0/2', 0, 4, 18],
    ['1st12', 12, 13, 3],
    ['2nd12', 13, 25, 3],
    ['3rd12', 36, 24, 3],
    ['col1', 34, 36, 3],
    ['col2', 2, 3, 3],
    ['col3', 36, 35, 3],
    ['1-18', 18, 19, 2],
    ['19-36', 19, 18, 2],
    ['even', 2, 3, 2],
    ['odd', 35, 36, 2],
    ['red', 1, 2, 2],
    ['black', 2, 1, 2],
  ];
  for (const [spot, inside, outside, multiplier] of cases) {
    it(`${spot} pays ${multiplier}× on ${inside}, nothing on ${outside}`, () => {
      expect(spotReturn(spot, inside)).toBe(multiplier);
      expect(spotReturn(spot, outside)).toBe(0);
    });
  }

  it('0 loses every outside bet', () => {
    for (const spot of ['1st12', '2nd12', '3rd12', 'col1', 'col2', 'col3', '1-18', '19-36', 'even', 'odd', 'red', 'black']) {
      expect(spotReturn(spot, 0), spot).toBe(0);
    }
  });

  it('knows which spots exist', () => {
    expect(spotInfo('37')).toBeNull();
    expect(spotInfo('3/4')).toBeNull(); // 3 and 4 are not neighbours on the layout
    expect(spotInfo('1/5')).toBeNull();
    expect(spotInfo('18/17')?.spot).toBe('17/18');
    expect(spotInfo('red')?.numbers).toHaveLength(18);
    expect(spotInfo('black')?.numbers).toEqual([2, 4, 6, 8, 10, 11, 13, 15, 17, 20, 22, 24, 26, 28, 29, 31, 33, 35]);
    expect(spotInfo('col1')?.numbers).toHaveLength(12);
    expect(() => spotReturn('nope', 1)).toThrow(RangeError);
  });

  it('settles the table in hundredths: a straight and an outside bet', () => {
    const bets: RouletteBet[] = [
      { spot: '28', cents: 10 },
      { spot: 'black', cents: 50 },
    ];
    expect(settleRoulette(bets, 28)).toEqual({ pocket: 28, stakeCents: 60, returnCents: 460, multiplier: 460 / 60, winners: ['28', 'black'] });
    expect(settleRoulette(bets, 7)).toMatchObject({ returnCents: 0, multiplier: 0, winners: [] });
    expect(settleRoulette(bets, 2)).toMatchObject({ returnCents: 100, winners: ['black'] });
    expect(rouletteOutcomeText(settleRoulette(bets, 28))).toBe('Pocket 28 (black) · bet 0.60 · return 4.60');
  });

  it('sums placements per spot and reads back its own text', () => {
    const placed = tableBets([
      { spot: '17', cents: 1 },
      { spot: 'red', cents: 100 },
      { spot: '17', cents: 5 },
    ]);
    expect(placed).toEqual([
      { spot: '17', cents: 6 },
      { spot: 'red', cents: 100 },
    ]);
    const text = formatRouletteBets(placed);
    expect(text).toBe('17:0.06, red:1.00');
    expect(parseRouletteBets(text)).toEqual({ bets: placed });
    expect(parseRouletteBets('')).toHaveProperty('error');
    expect(parseRouletteBets('17:0')).toHaveProperty('error');
    expect(parseRouletteBets('purple:1')).toHaveProperty('error');
    expect(parseRouletteBets('17:0.001')).toHaveProperty('error');
  });
});

describe('roulette property (seeded): engine and settlement agree with an independent computation', () => {
  const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
  /** Written from the rules again, without the module's tables. */
  function independentReturn(spot: string, p: number): number {
    if (/^\d+$/.test(spot)) return Number(spot) === p ? 36 : 0;
    if (spot.includes('/')) return spot.split('/').map(Number).includes(p) ? 18 : 0;
    if (p === 0) return 0;
    switch (spot) {
      case '1st12':
        return p <= 12 ? 3 : 0;
      case '2nd12':
        return p > 12 && p <= 24 ? 3 : 0;
      case '3rd12':
        return p > 24 ? 3 : 0;
      case 'col1':
        return (p - 1) % 3 === 0 ? 3 : 0;
      case 'col2':
        return (p - 2) % 3 === 0 ? 3 : 0;
      case 'col3':
        return p % 3 === 0 ? 3 : 0;
      case '1-18':
        return p <= 18 ? 2 : 0;
      case '19-36':
        return p >= 19 ? 2 : 0;
      case 'even':
        return p % 2 === 0 ? 2 : 0;
      case 'odd':
        return p % 2 === 1 ? 2 : 0;
      case 'red':
        return RED.has(p) ? 2 : 0;
      case 'black':
        return RED.has(p) ? 0 : 2;
    }
    throw new Error(spot);
  }
  /** Float 0 from node's HMAC, not the engine's. */
  function independentPocket(s: SeedInput): number {
    const b = createHmac('sha256', s.serverSeed).update(`${s.clientSeed}:${s.nonce}:0`).digest();
    const f = (((b[0]! * 256 + b[1]!) * 256 + b[2]!) * 256 + b[3]!) / 2 ** 32;
    return Math.floor(f * 37);
  }
  const spots = [
    ...Array.from({ length: 37 }, (_, i) => String(i)),
    '0/1',
    '0/3',
    '1/2',
    '2/3',
    '1/4',
    '33/36',
    '35/36',
    '20/23',
    '1st12',
    '2nd12',
    '3rd12',
    'col1',
    'col2',
    'col3',
    '1-18',
    '19-36',
    'even',
    'odd',
    'red',
    'black',
  ];
  const betArb = fc.record({ spot: fc.constantFrom(...spots), cents: fc.constantFrom(1, 5, 10, 50, 100) });

  it('pocket and payout', () => {
    fc.assert(
      fc.property(
        fc.record({
          serverSeed: fc.stringMatching(/^[0-9a-f]{64}$/),
          clientSeed: fc.string({ minLength: 1, maxLength: 20 }),
          nonce: fc.nat({ max: 1_000_000 }),
        }),
        fc.array(betArb, { minLength: 1, maxLength: 8 }),
        (seeds, bets) => {
          const pocket = roulettePocket(seeds);
          expect(pocket).toBe(independentPocket(seeds));
          const s = settleRoulette(bets, pocket);
          const expected = bets.reduce((sum, b) => sum + b.cents * independentReturn(b.spot, pocket), 0);
          expect(s.returnCents).toBe(expected);
          expect(s.stakeCents).toBe(bets.reduce((sum, b) => sum + b.cents, 0));
        },
      ),
      { seed: 1313, numRuns: 300 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import type { SeedInput } from './engine';
import { fairMultiplier, minesBoard, minesNextStep, minesPath, nextSafeChance, parsePastedRound, safeTiles, survivalChance } from './mines-assist';
import { minePositions } from './outcomes';
import { minesMultiplier } from './payouts';

// Published vectors (provably-fair.md), the ones the mines game's verifier is tested with.
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

describe('mines assist: exact chances', () => {
  it('3 mines: the first pick is safe 22/25, the second 21/24, two in a row 77/100', () => {
    expect(nextSafeChance(3, 0)).toEqual({ num: 22, den: 25, value: 22 / 25 });
    expect(nextSafeChance(3, 1)).toEqual({ num: 7, den: 8, value: 21 / 24 });
    expect(survivalChance(3, 2)).toEqual({ num: 77, den: 100, value: 0.77 });
    // C(22, 5) / C(25, 5) = 26334 / 53130 = 57 / 115
    expect(survivalChance(3, 5)).toMatchObject({ num: 57, den: 115 });
  });

  it('1 mine: 24/25, then 23/24; all 24 gems 1/25', () => {
    expect(nextSafeChance(1, 0)).toMatchObject({ num: 24, den: 25 });
    expect(nextSafeChance(1, 1)).toMatchObject({ num: 23, den: 24 });
    expect(survivalChance(1, 24)).toMatchObject({ num: 1, den: 25 });
  });

  it('24 mines: one safe tile, 1/25; no next tile after it', () => {
    expect(safeTiles(24)).toBe(1);
    expect(nextSafeChance(24, 0)).toMatchObject({ num: 1, den: 25 });
    expect(nextSafeChance(24, 1)).toMatchObject({ num: 0, value: 0 });
    expect(minesNextStep(24, 1)).toMatchObject({ nextPayout: null, nextFairMultiplier: null });
  });

  it('12 mines, 13 gems: 1 / C(25, 13) = 1/5200300', () => {
    expect(survivalChance(12, 13)).toMatchObject({ num: 1, den: 5_200_300 });
    expect(fairMultiplier(12, 13)).toBe(5_200_300);
  });

  it('fair multiplier = 1 / chance; the game pays 99% of it (the game table itself)', () => {
    expect(fairMultiplier(3, 1)).toBeCloseTo(25 / 22, 12);
    expect(fairMultiplier(5, 2)).toBeCloseTo(300 / 190, 12);
    for (const m of [1, 3, 5, 10, 24]) {
      for (let k = 1; k <= safeTiles(m); k += 1) {
        expect(minesMultiplier(m, k) / fairMultiplier(m, k)).toBeCloseTo(0.99, 10);
      }
    }
  });

  it('refuses counts outside the game', () => {
    expect(() => nextSafeChance(0, 0)).toThrow(RangeError);
    expect(() => nextSafeChance(25, 0)).toThrow(RangeError);
    expect(() => nextSafeChance(3, 23)).toThrow(RangeError);
    expect(() => survivalChance(3, -1)).toThrow(RangeError);
  });
});

describe('mines assist: the path table', () => {
  it('has 25 − mines rows, the game payouts and EV = bet × chance × payout − bet (−1% at every row)', () => {
    const rows = minesPath(3, 10);
    expect(rows).toHaveLength(22);
    expect(rows[0]).toMatchObject({ picks: 1, stepChance: { num: 22, den: 25 }, survival: { num: 22, den: 25 } });
    expect(rows[0]!.payout).toBeCloseTo((0.99 * 25) / 22, 12);
    expect(rows[1]!.payout).toBe(minesMultiplier(3, 2));
    for (const row of rows) expect(row.expectedValue).toBeCloseTo(-0.1, 9);
    expect(rows.at(-1)).toMatchObject({ picks: 22, survival: { num: 1, den: 2300 } });
    expect(minesPath(20, 1)).toHaveLength(5);
  });

  it('the next step after revealed gems: chance and payouts now and next', () => {
    expect(minesNextStep(3, 0)).toMatchObject({ chance: { num: 22, den: 25 }, currentPayout: 1 });
    const step = minesNextStep(3, 1);
    expect(step.chance).toMatchObject({ num: 7, den: 8 });
    expect(step.currentPayout).toBeCloseTo((0.99 * 25) / 22, 12);
    expect(step.nextPayout).toBeCloseTo((0.99 * 300) / 231, 12);
    expect(step.nextFairMultiplier).toBeCloseTo(300 / 231, 12);
  });
});

describe('mines assist: the verifier is the mines game verifier', () => {
  it('vector A: 1 mine at tile 19 (the game Verify tab: "Mines at 19")', () => {
    const board = minesBoard(A, 1);
    expect(board.mines).toEqual([19]);
    expect(board.tiles.filter(Boolean)).toHaveLength(1);
    expect(board.tiles[19]).toBe(true);
  });

  it('draws the same mines, in the same order, as the game engine for any count', () => {
    for (const seeds of [A, B]) {
      for (const m of [1, 3, 10, 24]) {
        const board = minesBoard(seeds, m);
        expect(board.mines).toEqual(minePositions(seeds, m));
        expect(board.tiles.map((t, i) => (t ? i : -1)).filter((i) => i >= 0)).toEqual([...board.mines].sort((x, y) => x - y));
      }
    }
  });

  it('reads a pasted round as lines or JSON', () => {
    expect(parsePastedRound('Server seed: abc\nClient seed: def\nNonce: 4\nMines: 3')).toEqual({ serverSeed: 'abc', clientSeed: 'def', nonce: 4, mines: 3 });
    expect(parsePastedRound('{"serverSeed":"x","clientSeed":"y","nonce":0}')).toEqual({ serverSeed: 'x', clientSeed: 'y', nonce: 0 });
    expect(parsePastedRound('nothing here')).toEqual({});
  });
});

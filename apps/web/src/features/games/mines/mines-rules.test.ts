import { describe, expect, it } from 'vitest';
import {
  IDLE_ROUND,
  MINES_CHOICES,
  canCashout,
  cashout,
  currentMultiplier,
  dealRound,
  nextMultiplier,
  playAutoRound,
  revealTile,
  settleRound,
  toggleAutoPick,
} from './mines-rules';

const board = [3, 7, 12]; // 3 mines

describe('mines round', () => {
  it('offers 1 to 24 mines', () => {
    expect(MINES_CHOICES[0]).toBe(1);
    expect(MINES_CHOICES.at(-1)).toBe(24);
    expect(MINES_CHOICES).toHaveLength(24);
  });

  it('Cashout is disabled until a cell is revealed', () => {
    expect(canCashout(IDLE_ROUND)).toBe(false);
    const round = dealRound(board, 0);
    expect(canCashout(round)).toBe(false);
    expect(cashout(round)).toBe(round);
    const revealed = revealTile(round, 0);
    expect(canCashout(revealed)).toBe(true);
    const cashed = cashout(revealed);
    expect(cashed.status).toBe('cashed');
    expect(canCashout(cashed)).toBe(false);
  });

  it('a bomb ends the round as lost', () => {
    const lost = revealTile(revealTile(dealRound(board, 0), 0), 7);
    expect(lost.status).toBe('lost');
    expect(lost.hitMine).toBe(7);
    expect(canCashout(lost)).toBe(false);
    expect(settleRound(lost)).toEqual({ win: false, multiplier: 0 });
    // nothing more can be revealed
    expect(revealTile(lost, 1)).toBe(lost);
  });

  it('ignores a tile revealed twice', () => {
    const round = revealTile(dealRound(board, 0), 0);
    expect(revealTile(round, 0)).toBe(round);
  });

  it('shows the current and next multipliers: 0.99 × C(25, k) / C(25 − m, k)', () => {
    let round = dealRound(board, 0);
    expect(currentMultiplier(round)).toBe(1);
    expect(nextMultiplier(round)).toBeCloseTo((0.99 * 25) / 22, 10);
    round = revealTile(round, 0);
    expect(currentMultiplier(round)).toBeCloseTo((0.99 * 25) / 22, 10);
    expect(nextMultiplier(round)).toBeCloseTo((0.99 * 300) / 231, 10);
    expect(settleRound(cashout(round))).toEqual({ win: true, multiplier: currentMultiplier(round) });
  });

  it('cashes out by itself when every safe tile is revealed', () => {
    const mines = Array.from({ length: 24 }, (_, i) => i + 1); // only tile 0 is safe
    const round = revealTile(dealRound(mines, 5), 0);
    expect(round.status).toBe('cashed');
    expect(nextMultiplier(round)).toBeNull();
    expect(currentMultiplier(round)).toBeCloseTo(0.99 * 25, 10);
  });
});

describe('mines auto', () => {
  it('picks at most the safe tiles', () => {
    let picks: number[] = [];
    for (let t = 0; t < 25; t += 1) picks = toggleAutoPick(picks, t, 20);
    expect(picks).toEqual([0, 1, 2, 3, 4]);
    expect(toggleAutoPick(picks, 2, 20)).toEqual([0, 1, 3, 4]);
  });

  it('reveals the picks in order and cashes out, or stops at a bomb', () => {
    const won = playAutoRound(board, [0, 1, 2], 4);
    expect(won.status).toBe('cashed');
    expect(settleRound(won)?.multiplier).toBeCloseTo(currentMultiplier(won), 10);
    const lost = playAutoRound(board, [0, 3, 1], 4);
    expect(lost.status).toBe('lost');
    expect(lost.revealed).toEqual([0, 3]);
  });
});

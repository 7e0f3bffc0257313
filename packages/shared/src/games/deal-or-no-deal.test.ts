import { describe, expect, it } from 'vitest';
import {
  DEAL_OR_NO_DEAL_PRESETS,
  bankerOffer,
  bankerSharePercent,
  dealOrNoDealBoard,
  dealOrNoDealStage,
  openingSchedule,
  unopenedValues,
} from './deal-or-no-deal';

const seeds = { serverSeed: '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159', clientSeed: 'bb62964774', nonce: 1 };

describe('Deal or No Deal', () => {
  it('opens 6, 5, 4, 3, 2 then one at a time on 26 cases, and 5, 4, 3, 2 on 16, leaving one case beside the own one', () => {
    expect(openingSchedule(26)).toEqual([6, 5, 4, 3, 2, 1, 1, 1, 1]);
    expect(openingSchedule(16)).toEqual([5, 4, 3, 2]);
    for (const size of [16, 26] as const) {
      expect(openingSchedule(size).reduce((a, b) => a + b, 0)).toBe(size - 2);
      expect(DEAL_OR_NO_DEAL_PRESETS[size]).toHaveLength(size);
    }
  });

  it('offers the expected value of the unopened cases times a share rising from 25% to 90%, in whole points rounded down', () => {
    expect(bankerSharePercent(1, 9)).toBe(25);
    expect(bankerSharePercent(9, 9)).toBe(90);
    expect(bankerSharePercent(2, 4)).toBeCloseTo(46.6667, 4);
    for (let r = 2; r <= 9; r += 1) expect(bankerSharePercent(r, 9)).toBeGreaterThan(bankerSharePercent(r - 1, 9));
    // Mean of [100, 300] = 200; 25% = 50; 90% = 180.
    expect(bankerOffer([100, 300], 1, 9)).toBe(50);
    expect(bankerOffer([100, 300], 9, 9)).toBe(180);
    // Mean 1000/3; round 2 of 4 is 46.666...%: 155.55... → 155.
    expect(bankerOffer([1, 499, 500], 2, 4)).toBe(155);
    expect(bankerOffer([7], 3, 4)).toBe(Math.floor((7 * (25 * 3 + 65 * 2)) / 300));
    expect(bankerOffer([], 1, 4)).toBe(0);
    // The 26 preset's first offer: 25% of its mean, rounded down.
    const preset = DEAL_OR_NO_DEAL_PRESETS[26];
    const sum = preset.reduce((a, b) => a + b, 0);
    expect(bankerOffer(preset, 1, 9)).toBe(Math.floor(sum / 26 / 4));
  });

  it('shuffles the board reproducibly from the seeds, a permutation of the values', () => {
    const values = DEAL_OR_NO_DEAL_PRESETS[26];
    const board = dealOrNoDealBoard(seeds, values);
    expect(dealOrNoDealBoard(seeds, values)).toEqual(board);
    expect([...board].sort((a, b) => a - b)).toEqual([...values]);
    expect(board).not.toEqual(values);
    expect(dealOrNoDealBoard({ ...seeds, nonce: 2 }, values)).not.toEqual(board);
    // The first swap uses float 0 (0.771740999306..., published): j = floor(0.7717 × 26) = 20.
    const moved = dealOrNoDealBoard(
      seeds,
      Array.from({ length: 26 }, (_, i) => i),
    );
    expect(moved[25]).toBe(20);
  });

  it('maps floats to every position evenly (Fisher–Yates over the engine stream)', () => {
    const counts = Array.from({ length: 16 }, () => 0);
    const trials = 3200;
    const values = Array.from({ length: 16 }, (_, i) => i);
    for (let nonce = 0; nonce < trials; nonce += 1) {
      const board = dealOrNoDealBoard({ ...seeds, nonce }, values);
      counts[board.indexOf(0)]! += 1;
    }
    // 200 expected per position; a fair shuffle stays well within ±60 here (about 4 standard deviations).
    for (const c of counts) expect(Math.abs(c - trials / 16)).toBeLessThan(60);
  });

  it('walks the stages: pick, open per schedule, offer, final, done', () => {
    const board = dealOrNoDealBoard(seeds, DEAL_OR_NO_DEAL_PRESETS[16]);
    expect(dealOrNoDealStage(16, { ownCase: null, opened: [], offers: [], finished: false }).stage).toBe('pick');
    expect(dealOrNoDealStage(16, { ownCase: 3, opened: [1, 2], offers: [], finished: false })).toEqual({ stage: 'open', toOpen: 3, round: 1 });
    const offer = { round: 1, amount: 10, sharePercent: 25, answer: null };
    expect(dealOrNoDealStage(16, { ownCase: 3, opened: [1, 2, 4, 5, 6], offers: [offer], finished: false }).stage).toBe('offer');
    const noDeal = { ...offer, answer: 'no_deal' as const };
    expect(dealOrNoDealStage(16, { ownCase: 3, opened: [1, 2, 4, 5, 6], offers: [noDeal], finished: false })).toEqual({ stage: 'open', toOpen: 4, round: 2 });
    expect(dealOrNoDealStage(16, { ownCase: 3, opened: [], offers: [noDeal, noDeal, noDeal, noDeal], finished: false }).stage).toBe('final');
    expect(unopenedValues(board, [1, 2])).toEqual(board.slice(2));
  });
});

import { describe, expect, it } from 'vitest';
import { floats, type SeedInput } from './engine';
import {
  DDG_DIFFICULTIES,
  DDG_DIFFICULTY_LABELS,
  ddgGooseChance,
  ddgHunt,
  ddgIsGoose,
  ddgMultiplier,
  ddgRound,
  ddgRoundFromFloats,
  ddgStep,
  isDdgDifficulty,
} from './duck-duck-goose';

// Published vectors (/work/shared/games/provably-fair.md): float 0 of A is 0.7717..., of B 0.1959...
const A: SeedInput = { serverSeed: '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159', clientSeed: 'bb62964774', nonce: 1 };
const B: SeedInput = { serverSeed: 'a9a09f7f84c9dc6d4f46f9b702d8e7e211e1fc219ac10e1145c4ca032eb000c6', clientSeed: '3c83fc7e07', nonce: 3 };

/** The steps of provably-fair.md as fractions num/den, to check the return in exact integer arithmetic. */
const STEPS_AS_FRACTIONS = { pleb: [1n, 5n], easy: [1n, 2n], medium: [1n, 1n], hard: [2n, 1n], expert: [5n, 1n], genius: [10n, 1n] } as const;

describe('duck duck goose rules', () => {
  it('has the six difficulties of spec 2 §9 with the steps of provably-fair.md (Medium: 1)', () => {
    expect(DDG_DIFFICULTIES.map((d) => DDG_DIFFICULTY_LABELS[d])).toEqual(['Pleb', 'Easy', 'Medium', 'Hard', 'Expert', 'Genius']);
    expect(DDG_DIFFICULTIES.map(ddgStep)).toEqual([0.2, 0.5, 1, 2, 5, 10]);
    expect(isDdgDifficulty('medium')).toBe(true);
    expect(isDdgDifficulty('Medium')).toBe(false);
  });

  it('the multiplier is 1 before a goose and rises by the step with each goose: M_k = 1 + k * s', () => {
    expect([0, 1, 2, 3].map((k) => ddgMultiplier('medium', k))).toEqual([1, 2, 3, 4]);
    expect([0, 1, 2, 3, 4, 5].map((k) => ddgMultiplier('pleb', k))).toEqual([1, 1.2, 1.4, 1.6, 1.8, 2]);
    expect([1, 2].map((k) => ddgMultiplier('easy', k))).toEqual([1.5, 2]);
    expect(ddgMultiplier('hard', 3)).toBe(7);
    expect(ddgMultiplier('expert', 2)).toBe(11);
    expect(ddgMultiplier('genius', 1)).toBe(11);
  });

  it('odds: p_1 = 0.99 / M_1 and p_k = M_(k-1) / M_k', () => {
    expect(ddgGooseChance('medium', 1)).toBeCloseTo(0.495, 15);
    expect(ddgGooseChance('medium', 2)).toBeCloseTo(2 / 3, 15);
    expect(ddgGooseChance('medium', 3)).toBeCloseTo(3 / 4, 15);
    expect(ddgGooseChance('pleb', 1)).toBeCloseTo(0.825, 15);
    expect(ddgGooseChance('pleb', 2)).toBeCloseTo(1.2 / 1.4, 15);
    expect(ddgGooseChance('genius', 1)).toBeCloseTo(0.09, 15);
    expect(ddgGooseChance('genius', 2)).toBeCloseTo(11 / 21, 15);
    for (const d of DDG_DIFFICULTIES) {
      for (let k = 2; k <= 10; k += 1) expect(ddgGooseChance(d, k)).toBeCloseTo(ddgMultiplier(d, k - 1) / ddgMultiplier(d, k), 15);
    }
    expect(() => ddgGooseChance('medium', 0)).toThrow(RangeError);
  });

  it.each(DDG_DIFFICULTIES)('%s: a cash-out after k geese returns exactly 99%% (k = 1..5)', (difficulty) => {
    const [num, den] = STEPS_AS_FRACTIONS[difficulty];
    expect(Number(num) / Number(den)).toBe(ddgStep(difficulty));
    // M_k = (den + k * num) / den. P(k geese) * M_k = p_1 * ... * p_k * M_k, kept as one fraction.
    const m = (k: bigint) => [den + k * num, den] as const;
    for (let k = 1n; k <= 5n; k += 1n) {
      let top = 99n * m(1n)[1];
      let bottom = 100n * m(1n)[0];
      for (let j = 2n; j <= k; j += 1n) {
        top *= m(j - 1n)[0] * m(j)[1];
        bottom *= m(j - 1n)[1] * m(j)[0];
      }
      top *= m(k)[0];
      bottom *= m(k)[1];
      expect(top * 100n, `k = ${k}`).toBe(bottom * 99n);

      // and in the floating point the game uses
      let chance = 1;
      for (let j = 1; j <= Number(k); j += 1) chance *= ddgGooseChance(difficulty, j);
      expect(chance * ddgMultiplier(difficulty, Number(k))).toBeCloseTo(0.99, 12);
    }
  });

  it('hunt k is a goose when float k - 1 is below p_k', () => {
    expect(ddgIsGoose(0.494, 'medium', 1)).toBe(true);
    expect(ddgIsGoose(0.495, 'medium', 1)).toBe(false);
    expect(ddgIsGoose(0.66, 'medium', 2)).toBe(true);
    expect(ddgIsGoose(0.67, 'medium', 2)).toBe(false);
    // A: float 0 = 0.7717 → duck on Medium (p_1 = 0.495), goose on Pleb (p_1 = 0.825)
    expect(ddgHunt(A, 'medium', 1)).toBe('duck');
    expect(ddgHunt(A, 'pleb', 1)).toBe('goose');
    // B: float 0 = 0.1959 → goose on Medium, duck on Genius (p_1 = 0.09)
    expect(ddgHunt(B, 'medium', 1)).toBe('goose');
    expect(ddgHunt(B, 'genius', 1)).toBe('duck');
  });

  it('a round stops at its first duck and pays M_k after k geese', () => {
    expect(ddgRoundFromFloats([0.1, 0.5, 0.7], 'medium')).toEqual({ hunts: ['goose', 'goose', 'goose'], geese: 3, isLost: false, multiplier: 4 });
    expect(ddgRoundFromFloats([0.1, 0.9, 0.1], 'medium')).toEqual({ hunts: ['goose', 'duck'], geese: 1, isLost: true, multiplier: 0 });
    expect(ddgRoundFromFloats([0.6], 'medium')).toEqual({ hunts: ['duck'], geese: 0, isLost: true, multiplier: 0 });
    const fs = floats(B, 4);
    expect(ddgRound(B, 'easy', 4)).toEqual(ddgRoundFromFloats(fs, 'easy'));
    expect(ddgRound(A, 'medium', 3)).toEqual({ hunts: ['duck'], geese: 0, isLost: true, multiplier: 0 });
    expect(() => ddgRound(A, 'medium', 0)).toThrow(RangeError);
  });
});

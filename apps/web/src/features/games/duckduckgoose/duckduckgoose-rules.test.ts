import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { floats } from '@app/shared/fairness/engine';
import { DDG_DIFFICULTIES, type DdgDifficulty } from '@app/shared/fairness/duck-duck-goose';
import { SEEDS_ARBITRARY, TEST_SEEDS } from '../test-utils';
import {
  canCashout,
  cashout,
  geeseOf,
  indicatorSlot,
  indicatorSteps,
  land,
  nextHunt,
  nextOdds,
  playAutoRound,
  roundMultiplier,
  settleRound,
  shownMultiplier,
  startRound,
  type DdgRoundState,
} from './duckduckgoose-rules';

// Seeds whose float 0 is 0.1959… (goose on Medium) and float 1 is 0.4583… (goose on Medium: p_2 = 2/3).
const B = { serverSeed: 'a9a09f7f84c9dc6d4f46f9b702d8e7e211e1fc219ac10e1145c4ca032eb000c6', clientSeed: '3c83fc7e07', nonce: 3 };

describe('duck duck goose round', () => {
  it('a goose raises the multiplier by the step (Medium: 1), Hunt Again continues, Cashout pays and resets to 1', () => {
    let round = startRound(B, 'medium', 2);
    expect(shownMultiplier(round)).toBe(1);
    expect(canCashout(round)).toBe(false);
    expect(nextHunt(round)).toBe('goose');
    round = land(round, nextHunt(round));
    expect(geeseOf(round)).toBe(1);
    expect(shownMultiplier(round)).toBe(2);
    expect(canCashout(round)).toBe(true);
    expect(nextOdds(round, 'medium')).toEqual({ chance: 2 / 3, multiplier: 3 });
    round = land(round, nextHunt(round));
    expect(round.hunts).toEqual(['goose', 'goose']);
    expect(shownMultiplier(round)).toBe(3);
    const cashed = cashout(round);
    expect(cashed.status).toBe('cashed');
    expect(roundMultiplier(cashed)).toBe(3);
    expect(shownMultiplier(cashed)).toBe(1);
    expect(settleRound(cashed)).toEqual({ win: true, multiplier: 3, payout: 6 });
    expect(land(cashed, 'goose')).toBe(cashed);
  });

  it('a duck loses the bet and the multiplier goes back to 1', () => {
    const round = startRound(TEST_SEEDS, 'medium', 1);
    expect(nextHunt(round)).toBe('duck'); // float 0 = 0.7717 ≥ 0.495
    const lost = land(land(startRound(B, 'hard', 1), 'goose'), 'duck');
    expect(lost.status).toBe('lost');
    expect(shownMultiplier(lost)).toBe(1);
    expect(canCashout(lost)).toBe(false);
    expect(cashout(lost)).toBe(lost);
    expect(settleRound(lost)).toEqual({ win: false, multiplier: 0, payout: 0 });
    expect(settleRound(startRound(B, 'hard', 1))).toBeNull();
  });

  it('odds before a round follow the chosen difficulty', () => {
    expect(nextOdds(null, 'genius')).toEqual({ chance: 0.99 / 11, multiplier: 11 });
    expect(nextOdds(null, 'pleb').multiplier).toBe(1.2);
  });

  it('auto hunts to the target and cashes out, or stops at a duck', () => {
    expect(playAutoRound(B, 'medium', 1, 2)).toMatchObject({ status: 'cashed', hunts: ['goose', 'goose'] });
    expect(playAutoRound(TEST_SEEDS, 'medium', 1, 3)).toMatchObject({ status: 'lost', hunts: ['duck'] });
  });

  it('the indicator makes 20 to 29 steps over the 8 slots', () => {
    expect(indicatorSteps(() => 0)).toBe(20);
    expect(indicatorSteps(() => 0.999999)).toBe(29);
    expect(indicatorSteps(() => 0.5)).toBe(25);
    expect(indicatorSlot(0, 27)).toBe(3);
    expect(indicatorSlot(6, 20)).toBe(2);
  });
});

describe('duck duck goose: engine and settlement agree with an independent computation (seeded)', () => {
  const STEP: Record<DdgDifficulty, number> = { pleb: 0.2, easy: 0.5, medium: 1, hard: 2, expert: 5, genius: 10 };

  it('hunt by hunt play, then cash-out, against the floats', () => {
    fc.assert(
      fc.property(
        SEEDS_ARBITRARY,
        fc.constantFrom(...DDG_DIFFICULTIES),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 100_000 }),
        (seeds, difficulty, target, cents) => {
          const bet = cents / 100;
          // the game: hunt until a duck or `target` geese, then cash out
          let round: DdgRoundState = startRound(seeds, difficulty, bet);
          while (round.status === 'open' && geeseOf(round) < target) round = land(round, nextHunt(round));
          round = cashout(round);
          const settled = settleRound(round)!;

          // independently: hunt j is a goose when f_(j-1) × M_j < M_(j-1) (M_0 taken as 0.99), M_j = 1 + j × s
          const s = STEP[difficulty];
          const fs = floats(seeds, target);
          let geese = 0;
          while (geese < target && fs[geese]! * (1 + (geese + 1) * s) < (geese === 0 ? 0.99 : 1 + geese * s)) geese += 1;
          const isLost = geese < target;
          const payout = isLost ? 0 : bet * (1 + geese * s);

          const auto = settleRound(playAutoRound(seeds, difficulty, bet, target))!;
          return (
            geeseOf(round) === geese &&
            settled.win === !isLost &&
            Math.abs(settled.payout - payout) < 1e-9 * Math.max(1, payout) &&
            auto.win === settled.win &&
            auto.payout === settled.payout
          );
        },
      ),
      { seed: 13_2027, numRuns: 300 },
    );
  });
});

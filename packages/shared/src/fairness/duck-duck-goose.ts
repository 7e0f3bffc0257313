/**
 * Duck Duck Goose, as /work/shared/games/provably-fair.md defines it (ours, not Stake's):
 * each difficulty has a step s; after k geese the multiplier is M_k = 1 + k * s. Hunt 1 finds a goose with
 * probability p_1 = 0.99 / M_1, hunt k > 1 with p_k = M_(k-1) / M_k, so a cash-out after any number of geese
 * returns 99%. Hunt k of a round (one nonce) uses float k - 1 and is a goose when f < p_k. The indicator's
 * steps and the slot it lands on are animation only.
 */
import { floats, type SeedInput } from './engine';

export const DDG_DIFFICULTIES = ['pleb', 'easy', 'medium', 'hard', 'expert', 'genius'] as const;
export type DdgDifficulty = (typeof DDG_DIFFICULTIES)[number];

export const DDG_DIFFICULTY_LABELS: Record<DdgDifficulty, string> = {
  pleb: 'Pleb',
  easy: 'Easy',
  medium: 'Medium',
  hard: 'Hard',
  expert: 'Expert',
  genius: 'Genius',
};

/**
 * The step s in tenths (Pleb 0.2, Easy 0.5, Medium 1, Hard 2, Expert 5, Genius 10). Integers, so that
 * M_k = (10 + k * t) / 10 is one correctly rounded division and 1 + 3 * 0.2 never shows as 1.6000000000000001.
 */
const STEP_TENTHS: Record<DdgDifficulty, number> = { pleb: 2, easy: 5, medium: 10, hard: 20, expert: 50, genius: 100 };

const DDG_RETURN = 0.99;
export const DDG_SLOTS = 8;

export function isDdgDifficulty(v: string): v is DdgDifficulty {
  return (DDG_DIFFICULTIES as readonly string[]).includes(v);
}

/** The step s of a difficulty (how much each goose adds to the multiplier). */
export function ddgStep(difficulty: DdgDifficulty): number {
  return STEP_TENTHS[difficulty] / 10;
}

/** M_k = 1 + k * s: the multiplier after `geese` geese (1 before the first). */
export function ddgMultiplier(difficulty: DdgDifficulty, geese: number): number {
  return (10 + geese * STEP_TENTHS[difficulty]) / 10;
}

/** p_k: the probability that hunt `hunt` (1-based) finds a goose, given the hunts before it did. */
export function ddgGooseChance(difficulty: DdgDifficulty, hunt: number): number {
  if (!Number.isInteger(hunt) || hunt < 1) throw new RangeError('hunt must be 1 or more');
  const t = STEP_TENTHS[difficulty];
  if (hunt === 1) return (DDG_RETURN * 10) / (10 + t);
  return (10 + (hunt - 1) * t) / (10 + hunt * t);
}

/** Hunt `hunt` (1-based) is a goose when its float is below p_hunt. */
export function ddgIsGoose(f: number, difficulty: DdgDifficulty, hunt: number): boolean {
  return f < ddgGooseChance(difficulty, hunt);
}

export type DdgHunt = 'goose' | 'duck';

type DdgRound = {
  /** The hunts played, in order; a duck is always the last. */
  hunts: DdgHunt[];
  geese: number;
  isLost: boolean;
  /** The cash-out multiplier after these hunts (0 once a duck was found). */
  multiplier: number;
};

/**
 * The first `hunts` hunts of the round of `seeds` (hunt k uses float k - 1). A duck ends the round, so the
 * hunts after it are not played.
 */
export function ddgRound(seeds: SeedInput, difficulty: DdgDifficulty, hunts: number): DdgRound {
  if (!Number.isInteger(hunts) || hunts < 1) throw new RangeError('hunts must be 1 or more');
  return ddgRoundFromFloats(floats(seeds, hunts), difficulty);
}

/** The same from the floats: hunt k is decided by fs[k - 1]. */
export function ddgRoundFromFloats(fs: readonly number[], difficulty: DdgDifficulty): DdgRound {
  const hunts: DdgHunt[] = [];
  for (const [i, f] of fs.entries()) {
    const isGoose = ddgIsGoose(f, difficulty, i + 1);
    hunts.push(isGoose ? 'goose' : 'duck');
    if (!isGoose) return { hunts, geese: i, isLost: true, multiplier: 0 };
  }
  return { hunts, geese: hunts.length, isLost: false, multiplier: ddgMultiplier(difficulty, hunts.length) };
}

/** The outcome of hunt `hunt` (1-based) of the round of `seeds`, whatever the hunts before it found. */
export function ddgHunt(seeds: SeedInput, difficulty: DdgDifficulty, hunt: number): DdgHunt {
  return ddgIsGoose(floats(seeds, hunt)[hunt - 1]!, difficulty, hunt) ? 'goose' : 'duck';
}

/**
 * Duck Duck Goose rules (spec 2 §2, §4 Duck Duck Goose, §9): pure functions the screen and its
 * tests share. Whether a hunt finds a goose comes from the provably-fair engine (hunt k of the round's nonce
 * uses float k − 1, packages/shared/src/fairness/duck-duck-goose.ts); the indicator's steps and the slot it
 * lands on are animation only.
 */
import type { SeedInput } from '@app/shared/fairness/engine';
import { DDG_SLOTS, ddgGooseChance, ddgHunt, ddgMultiplier, ddgRound, type DdgDifficulty, type DdgHunt } from '@app/shared/fairness/duck-duck-goose';
import { formatMultiplier } from '../format';

export { DDG_SLOTS };
/** spec 2 §9: the indicator moves every 200 ms for 20 to 29 steps. */
export const DDG_STEP_MS = 200;
const DDG_MIN_STEPS = 20;
const DDG_MAX_STEPS = 29;
export const DDG_DEFAULT_DIFFICULTY: DdgDifficulty = 'medium';

type DdgStatus = 'open' | 'lost' | 'cashed';

export type DdgRoundState = {
  status: DdgStatus;
  difficulty: DdgDifficulty;
  seeds: SeedInput;
  bet: number;
  /** The hunts landed so far, in order. */
  hunts: readonly DdgHunt[];
};

/** spec 2 §4: Bet starts a round (one bet, one nonce); its first hunt follows at once. */
export function startRound(seeds: SeedInput, difficulty: DdgDifficulty, bet: number): DdgRoundState {
  return { status: 'open', difficulty, seeds, bet, hunts: [] };
}

export function geeseOf(round: DdgRoundState): number {
  return round.hunts.filter((h) => h === 'goose').length;
}

/** The engine's answer for the next hunt of an open round (hunt k uses float k − 1). */
export function nextHunt(round: DdgRoundState): DdgHunt {
  return ddgHunt(round.seeds, round.difficulty, round.hunts.length + 1);
}

/** A landing: a goose keeps the round open, a duck loses the bet. */
export function land(round: DdgRoundState, hunt: DdgHunt): DdgRoundState {
  if (round.status !== 'open') return round;
  return { ...round, hunts: [...round.hunts, hunt], status: hunt === 'goose' ? 'open' : 'lost' };
}

/** Cashout needs an open round with at least one goose. */
export function canCashout(round: DdgRoundState | null): boolean {
  return round !== null && round.status === 'open' && geeseOf(round) > 0;
}

export function cashout(round: DdgRoundState): DdgRoundState {
  return canCashout(round) ? { ...round, status: 'cashed' } : round;
}

/** The multiplier a cash-out would pay now: M_k after k geese. */
export function roundMultiplier(round: DdgRoundState): number {
  return ddgMultiplier(round.difficulty, geeseOf(round));
}

/**
 * The multiplier on screen: M_k while the round is open; back to 1 after a duck (spec: the bet is lost) and
 * after a cash-out (spec 2 §4: Cashout resets it to 1).
 */
export function shownMultiplier(round: DdgRoundState | null): number {
  return round && round.status === 'open' ? roundMultiplier(round) : 1;
}

/** The chance that the next hunt finds a goose, and the multiplier it would give. */
export function nextOdds(round: DdgRoundState | null, difficulty: DdgDifficulty): { chance: number; multiplier: number } {
  const geese = round && round.status === 'open' ? geeseOf(round) : 0;
  const d = round && round.status === 'open' ? round.difficulty : difficulty;
  return { chance: ddgGooseChance(d, geese + 1), multiplier: ddgMultiplier(d, geese + 1) };
}

type DdgSettlement = { win: boolean; multiplier: number; payout: number };

/** A finished round's bet: a cash-out pays bet × M_k; a duck pays nothing. */
export function settleRound(round: DdgRoundState): DdgSettlement | null {
  if (round.status === 'cashed') {
    const multiplier = roundMultiplier(round);
    return { win: true, multiplier, payout: round.bet * multiplier };
  }
  if (round.status === 'lost') return { win: false, multiplier: 0, payout: 0 };
  return null;
}

/** Auto: hunt until `geese` geese (then cash out) or a duck, the same engine answers as by hand. */
export function playAutoRound(seeds: SeedInput, difficulty: DdgDifficulty, bet: number, geese: number): DdgRoundState {
  const result = ddgRound(seeds, difficulty, geese);
  const round: DdgRoundState = { status: result.isLost ? 'lost' : 'open', difficulty, seeds, bet, hunts: result.hunts };
  return result.isLost ? round : cashout(round);
}

// ---------- The indicator (animation only) ----------

/** 20 to 29 steps; `random` returns [0, 1). */
export function indicatorSteps(random: () => number): number {
  return DDG_MIN_STEPS + Math.min(DDG_MAX_STEPS - DDG_MIN_STEPS, Math.floor(random() * (DDG_MAX_STEPS - DDG_MIN_STEPS + 1)));
}

/** The slot the indicator is on after `step` steps from `start`. */
export function indicatorSlot(start: number, step: number): number {
  return (start + step) % DDG_SLOTS;
}

/** What a hunt reads as, on the board and in the round's text. */
export const DDG_HUNT_LABELS: Record<DdgHunt, string> = { goose: 'Goose', duck: 'Duck' };

/** What a round's hunts read as, in the game and in Verify: 'Goose, Goose · 3.00×' or 'Goose, Duck · lost'. */
export function ddgRoundText(hunts: readonly DdgHunt[], multiplier: number, isLost: boolean): string {
  return `${hunts.map((h) => DDG_HUNT_LABELS[h]).join(', ')} · ${isLost ? 'lost' : formatMultiplier(multiplier)}`;
}

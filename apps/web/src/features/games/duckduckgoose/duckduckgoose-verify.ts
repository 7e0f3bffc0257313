/**
 * The Verify tab's Duck Duck Goose round: the first `hunts` hunts of the nonce for a difficulty (hunt k uses
 * float k − 1 and is a goose when it is below p_k), stopping at the first duck.
 */
import type { SeedInput } from '@app/shared/fairness/engine';
import { DDG_DIFFICULTY_LABELS, ddgGooseChance, ddgRound, ddgStep, type DdgDifficulty, type DdgHunt } from '@app/shared/fairness/duck-duck-goose';
import { formatMultiplier } from '../format';

const HUNT_LABELS: Record<DdgHunt, string> = { goose: 'Goose', duck: 'Duck' };

/** What a round's hunts read as, in the game and in Verify: 'Goose, Goose · 3.00×' or 'Goose, Duck · lost'. */
export function ddgRoundText(hunts: readonly DdgHunt[], multiplier: number, isLost: boolean): string {
  return `${hunts.map((h) => HUNT_LABELS[h]).join(', ')} · ${isLost ? 'lost' : formatMultiplier(multiplier)}`;
}

export function verifyDuckDuckGoose(seeds: SeedInput, difficulty: DdgDifficulty, hunts: number): { outcome: string; detail: string } {
  const round = ddgRound(seeds, difficulty, hunts);
  const chances = round.hunts.map((_, i) => `p${i + 1} = ${ddgGooseChance(difficulty, i + 1).toFixed(4)}`).join(', ');
  const stopped = round.isLost && round.hunts.length < hunts ? ` The duck of hunt ${round.hunts.length} ended the round.` : '';
  return {
    outcome: ddgRoundText(round.hunts, round.multiplier, round.isLost),
    detail: `${DDG_DIFFICULTY_LABELS[difficulty]} (step ${ddgStep(difficulty)}): hunt k uses float k − 1 and is a goose when the float is below p_k; ${chances}.${stopped}`,
  };
}

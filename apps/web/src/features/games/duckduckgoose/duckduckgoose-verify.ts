/**
 * The Verify tab's Duck Duck Goose round: the first `hunts` hunts of the nonce for a difficulty (hunt k uses
 * float k − 1 and is a goose when it is below p_k), stopping at the first duck.
 */
import type { SeedInput } from '@app/shared/fairness/engine';
import { DDG_DIFFICULTIES, DDG_DIFFICULTY_LABELS, ddgGooseChance, ddgRound, ddgStep, type DdgDifficulty } from '@app/shared/fairness/duck-duck-goose';
import type { Verifier } from '../game-definition';
import { ddgRoundText } from './duckduckgoose-rules';

export function verifyDuckDuckGoose(seeds: SeedInput, difficulty: DdgDifficulty, hunts: number): { outcome: string; detail: string } {
  const round = ddgRound(seeds, difficulty, hunts);
  const chances = round.hunts.map((_, i) => `p${i + 1} = ${ddgGooseChance(difficulty, i + 1).toFixed(4)}`).join(', ');
  const stopped = round.isLost && round.hunts.length < hunts ? ` The duck of hunt ${round.hunts.length} ended the round.` : '';
  return {
    outcome: ddgRoundText(round.hunts, round.multiplier, round.isLost),
    detail: `${DDG_DIFFICULTY_LABELS[difficulty]} (step ${ddgStep(difficulty)}): hunt k uses float k − 1 and is a goose when the float is below p_k; ${chances}.${stopped}`,
  };
}

export type DuckDuckGooseVerifySettings = { difficulty: DdgDifficulty; hunts: number };

const duckDuckGooseVerifier: Verifier<DuckDuckGooseVerifySettings> = {
  floats: (s) => s.hunts,
  outcome: (seeds, s) => verifyDuckDuckGoose(seeds, s.difficulty, s.hunts),
  fields: [
    { kind: 'number', key: 'hunts', label: 'Hunts', min: 1, max: 1000, hint: 'Hunts played in the round (a duck ends it).' },
    { kind: 'select', key: 'difficulty', label: 'Difficulty', options: DDG_DIFFICULTIES.map((d) => ({ value: d, label: DDG_DIFFICULTY_LABELS[d] })) },
  ],
};
export default duckDuckGooseVerifier;

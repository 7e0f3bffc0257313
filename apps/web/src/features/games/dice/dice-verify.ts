import { diceRoll } from '@app/shared/fairness/outcomes';
import type { Verifier } from '../game-definition';

const diceVerifier: Verifier<Record<never, never>> = {
  outcome: (seeds) => ({ outcome: `Roll ${diceRoll(seeds).toFixed(4)}` }),
};
export default diceVerifier;

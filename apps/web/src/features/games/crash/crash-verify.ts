import { crashPoint } from '@app/shared/fairness/outcomes';
import { formatMultiplier } from '../format';
import type { Verifier } from '../game-definition';

const crashVerifier: Verifier<Record<never, never>> = {
  outcome: (seeds) => ({ outcome: `Crash point ${formatMultiplier(crashPoint(seeds))}` }),
};
export default crashVerifier;

import { limboResult } from '@app/shared/fairness/outcomes';
import { formatMultiplier } from '../format';
import type { Verifier } from '../game-definition';

const limboVerifier: Verifier<Record<never, never>> = {
  outcome: (seeds) => ({ outcome: `Result ${formatMultiplier(limboResult(seeds))}` }),
};
export default limboVerifier;

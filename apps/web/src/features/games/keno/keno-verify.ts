import { kenoDraw } from '@app/shared/fairness/outcomes';
import type { Verifier } from '../game-definition';

const kenoVerifier: Verifier<Record<never, never>> = {
  // spec 2 §4 Keno: ten numbers are drawn, one float each.
  floats: () => 10,
  outcome: (seeds) => ({ outcome: `Drawn ${kenoDraw(seeds).join(', ')}` }),
};
export default kenoVerifier;

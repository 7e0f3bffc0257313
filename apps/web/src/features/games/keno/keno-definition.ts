import { Grid3x3 } from 'lucide-react';
import { lazy } from 'react';
import { kenoDraw } from '@app/shared/fairness/outcomes';
import { defineGame } from '../game-definition';

export const kenoDefinition = defineGame('keno', {
  art: { icon: Grid3x3, tone: 'from-fuchsia-500 to-purple-600' },
  Screen: lazy(() => import('./keno-game')),
  verify: {
    defaults: {},
    // spec 2 §4 Keno: ten numbers are drawn, one float each.
    floats: () => 10,
    outcome: (seeds) => ({ outcome: `Drawn ${kenoDraw(seeds).join(', ')}` }),
  },
});

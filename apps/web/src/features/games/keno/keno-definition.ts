import { Grid3x3 } from 'lucide-react';
import { lazy } from 'react';
import { defineGame } from '../game-definition';

export const kenoDefinition = defineGame('keno', {
  art: { icon: Grid3x3, tone: 'from-fuchsia-500 to-purple-600' },
  Screen: lazy(() => import('./keno-game')),
  verify: { defaults: {}, load: () => import('./keno-verify') },
});

import { TrendingUp } from 'lucide-react';
import { lazy } from 'react';
import { defineGame } from '../game-definition';

export const limboDefinition = defineGame('limbo', {
  art: { icon: TrendingUp, tone: 'from-sky-500 to-blue-600' },
  Screen: lazy(() => import('./limbo-game')),
  verify: { defaults: {}, load: () => import('./limbo-verify') },
});

import { Rocket } from 'lucide-react';
import { lazy } from 'react';
import { defineGame } from '../game-definition';

export const crashDefinition = defineGame('crash', {
  art: { icon: Rocket, tone: 'from-orange-500 to-red-600' },
  Screen: lazy(() => import('./crash-game')),
  verify: { defaults: {}, load: () => import('./crash-verify') },
});

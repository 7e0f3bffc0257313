import { Triangle } from 'lucide-react';
import { lazy } from 'react';
import { defineGame } from '../game-definition';

export const plinkoDefinition = defineGame('plinko', {
  art: { icon: Triangle, tone: 'from-pink-500 to-rose-600' },
  Screen: lazy(() => import('./plinko-game')),
  verify: { defaults: { rows: 8, risk: 'low' }, load: () => import('./plinko-verify') },
});

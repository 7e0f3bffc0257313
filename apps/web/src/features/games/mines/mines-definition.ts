import { Bomb } from 'lucide-react';
import { lazy } from 'react';
import { defineGame } from '../game-definition';

export const minesDefinition = defineGame('mines', {
  art: { icon: Bomb, tone: 'from-emerald-500 to-teal-600' },
  Screen: lazy(() => import('./mines-game')),
  verify: { defaults: { mines: 3 }, load: () => import('./mines-verify') },
});

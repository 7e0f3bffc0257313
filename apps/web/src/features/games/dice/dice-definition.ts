import { Dices } from 'lucide-react';
import { lazy } from 'react';
import { defineGame } from '../game-definition';

export const diceDefinition = defineGame('dice', {
  art: { icon: Dices, tone: 'from-violet-500 to-indigo-600' },
  Screen: lazy(() => import('./dice-game')),
  verify: { defaults: {}, load: () => import('./dice-verify') },
});

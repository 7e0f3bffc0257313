import { Dices } from 'lucide-react';
import { lazy } from 'react';
import { diceRoll } from '@app/shared/fairness/outcomes';
import { defineGame } from '../game-definition';

export const diceDefinition = defineGame('dice', {
  art: { icon: Dices, tone: 'from-violet-500 to-indigo-600' },
  Screen: lazy(() => import('./dice-game')),
  verify: {
    defaults: {},
    outcome: (seeds) => ({ outcome: `Roll ${diceRoll(seeds).toFixed(4)}` }),
  },
});

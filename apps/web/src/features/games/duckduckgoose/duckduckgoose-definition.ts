import { Target } from 'lucide-react';
import { lazy } from 'react';
import { defineGame } from '../game-definition';

export const duckDuckGooseDefinition = defineGame('duckduckgoose', {
  art: { icon: Target, tone: 'from-lime-500 to-green-600' },
  Screen: lazy(() => import('./duckduckgoose-game')),
  // The difficulty and how many hunts of the round to play (a duck ends it earlier).
  verify: { defaults: { difficulty: 'medium', hunts: 1 }, load: () => import('./duckduckgoose-verify') },
});

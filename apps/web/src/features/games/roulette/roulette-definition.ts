import { CircleDot } from 'lucide-react';
import { lazy } from 'react';
import { defineGame } from '../game-definition';

export const rouletteDefinition = defineGame('roulette', {
  art: { icon: CircleDot, tone: 'from-red-500 to-rose-700' },
  Screen: lazy(() => import('./roulette-game')),
  // The bets on the table as the game shows them (`17:0.10, red:0.50`); empty shows the pocket only.
  verify: { defaults: { rouletteBets: '' }, load: () => import('./roulette-verify') },
});

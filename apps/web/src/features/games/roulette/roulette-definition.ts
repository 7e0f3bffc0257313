import { CircleDot } from 'lucide-react';
import { lazy } from 'react';
import { defineGame } from '../game-definition';
import { rouletteBetsError, verifyRoulette } from './roulette-verify';

export const rouletteDefinition = defineGame('roulette', {
  art: { icon: CircleDot, tone: 'from-red-500 to-rose-700' },
  Screen: lazy(() => import('./roulette-game')),
  verify: {
    /** The bets on the table as the game shows them (`17:0.10, red:0.50`); empty shows the pocket only. */
    defaults: { rouletteBets: '' },
    outcome: (seeds, s) => verifyRoulette(seeds, s.rouletteBets),
    fields: [
      {
        kind: 'text',
        key: 'rouletteBets',
        label: 'Bets',
        hint: 'The bets on the table as the game shows them, e.g. 17:0.10, red:0.50. Empty shows the pocket only.',
        error: rouletteBetsError,
      },
    ],
  },
});

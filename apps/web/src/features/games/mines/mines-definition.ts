import { Bomb } from 'lucide-react';
import { lazy } from 'react';
import { minePositions } from '@app/shared/fairness/outcomes';
import { defineGame } from '../game-definition';

export const minesDefinition = defineGame('mines', {
  art: { icon: Bomb, tone: 'from-emerald-500 to-teal-600' },
  Screen: lazy(() => import('./mines-game')),
  verify: {
    defaults: { mines: 3 },
    floats: (s) => s.mines,
    outcome: (seeds, s) => ({
      outcome: `Mines at ${minePositions(seeds, s.mines).join(', ')}`,
      detail: 'Tiles 0–24, row by row from the top left, in draw order.',
    }),
    fields: [{ kind: 'number', key: 'mines', label: 'Mines', min: 1, max: 24 }],
  },
});

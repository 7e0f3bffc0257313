import { Club } from 'lucide-react';
import { lazy } from 'react';
import { defineGame } from '../game-definition';
import { blackjackActionsError, verifyBlackjack } from './blackjack-verify';

export const blackjackDefinition = defineGame('blackjack', {
  art: { icon: Club, tone: 'from-slate-600 to-slate-800' },
  Screen: lazy(() => import('./blackjack-game')),
  verify: {
    /** `cards`: how many cards of the deal order to show; `blackjackActions`: the player's actions as the game shows them (`hit, stand`, `none`), empty lists the cards only. */
    defaults: { cards: 10, blackjackActions: '' },
    floats: (s) => s.cards,
    outcome: (seeds, s) => verifyBlackjack(seeds, s.cards, s.blackjackActions),
    fields: [
      { kind: 'number', key: 'cards', label: 'Cards', min: 1, max: 52 },
      {
        kind: 'text',
        key: 'blackjackActions',
        label: 'Actions',
        hint: 'The actions as the game shows them: hit, stand, double, or none. Empty lists the cards only.',
        error: blackjackActionsError,
      },
    ],
  },
});

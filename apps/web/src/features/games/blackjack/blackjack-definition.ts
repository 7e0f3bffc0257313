import { Club } from 'lucide-react';
import { lazy } from 'react';
import { defineGame } from '../game-definition';

export const blackjackDefinition = defineGame('blackjack', {
  art: { icon: Club, tone: 'from-slate-600 to-slate-800' },
  Screen: lazy(() => import('./blackjack-game')),
  // How many cards of the deal order to show, and the player's actions as the game shows them (`hit, stand`,
  // `none`); empty actions list the cards only.
  verify: { defaults: { cards: 10, blackjackActions: '' }, load: () => import('./blackjack-verify') },
});

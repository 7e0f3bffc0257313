/** Verify tab, blackjack: the engine's cards and, with the player's actions, the hand played out and settled. */
import { BLACKJACK_CARDS, blackjackOutcomeText, formatActions, parseActions, playHand } from '@app/shared/fairness/blackjack';
import type { SeedInput } from '@app/shared/fairness/engine';
import { blackjackCards } from '@app/shared/fairness/outcomes';
import type { Verifier } from '../game-definition';

const DEAL_ORDER = 'Deal order: player, dealer, player, dealer (hole), then draws in order.';

/** The error of the Actions field, or null (empty is fine: the cards alone are shown). */
export function blackjackActionsError(actionsText: string): string | null {
  if (actionsText.trim() === '') return null;
  const parsed = parseActions(actionsText);
  return 'error' in parsed ? parsed.error : null;
}

export function verifyBlackjack(seeds: SeedInput, cards: number, actionsText: string): { outcome: string; detail?: string } {
  const parsed = actionsText.trim() === '' ? null : parseActions(actionsText);
  if (!parsed || 'error' in parsed) {
    return {
      outcome: `Cards ${blackjackCards(seeds, cards)
        .map((c) => c.label)
        .join(', ')}`,
      detail: DEAL_ORDER,
    };
  }
  const hand = playHand(blackjackCards(seeds, BLACKJACK_CARDS), parsed.actions);
  const status = hand.status === 'player' ? ' The hand is still open after these actions.' : '';
  return {
    outcome: blackjackOutcomeText(hand),
    detail: `Actions ${formatActions(hand.actions)}; ${hand.next} cards used. ${DEAL_ORDER}${status}`,
  };
}

export type BlackjackVerifySettings = { cards: number; blackjackActions: string };

const blackjackVerifier: Verifier<BlackjackVerifySettings> = {
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
};
export default blackjackVerifier;

/**
 * Blackjack rules (provably-fair.md; spec 2 §4 Blackjack): one hand against the dealer from the engine's
 * infinite deck, dealt player, dealer, player, dealer (hole), then draws in order. The dealer peeks for
 * blackjack under an ace or a ten-value card, draws to 16 and stands on all 17s. A natural pays 3:2, a win
 * 1:1, a push returns the bet. Side bets: Perfect Pair and 21+3. A hand is its cards plus the player's actions,
 * so replaying the actions on the same cards gives the same hand (reload, Verify).
 */
import type { Card, CardRank } from './outcomes';

/** Cards one round may use: 4 dealt, then at most 48 draws (both hands stop long before). */
export const BLACKJACK_CARDS = 52;

export type BlackjackAction = 'hit' | 'stand' | 'double';
export const BLACKJACK_ACTIONS: readonly BlackjackAction[] = ['hit', 'stand', 'double'];

function rankValue(rank: CardRank): number {
  if (rank === 'A') return 11;
  if (rank === 'J' || rank === 'Q' || rank === 'K') return 10;
  return Number(rank);
}

/** Best total (aces 11 while that stays at or below 21) and whether an ace still counts 11. */
export function handValue(cards: readonly Card[]): { total: number; isSoft: boolean } {
  let total = 0;
  let aces = 0;
  for (const c of cards) {
    total += rankValue(c.rank);
    if (c.rank === 'A') aces += 1;
  }
  while (total > 21 && aces > 0) {
    total -= 10;
    aces -= 1;
  }
  return { total, isSoft: aces > 0 };
}

function isNatural(cards: readonly Card[]): boolean {
  return cards.length === 2 && handValue(cards).total === 21;
}

/** The dealer peeks when the up card is an ace or worth ten. */
export function dealerPeeks(upCard: Card): boolean {
  return rankValue(upCard.rank) >= 10;
}

/** Dealer draws to 16 and stands on all 17s (soft 17 included). */
export function dealerDraws(cards: readonly Card[]): boolean {
  return handValue(cards).total < 17;
}

type MainResult = 'blackjack' | 'win' | 'push' | 'lose';

/** Return multiplier of the main bet (including the stake; a doubled stake is already in the stake). */
const MAIN_RETURN: Record<MainResult, number> = { blackjack: 2.5, win: 2, push: 1, lose: 0 };

type PerfectPairHand = 'perfect' | 'coloured' | 'mixed' | null;
/** Return multipliers (X:1 pays X plus the stake). */
const PERFECT_PAIR_RETURN: Record<Exclude<PerfectPairHand, null>, number> = { perfect: 26, coloured: 13, mixed: 7 };
const PERFECT_PAIR_LABELS: Record<Exclude<PerfectPairHand, null>, string> = {
  perfect: 'perfect pair',
  coloured: 'coloured pair',
  mixed: 'mixed pair',
};

const isRed = (c: Card) => c.suit === '♦' || c.suit === '♥';

/** Perfect Pair on the player's first two cards. */
export function perfectPair(a: Card, b: Card): PerfectPairHand {
  if (a.rank !== b.rank) return null;
  if (a.suit === b.suit) return 'perfect';
  return isRed(a) === isRed(b) ? 'coloured' : 'mixed';
}

type TwentyOneThreeHand = 'suitedTrips' | 'straightFlush' | 'threeOfAKind' | 'straight' | 'flush' | null;
const TWENTY_ONE_THREE_RETURN: Record<Exclude<TwentyOneThreeHand, null>, number> = {
  suitedTrips: 101,
  straightFlush: 41,
  threeOfAKind: 31,
  straight: 11,
  flush: 6,
};
const TWENTY_ONE_THREE_LABELS: Record<Exclude<TwentyOneThreeHand, null>, string> = {
  suitedTrips: 'suited trips',
  straightFlush: 'straight flush',
  threeOfAKind: 'three of a kind',
  straight: 'straight',
  flush: 'flush',
};

/** Rank order 2..A as 2..14. */
function rankOrder(rank: CardRank): number {
  return ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'].indexOf(rank) + 2;
}

/** Three consecutive ranks; an ace counts high (Q K A) or low (A 2 3), never both (K A 2 is not one). */
function isStraight(cards: readonly Card[]): boolean {
  const high = cards.map((c) => rankOrder(c.rank)).sort((x, y) => x - y);
  const low = cards.map((c) => (c.rank === 'A' ? 1 : rankOrder(c.rank))).sort((x, y) => x - y);
  const run = (r: number[]) => r[1] === r[0]! + 1 && r[2] === r[1]! + 1;
  return run(high) || run(low);
}

/** 21+3 on the player's two cards and the dealer's up card. */
export function twentyOneThree(cards: readonly [Card, Card, Card]): TwentyOneThreeHand {
  const sameSuit = cards.every((c) => c.suit === cards[0].suit);
  const sameRank = cards.every((c) => c.rank === cards[0].rank);
  if (sameRank && sameSuit) return 'suitedTrips';
  const straight = isStraight(cards);
  if (straight && sameSuit) return 'straightFlush';
  if (sameRank) return 'threeOfAKind';
  if (straight) return 'straight';
  if (sameSuit) return 'flush';
  return null;
}

export type BlackjackHand = {
  player: Card[];
  /** Dealer cards: [up card, hole card, draws...]. The hole card is hidden while `status` is 'player'. */
  dealer: Card[];
  isDoubled: boolean;
  status: 'player' | 'settled';
  /** The actions that were applied (ignored ones are not kept). */
  actions: BlackjackAction[];
  /** Set once settled. */
  result: MainResult | null;
  /** Index of the next card of the deck. */
  next: number;
};

function settle(hand: BlackjackHand, result: MainResult): BlackjackHand {
  return { ...hand, status: 'settled', result };
}

/** The dealer plays out and the hand is settled against the player's total. */
function dealerPlays(hand: BlackjackHand, deck: readonly Card[]): BlackjackHand {
  const player = handValue(hand.player).total;
  if (player > 21) return settle(hand, 'lose');
  const dealer = [...hand.dealer];
  let next = hand.next;
  while (dealerDraws(dealer)) dealer.push(deck[next++]!);
  const d = handValue(dealer).total;
  const result: MainResult = d > 21 || player > d ? 'win' : player === d ? 'push' : 'lose';
  return settle({ ...hand, dealer, next }, result);
}

/**
 * Deals the first four cards. A natural on either side ends the hand at once: the dealer's peek finds a
 * dealer blackjack (push against a player natural, else the player loses); a player natural pays 3:2.
 */
export function dealHand(deck: readonly Card[]): BlackjackHand {
  const hand: BlackjackHand = {
    player: [deck[0]!, deck[2]!],
    dealer: [deck[1]!, deck[3]!],
    isDoubled: false,
    status: 'player',
    actions: [],
    result: null,
    next: 4,
  };
  const dealerNatural = dealerPeeks(hand.dealer[0]!) && isNatural(hand.dealer);
  const playerNatural = isNatural(hand.player);
  if (dealerNatural) return settle(hand, playerNatural ? 'push' : 'lose');
  if (playerNatural) return settle(hand, 'blackjack');
  return hand;
}

/** Double is possible only on the player's turn with exactly 2 cards. */
export function canDouble(hand: BlackjackHand): boolean {
  return hand.status === 'player' && hand.player.length === 2 && !hand.isDoubled;
}

/** Hit adds a card unless the bet was doubled. */
export function canHit(hand: BlackjackHand): boolean {
  return hand.status === 'player' && !hand.isDoubled;
}

/**
 * Applies one player action; an action that is not allowed returns the hand unchanged. The player's turn ends
 * on stand, on double (after its one card), on a bust, and at 21 (nothing better can be drawn).
 */
export function applyAction(hand: BlackjackHand, action: BlackjackAction, deck: readonly Card[]): BlackjackHand {
  if (hand.status !== 'player') return hand;
  if (action === 'stand') return dealerPlays({ ...hand, actions: [...hand.actions, action] }, deck);
  if (action === 'hit' && !canHit(hand)) return hand;
  if (action === 'double' && !canDouble(hand)) return hand;
  const drawn: BlackjackHand = {
    ...hand,
    player: [...hand.player, deck[hand.next]!],
    next: hand.next + 1,
    isDoubled: hand.isDoubled || action === 'double',
    actions: [...hand.actions, action],
  };
  return action === 'double' || handValue(drawn.player).total >= 21 ? dealerPlays(drawn, deck) : drawn;
}

/** The hand after the deal and the given actions, in order. */
export function playHand(deck: readonly Card[], actions: readonly BlackjackAction[]): BlackjackHand {
  return actions.reduce((hand, a) => applyAction(hand, a, deck), dealHand(deck));
}

export type BlackjackStakes = { main: number; perfectPair: number; twentyOneThree: number };

export type BlackjackSettlement = {
  result: MainResult;
  perfectPair: PerfectPairHand;
  twentyOneThree: TwentyOneThreeHand;
  /** Everything staked: the main bet (twice when doubled) and both side bets. */
  staked: number;
  /** Everything returned, stakes of winning bets included. */
  returned: number;
};

/** Settles a finished hand: main bet (doubled when the player doubled) and the side bets. */
export function settleHand(hand: BlackjackHand, stakes: BlackjackStakes): BlackjackSettlement | null {
  if (hand.status !== 'settled' || hand.result === null) return null;
  const pp = perfectPair(hand.player[0]!, hand.player[1]!);
  const t3 = twentyOneThree([hand.player[0]!, hand.player[1]!, hand.dealer[0]!]);
  const main = stakes.main * (hand.isDoubled ? 2 : 1);
  const returned =
    main * MAIN_RETURN[hand.result] + (pp ? stakes.perfectPair * PERFECT_PAIR_RETURN[pp] : 0) + (t3 ? stakes.twentyOneThree * TWENTY_ONE_THREE_RETURN[t3] : 0);
  return { result: hand.result, perfectPair: pp, twentyOneThree: t3, staked: main + stakes.perfectPair + stakes.twentyOneThree, returned };
}

const RESULT_TEXT: Record<MainResult, string> = { blackjack: 'Blackjack', win: 'Win', push: 'Push', lose: 'Lose' };

function cardsText(cards: readonly Card[]): string {
  return `${cards.map((c) => c.label).join(' ')} (${handValue(cards).total})`;
}

/**
 * A settled hand as text, amounts left out (the game and Verify show the same):
 * `Player Q♦ 6♦ 2♥ (18) · Dealer K♠ Q♥ (20) · Lose · Perfect Pair: none · 21+3: none`.
 */
export function blackjackOutcomeText(hand: BlackjackHand): string {
  const pp = perfectPair(hand.player[0]!, hand.player[1]!);
  const t3 = twentyOneThree([hand.player[0]!, hand.player[1]!, hand.dealer[0]!]);
  const main = hand.result ? RESULT_TEXT[hand.result] : 'Open';
  return [
    `Player ${cardsText(hand.player)}${hand.isDoubled ? ' doubled' : ''}`,
    `Dealer ${cardsText(hand.dealer)}`,
    main,
    `Perfect Pair: ${pp ? PERFECT_PAIR_LABELS[pp] : 'none'}`,
    `21+3: ${t3 ? TWENTY_ONE_THREE_LABELS[t3] : 'none'}`,
  ].join(' · ');
}

/** The actions as text: `hit, stand`, or `none` for a hand that ended at the deal. */
export function formatActions(actions: readonly BlackjackAction[]): string {
  return actions.length === 0 ? 'none' : actions.join(', ');
}

/** Reads `hit, stand` / `double` / `none`. */
export function parseActions(text: string): { actions: BlackjackAction[] } | { error: string } {
  const t = text.trim().toLowerCase();
  if (t === 'none') return { actions: [] };
  const parts = t.split(',').map((p) => p.trim());
  if (parts.some((p) => !(BLACKJACK_ACTIONS as readonly string[]).includes(p))) {
    return { error: 'Actions are hit, stand or double, separated by commas (none for a hand that ended at the deal).' };
  }
  return { actions: parts as BlackjackAction[] };
}

import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SeedInput } from './engine';
import { CARD_RANKS, CARD_SUITS, blackjackCards, cardFromIndex, type Card } from './outcomes';
import {
  BLACKJACK_CARDS,
  applyAction,
  blackjackOutcomeText,
  canDouble,
  canHit,
  dealHand,
  dealerDraws,
  dealerPeeks,
  handValue,
  parseActions,
  perfectPair,
  playHand,
  settleHand,
  twentyOneThree,
  type BlackjackAction,
} from './blackjack';

const A: SeedInput = { serverSeed: '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159', clientSeed: 'bb62964774', nonce: 1 };

/** 'Q♦' → the card. */
function c(label: string): Card {
  const rank = label.slice(0, -1);
  const suit = label.slice(-1);
  return cardFromIndex(CARD_RANKS.indexOf(rank as never) * 4 + CARD_SUITS.indexOf(suit as never));
}
/** A deck: player, dealer up, player, dealer hole, then draws; padded with 2♣. */
function deck(...labels: string[]): Card[] {
  return [...labels.map(c), ...Array.from({ length: BLACKJACK_CARDS - labels.length }, () => c('2♣'))];
}
const stakes = { main: 1, perfectPair: 0, twentyOneThree: 0 };

describe('blackjack cards (published vector)', () => {
  it('deals Q♦ K♠ 6♦ Q♥ 2♥ 4♠ 8♥ 5♦ 9♣ 7♥ in deal order', () => {
    expect(blackjackCards(A, 10).map((x) => x.label)).toEqual(['Q♦', 'K♠', '6♦', 'Q♥', '2♥', '4♠', '8♥', '5♦', '9♣', '7♥']);
    const hand = dealHand(blackjackCards(A, BLACKJACK_CARDS));
    expect(hand.player.map((x) => x.label)).toEqual(['Q♦', '6♦']);
    expect(hand.dealer.map((x) => x.label)).toEqual(['K♠', 'Q♥']);
    expect(hand.status).toBe('player');
  });

  it('plays the vector: hit to 18, stand, dealer 20 wins', () => {
    const hand = playHand(blackjackCards(A, BLACKJACK_CARDS), ['hit', 'stand']);
    expect(blackjackOutcomeText(hand)).toBe('Player Q♦ 6♦ 2♥ (18) · Dealer K♠ Q♥ (20) · Lose · Perfect Pair: none · 21+3: none');
  });
});

describe('hand values', () => {
  it('counts aces 11 or 1', () => {
    expect(handValue([c('A♠'), c('6♥')])).toEqual({ total: 17, isSoft: true });
    expect(handValue([c('A♠'), c('6♥'), c('9♣')])).toEqual({ total: 16, isSoft: false });
    expect(handValue([c('A♠'), c('A♥')])).toEqual({ total: 12, isSoft: true });
    expect(handValue([c('K♠'), c('Q♥'), c('2♣')])).toEqual({ total: 22, isSoft: false });
  });
});

describe('player actions', () => {
  it('double only with exactly 2 cards: doubles, one card, ends the turn; no hit after it', () => {
    const d = deck('5♠', '9♦', '6♣', '7♥', '10♥', '3♣');
    const start = dealHand(d);
    expect(canDouble(start)).toBe(true);
    const doubled = applyAction(start, 'double', d);
    expect(doubled.isDoubled).toBe(true);
    expect(doubled.player.map((x) => x.label)).toEqual(['5♠', '6♣', '10♥']);
    expect(doubled.status).toBe('settled');
    expect(canHit(doubled)).toBe(false);
    expect(applyAction(doubled, 'hit', d)).toBe(doubled);
    // dealer 16 draws 3♣ to 19; player 21 wins, paid on the doubled stake
    expect(doubled.dealer.map((x) => x.label)).toEqual(['9♦', '7♥', '3♣']);
    expect(settleHand(doubled, stakes)).toMatchObject({ result: 'win', staked: 2, returned: 4 });

    const h = deck('5♠', '9♦', '6♣', '7♥', '2♥', '3♣');
    const hit = applyAction(dealHand(h), 'hit', h);
    expect(hit.player).toHaveLength(3);
    expect(hit.status).toBe('player');
    expect(canDouble(hit)).toBe(false);
    expect(applyAction(hit, 'double', h)).toBe(hit);
  });

  it('a doubled bet cannot hit even while its turn would be open', () => {
    const hand = { ...dealHand(deck('5♠', '9♦', '6♣', '7♥')), isDoubled: true };
    expect(canHit(hand)).toBe(false);
    expect(applyAction(hand, 'hit', deck('5♠', '9♦', '6♣', '7♥'))).toBe(hand);
  });

  it('a bust ends the hand at once: the dealer does not draw', () => {
    const d = deck('10♠', '6♦', '6♣', 'K♥', 'Q♥');
    const bust = applyAction(dealHand(d), 'hit', d);
    expect(bust.status).toBe('settled');
    expect(bust.result).toBe('lose');
    expect(bust.dealer).toHaveLength(2);
  });

  it('reaching 21 ends the turn', () => {
    const d = deck('10♠', '9♦', '6♣', '8♥', '5♥');
    const hand = applyAction(dealHand(d), 'hit', d);
    expect(hand.status).toBe('settled');
    expect(hand.result).toBe('win');
  });
});

describe('dealer play', () => {
  it('peeks under an ace or a ten-value card only', () => {
    expect(dealerPeeks(c('A♣'))).toBe(true);
    expect(dealerPeeks(c('10♣'))).toBe(true);
    expect(dealerPeeks(c('J♣'))).toBe(true);
    expect(dealerPeeks(c('9♣'))).toBe(false);
  });

  it('peek finds a dealer blackjack: the player loses at once, a player natural pushes', () => {
    const lose = dealHand(deck('10♠', 'A♦', '9♣', 'K♥'));
    expect(lose).toMatchObject({ status: 'settled', result: 'lose' });
    expect(settleHand(lose, stakes)).toMatchObject({ returned: 0 });
    const push = dealHand(deck('A♠', 'K♦', 'Q♣', 'A♥'));
    expect(push).toMatchObject({ status: 'settled', result: 'push' });
    expect(settleHand(push, stakes)).toMatchObject({ staked: 1, returned: 1 });
  });

  it('draws to 16 and stands on all 17s, soft 17 included', () => {
    expect(dealerDraws([c('10♠'), c('6♦')])).toBe(true);
    expect(dealerDraws([c('10♠'), c('7♦')])).toBe(false);
    expect(dealerDraws([c('A♠'), c('6♦')])).toBe(false);
    expect(dealerDraws([c('A♠'), c('5♦')])).toBe(true);
    // player 18 stands; dealer soft 17 (A 6) stands: player wins
    const soft = playHand(deck('10♠', 'A♦', '8♣', '6♥', '5♣'), ['stand']);
    expect(soft.dealer.map((x) => x.label)).toEqual(['A♦', '6♥']);
    expect(soft.result).toBe('win');
    // dealer 12 draws 2♣ (14), 3♣ (17) and stands
    const drawn = playHand(deck('10♠', '10♦', '8♣', '2♥', '2♣', '3♣', '9♣'), ['stand']);
    expect(drawn.dealer.map((x) => x.label)).toEqual(['10♦', '2♥', '2♣', '3♣']);
    expect(drawn.result).toBe('win');
    // dealer busts
    expect(playHand(deck('10♠', '10♦', '2♣', '6♥', 'K♣'), ['stand']).result).toBe('win');
  });

  it('natural pays 3:2, win 1:1, push returns the bet, a loss nothing', () => {
    expect(settleHand(dealHand(deck('A♠', '9♦', 'K♣', '7♥')), { ...stakes, main: 2 })).toMatchObject({ result: 'blackjack', staked: 2, returned: 5 });
    expect(settleHand(playHand(deck('10♠', '10♦', '9♣', '8♥'), ['stand']), stakes)).toMatchObject({ result: 'win', returned: 2 });
    expect(settleHand(playHand(deck('10♠', '10♦', '8♣', '8♥'), ['stand']), stakes)).toMatchObject({ result: 'push', returned: 1 });
    expect(settleHand(playHand(deck('10♠', '10♦', '7♣', '8♥'), ['stand']), stakes)).toMatchObject({ result: 'lose', returned: 0 });
    expect(settleHand(dealHand(deck('10♠', '10♦', '7♣', '8♥')), stakes)).toBeNull();
  });
});

describe('side bets', () => {
  it('Perfect Pair: perfect 25:1, coloured 12:1, mixed 6:1, none', () => {
    expect(perfectPair(c('8♥'), c('8♥'))).toBe('perfect');
    expect(perfectPair(c('8♥'), c('8♦'))).toBe('coloured');
    expect(perfectPair(c('8♠'), c('8♣'))).toBe('coloured');
    expect(perfectPair(c('8♥'), c('8♠'))).toBe('mixed');
    expect(perfectPair(c('8♥'), c('9♥'))).toBeNull();
    const side = { main: 1, perfectPair: 1, twentyOneThree: 0 };
    // player 8♥ 8♥, dealer 10♣ up: stand on 16 against 10 + 7 = 17 loses the main bet
    expect(settleHand(playHand(deck('8♥', '10♣', '8♥', '7♣'), ['stand']), side)).toMatchObject({ perfectPair: 'perfect', staked: 2, returned: 26 });
    expect(settleHand(playHand(deck('8♥', '10♣', '8♦', '7♣'), ['stand']), side)).toMatchObject({ perfectPair: 'coloured', returned: 13 });
    expect(settleHand(playHand(deck('8♥', '10♣', '8♠', '7♣'), ['stand']), side)).toMatchObject({ perfectPair: 'mixed', returned: 7 });
    expect(settleHand(playHand(deck('8♥', '10♣', '9♠', '8♣'), ['stand']), side)).toMatchObject({ perfectPair: null, returned: 0 });
  });

  it('21+3: suited trips 100:1, straight flush 40:1, three of a kind 30:1, straight 10:1, flush 5:1, none', () => {
    expect(twentyOneThree([c('7♠'), c('7♠'), c('7♠')])).toBe('suitedTrips');
    expect(twentyOneThree([c('5♥'), c('6♥'), c('7♥')])).toBe('straightFlush');
    expect(twentyOneThree([c('7♠'), c('7♥'), c('7♠')])).toBe('threeOfAKind');
    expect(twentyOneThree([c('9♠'), c('J♥'), c('10♦')])).toBe('straight');
    expect(twentyOneThree([c('2♠'), c('9♠'), c('K♠')])).toBe('flush');
    expect(twentyOneThree([c('2♠'), c('9♥'), c('K♠')])).toBeNull();
  });

  it('21+3: an ace counts high or low in a straight, not both', () => {
    expect(twentyOneThree([c('A♠'), c('2♥'), c('3♦')])).toBe('straight');
    expect(twentyOneThree([c('Q♠'), c('A♥'), c('K♦')])).toBe('straight');
    expect(twentyOneThree([c('A♣'), c('2♣'), c('3♣')])).toBe('straightFlush');
    expect(twentyOneThree([c('K♠'), c('A♥'), c('2♦')])).toBeNull();
  });

  it('21+3 pays on the player two cards and the dealer up card', () => {
    const side = { main: 1, perfectPair: 0, twentyOneThree: 2 };
    // player 5♥ 7♥, dealer up 6♥ (hole 10♣): straight flush; player 12 stands, dealer 16 draws 2♣ to 18
    const hand = playHand(deck('5♥', '6♥', '7♥', '10♣'), ['stand']);
    expect(settleHand(hand, side)).toMatchObject({ twentyOneThree: 'straightFlush', staked: 3, returned: 82 });
    expect(blackjackOutcomeText(hand)).toBe('Player 5♥ 7♥ (12) · Dealer 6♥ 10♣ 2♣ (18) · Lose · Perfect Pair: none · 21+3: straight flush');
  });
});

describe('actions text', () => {
  it('reads hit, stand, double and none', () => {
    expect(parseActions('hit, Stand')).toEqual({ actions: ['hit', 'stand'] });
    expect(parseActions('none')).toEqual({ actions: [] });
    expect(parseActions('split')).toHaveProperty('error');
    expect(parseActions('')).toHaveProperty('error');
  });
});

describe('blackjack property (seeded): engine cards and settlement agree with an independent computation', () => {
  const SUITS = ['♦', '♥', '♠', '♣'];
  const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
  /** Float k from node's HMAC, not the engine's. */
  function independentLabels(s: SeedInput, n: number): string[] {
    const out: string[] = [];
    for (let k = 0; k < n; k += 1) {
      const b = createHmac('sha256', s.serverSeed)
        .update(`${s.clientSeed}:${s.nonce}:${Math.floor(k / 8)}`)
        .digest();
      const i = (k % 8) * 4;
      const f = (((b[i]! * 256 + b[i + 1]!) * 256 + b[i + 2]!) * 256 + b[i + 3]!) / 2 ** 32;
      const idx = Math.floor(f * 52);
      out.push(`${RANKS[Math.floor(idx / 4)]}${SUITS[idx % 4]}`);
    }
    return out;
  }
  const value = (labels: string[]) => {
    let t = 0;
    let soft = 0;
    for (const l of labels) {
      const r = l.slice(0, -1);
      if (r === 'A') {
        t += 11;
        soft += 1;
      } else t += ['J', 'Q', 'K'].includes(r) ? 10 : Number(r);
    }
    for (; t > 21 && soft > 0; soft -= 1) t -= 10;
    return t;
  };
  /** The main bet's return multiplier, computed again from the labels and the actions. */
  function independentMain(labels: string[], actions: BlackjackAction[]): { ret: number; doubled: boolean } {
    const player = [labels[0]!, labels[2]!];
    const dealer = [labels[1]!, labels[3]!];
    let next = 4;
    const up = dealer[0]!.slice(0, -1);
    const dealerBJ = ['10', 'J', 'Q', 'K', 'A'].includes(up) && value(dealer) === 21;
    const playerBJ = value(player) === 21;
    if (dealerBJ) return { ret: playerBJ ? 1 : 0, doubled: false };
    if (playerBJ) return { ret: 2.5, doubled: false };
    let doubled = false;
    for (const a of actions) {
      if (a === 'stand') break;
      if (a === 'double' && player.length !== 2) continue;
      player.push(labels[next++]!);
      if (a === 'double') {
        doubled = true;
        break;
      }
      if (value(player) >= 21) break;
    }
    if (value(player) > 21) return { ret: 0, doubled };
    while (value(dealer) <= 16) dealer.push(labels[next++]!);
    const p = value(player);
    const d = value(dealer);
    return { ret: d > 21 || p > d ? 2 : p === d ? 1 : 0, doubled };
  }

  /** Side-bet returns (stake included), from the labels again. */
  function independentSides(labels: string[]): { pp: number; t3: number } {
    const [p1, d1, p2] = [labels[0]!, labels[1]!, labels[2]!];
    const rank = (l: string) => l.slice(0, -1);
    const suit = (l: string) => l.slice(-1);
    const red = (l: string) => suit(l) === '♦' || suit(l) === '♥';
    let pp = 0;
    if (rank(p1) === rank(p2)) pp = suit(p1) === suit(p2) ? 26 : red(p1) === red(p2) ? 13 : 7;
    const three = [p1, p2, d1];
    const flush = three.every((l) => suit(l) === suit(p1));
    const trips = three.every((l) => rank(l) === rank(p1));
    const order = (l: string, aceLow: boolean) => (rank(l) === 'A' ? (aceLow ? 1 : 14) : RANKS.indexOf(rank(l)) + 2);
    const run = (aceLow: boolean) => {
      const r = three.map((l) => order(l, aceLow)).sort((a, b) => a - b);
      return r[0]! + 1 === r[1] && r[1]! + 1 === r[2];
    };
    const straight = run(false) || run(true);
    const t3 = trips && flush ? 101 : straight && flush ? 41 : trips ? 31 : straight ? 11 : flush ? 6 : 0;
    return { pp, t3 };
  }

  it('cards and settlement of the main bet and both side bets', () => {
    fc.assert(
      fc.property(
        fc.record({
          serverSeed: fc.stringMatching(/^[0-9a-f]{64}$/),
          clientSeed: fc.string({ minLength: 1, maxLength: 20 }),
          nonce: fc.nat({ max: 1_000_000 }),
        }),
        fc.array(fc.constantFrom<BlackjackAction>('hit', 'hit', 'stand', 'double'), { maxLength: 6 }),
        (seeds, actions) => {
          const cards = blackjackCards(seeds, BLACKJACK_CARDS);
          const labels = independentLabels(seeds, BLACKJACK_CARDS);
          expect(cards.map((x) => x.label)).toEqual(labels);
          const hand = playHand(cards, [...actions, 'stand']);
          const settled = settleHand(hand, { main: 1, perfectPair: 0.5, twentyOneThree: 0.25 })!;
          const expected = independentMain(labels, [...actions, 'stand']);
          const sides = independentSides(labels);
          expect(settled.staked).toBe((expected.doubled ? 2 : 1) + 0.75);
          expect(settled.returned).toBe((expected.doubled ? 2 : 1) * expected.ret + 0.5 * sides.pp + 0.25 * sides.t3);
        },
      ),
      { seed: 2121, numRuns: 300 },
    );
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { BLACKJACK_ROUND_KEY, loadHand, readStakes, saveHand, type SavedHand } from './blackjack-rules';

const HAND: SavedHand = {
  seeds: { serverSeed: 'a'.repeat(64), clientSeed: 'c', nonce: 4 },
  stakes: { main: 1, perfectPair: 0.5, twentyOneThree: 0 },
  actions: ['hit'],
  currency: 'NZD',
};

beforeEach(() => localStorage.clear());

describe('blackjack stakes', () => {
  it('needs a main bet filled and above 0; side bets 0 or more, empty is 0', () => {
    expect(readStakes('', '', '', false)).toEqual({ error: 'Enter a bet amount greater than 0.' });
    expect(readStakes('0', '', '', false)).toEqual({ error: 'Enter a bet amount greater than 0.' });
    expect(readStakes('-1', '', '', false)).toEqual({ error: 'Enter a bet amount greater than 0.' });
    expect(readStakes('abc', '', '', false)).toEqual({ error: 'Enter a bet amount greater than 0.' });
    expect(readStakes('2', '9', '9', false)).toEqual({ main: 2, perfectPair: 0, twentyOneThree: 0 });
    expect(readStakes('2', '', '0.5', true)).toEqual({ main: 2, perfectPair: 0, twentyOneThree: 0.5 });
    expect(readStakes('2', '-1', '0', true)).toHaveProperty('error');
  });
});

describe('the stored open hand', () => {
  it('saves, loads and clears', () => {
    saveHand(HAND);
    expect(loadHand()).toEqual(HAND);
    saveHand(null);
    expect(localStorage.getItem(BLACKJACK_ROUND_KEY)).toBeNull();
    expect(loadHand()).toBeNull();
  });

  it('ignores a stored hand of the wrong shape', () => {
    for (const bad of [
      '{',
      '1',
      JSON.stringify({ ...HAND, actions: ['split'] }),
      JSON.stringify({ ...HAND, stakes: { ...HAND.stakes, main: 0 } }),
      JSON.stringify({ ...HAND, currency: 'XXX' }),
    ]) {
      localStorage.setItem(BLACKJACK_ROUND_KEY, bad);
      expect(loadHand(), bad).toBeNull();
    }
  });
});

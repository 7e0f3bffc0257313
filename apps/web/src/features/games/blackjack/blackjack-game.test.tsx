import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getFairnessSnapshot, rotate } from '../fairness/fairness-store';
import { TEST_SEEDS, fillIn, mockReducedMotion, renderGame, setUpGameTests, storedBets, typeAmount } from '../test-utils';
import BlackjackGame from './blackjack-game';
import { BLACKJACK_ROUND_KEY } from './blackjack-rules';

// The published vector: this pair at nonce 1 deals Q♦ K♠ 6♦ Q♥, then draws 2♥ 4♠ 8♥ …
const cards = (who: 'Dealer' | 'Player') =>
  within(screen.getByRole('list', { name: `${who} cards` }))
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('data-card') ?? li.textContent);
const button = (name: string) => screen.getByRole('button', { name });

setUpGameTests(TEST_SEEDS);

describe('blackjack game', { timeout: 30_000 }, () => {
  it('has the tabs Normal and Sidebets, Max 100.00000000, and Split shown without behaviour', async () => {
    const { user } = renderGame(<BlackjackGame />);
    expect(screen.getByRole('tab', { name: 'Normal' })).toBeTruthy();
    await user.click(button('Max'));
    expect((screen.getByLabelText('Bet Amount') as HTMLInputElement).value).toBe('100.00000000');
    expect(button('Split').getAttribute('aria-disabled')).toBe('true');
    await user.click(button('Split'));
    expect(storedBets()).toHaveLength(0);
    expect(button('Hit')).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('tab', { name: 'Sidebets' }));
    expect(screen.getByLabelText('Perfect Pair')).toBeTruthy();
    expect(screen.getByLabelText('21+3')).toBeTruthy();
  });

  it('Bet needs an amount filled and above 0, and uses no nonce without one', async () => {
    const { user } = renderGame(<BlackjackGame />);
    await user.click(button('Bet'));
    expect(screen.getByRole('alert').textContent).toBe('Enter a bet amount greater than 0.');
    await user.clear(screen.getByLabelText('Bet Amount'));
    await user.click(button('Bet'));
    expect(screen.getByRole('alert').textContent).toBe('Enter a bet amount greater than 0.');
    expect(getFairnessSnapshot().nonce).toBe(1);
    expect(storedBets()).toHaveLength(0);
  });

  it('deals from the engine with the hole card down; Hit, then Stand plays the dealer and settles', async () => {
    const { user } = renderGame(<BlackjackGame />, { reducedMotion: true });
    await typeAmount(user, '1');
    await user.click(button('Bet'));
    expect(cards('Player')).toEqual(['Q♦', '6♦']);
    expect(cards('Dealer')).toEqual(['K♠', 'Face-down card']);
    expect(screen.getByText(/Hand open · bet 1.00000000 NZD · nonce 1/)).toBeTruthy();
    expect(button('Bet')).toHaveProperty('disabled', true);
    expect(button('Double')).toHaveProperty('disabled', false);
    await user.click(button('Hit'));
    expect(cards('Player')).toEqual(['Q♦', '6♦', '2♥']);
    // Double only with exactly 2 cards
    expect(button('Double')).toHaveProperty('disabled', true);
    await user.click(button('Stand'));
    expect(cards('Dealer')).toEqual(['K♠', 'Q♥']);
    expect(screen.getByRole('status', { name: 'Hand result' }).textContent).toBe(
      'Player Q♦ 6♦ 2♥ (18) · Dealer K♠ Q♥ (20) · Lose · Perfect Pair: none · 21+3: none',
    );
    expect(screen.getByText('Actions hit, stand · paid 0.00000000 of 1.00000000 NZD · nonce 1')).toBeTruthy();
    expect(storedBets()).toMatchObject([{ game: 'blackjack', amount: 1, payout: 0, win: false, nonce: 1 }]);
    expect(localStorage.getItem(BLACKJACK_ROUND_KEY)).toBeNull();
  });

  it('Double doubles the bet, adds one card and ends the turn', async () => {
    const { user } = renderGame(<BlackjackGame />, { reducedMotion: true });
    await typeAmount(user, '2');
    await user.click(button('Bet'));
    await user.click(button('Double'));
    expect(cards('Player')).toEqual(['Q♦', '6♦', '2♥']);
    expect(button('Hit')).toHaveProperty('disabled', true);
    expect(screen.getByRole('status', { name: 'Hand result' }).textContent).toBe(
      'Player Q♦ 6♦ 2♥ (18) doubled · Dealer K♠ Q♥ (20) · Lose · Perfect Pair: none · 21+3: none',
    );
    expect(storedBets()).toMatchObject([{ game: 'blackjack', amount: 4, payout: 0, nonce: 1 }]);
  });

  it('an open hand survives a reload, and seed rotation waits for it', async () => {
    mockReducedMotion(true);
    const user = userEvent.setup();
    const first = render(<BlackjackGame />);
    await typeAmount(user, '1');
    await user.click(button('Bet'));
    await user.click(button('Hit'));
    expect(getFairnessSnapshot().isRoundOpen).toBe(true);
    first.unmount();
    // the stored hand still holds rotation back after the page is gone
    expect(() => rotate()).toThrow(/Finish the current round/);

    render(<BlackjackGame />);
    expect(cards('Player')).toEqual(['Q♦', '6♦', '2♥']);
    expect(cards('Dealer')).toEqual(['K♠', 'Face-down card']);
    await user.click(button('Stand'));
    expect(screen.getByRole('status', { name: 'Hand result' }).textContent).toMatch(/^Player Q♦ 6♦ 2♥ \(18\) · Dealer K♠ Q♥ \(20\) · Lose/);
    expect(storedBets()).toHaveLength(1);
    expect(getFairnessSnapshot().isRoundOpen).toBe(false);
    expect(() => rotate()).not.toThrow();
  });

  it('side bets are staked and settled with the hand', async () => {
    const { user } = renderGame(<BlackjackGame />, { reducedMotion: true });
    await user.click(screen.getByRole('tab', { name: 'Sidebets' }));
    await typeAmount(user, '1');
    await fillIn(user, { 'Perfect Pair': '0.5' });
    const t3 = screen.getByLabelText('21+3');
    await user.clear(t3);
    await user.type(t3, 'x');
    await user.click(button('Bet'));
    expect(screen.getByRole('alert').textContent).toBe('Side bet amounts must be numbers of 0 or more.');
    await user.clear(t3);
    await user.type(t3, '0.25');
    await user.click(button('Bet'));
    await user.click(button('Stand'));
    // Q♦ 6♦ and K♠: no pair, no 21+3 hand; the stand on 16 loses to 20
    expect(storedBets()).toMatchObject([{ game: 'blackjack', amount: 1.75, payout: 0, win: false, nonce: 1 }]);
  });
});

import { act, screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getFairnessSnapshot } from '../fairness/fairness-store';
import { AUTO_ROUND_DELAY_MS } from '../hooks/use-auto-bet';
import {
  TEST_SEEDS,
  fillIn,
  mockFrames,
  mockReducedMotion,
  renderGame,
  seedFairness,
  setUpGameTests,
  startAutobet,
  storedBets,
  typeAmount,
} from '../test-utils';
import DuckDuckGooseGame from './duckduckgoose-game';
import { DDG_STEP_MS, playAutoRound, settleRound } from './duckduckgoose-rules';

// B: floats 0.196, 0.458, 0.679, … → on Medium a goose (p_1 = 0.495), a goose (p_2 = 2/3), a goose (p_3 = 3/4).
// TEST_SEEDS (A): float 0 = 0.772 → a duck on Medium.
const B = { serverSeed: 'a9a09f7f84c9dc6d4f46f9b702d8e7e211e1fc219ac10e1145c4ca032eb000c6', clientSeed: '3c83fc7e07', nonce: 3 };

const slots = () => within(screen.getByRole('list', { name: 'Slots' })).getAllByRole('listitem');
const hunts = () =>
  within(screen.getByRole('list', { name: 'Hunts' }))
    .queryAllByRole('listitem')
    .map((li) => li.textContent);
const multiplier = () => screen.getByText('Multiplier').nextElementSibling?.textContent;
const status = () => screen.getByRole('status', { name: 'Round' }).textContent;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

async function bet(user: ReturnType<typeof userEvent.setup>) {
  await typeAmount(user, '1');
  await user.click(button('Bet'));
}

setUpGameTests(B);

describe('duck duck goose game', { timeout: 30_000 }, () => {
  it('starts idle: 8 slots, Bet, Hunt Again and Cashout, the six difficulties (Medium first chosen)', async () => {
    const { user } = renderGame(<DuckDuckGooseGame />, { reducedMotion: true });
    expect(slots()).toHaveLength(8);
    expect(slots().map((s) => s.textContent)).toEqual(Array.from({ length: 8 }, (_, i) => `Slot ${i + 1}`));
    const select = screen.getByLabelText('Difficulty') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Pleb', 'Easy', 'Medium', 'Hard', 'Expert', 'Genius']);
    expect(select.value).toBe('medium');
    expect(button('Hunt Again').disabled).toBe(true);
    expect(button('Cashout').disabled).toBe(true);
    expect(multiplier()).toBe('1.00×');
    expect(screen.getByText('Goose chance').nextElementSibling?.textContent).toBe('49.50%');
    expect(status()).toBe('Choose a difficulty and press Bet.');
    await user.click(button('Bet'));
    expect(screen.getByRole('alert').textContent).toBe('Enter a bet amount greater than 0.');
    expect(storedBets()).toHaveLength(0);
    expect(getFairnessSnapshot().nonce).toBe(3);
  });

  it('a goose raises the multiplier by 1 on Medium; Hunt Again hunts on the same nonce; Cashout pays and resets to 1', async () => {
    const { user } = renderGame(<DuckDuckGooseGame />, { reducedMotion: true });
    await bet(user);
    expect(hunts()).toEqual(['Goose']);
    expect(slots().filter((s) => s.textContent === 'Goose')).toHaveLength(1);
    expect(multiplier()).toBe('2.00×');
    expect(status()).toBe('Goose! Multiplier 2.00× · nonce 3. Hunt again or cash out.');
    expect(getFairnessSnapshot().isRoundOpen).toBe(true);
    expect(button('Bet').disabled).toBe(true);
    expect((screen.getByLabelText('Difficulty') as HTMLSelectElement).disabled).toBe(true);
    expect(button('Hunt Again').disabled).toBe(false);
    expect(button('Cashout').disabled).toBe(false);

    await user.click(button('Hunt Again'));
    expect(hunts()).toEqual(['Goose', 'Goose']);
    expect(multiplier()).toBe('3.00×');
    expect(getFairnessSnapshot().nonce).toBe(4); // one round, one nonce
    expect(storedBets()).toHaveLength(0);

    await user.click(button('Cashout'));
    expect(status()).toBe('Cashed out at 3.00× · payout 3.00000000 NZD · nonce 3');
    expect(multiplier()).toBe('1.00×');
    expect(screen.getByText('Round Goose, Goose · 3.00×')).toBeTruthy();
    expect(getFairnessSnapshot().isRoundOpen).toBe(false);
    expect(storedBets()).toMatchObject([{ game: 'duckduckgoose', amount: 1, multiplier: 3, payout: 3, win: true, nonce: 3 }]);
    expect(button('Bet').disabled).toBe(false);
    expect(button('Cashout').disabled).toBe(true);
  });

  it('a duck loses the bet, the multiplier goes back to 1; Hunt Again then starts a new round', async () => {
    mockReducedMotion(true);
    seedFairness(TEST_SEEDS);
    const { user } = renderGame(<DuckDuckGooseGame />);
    await bet(user);
    expect(hunts()).toEqual(['Duck']);
    expect(slots().filter((s) => s.textContent === 'Duck')).toHaveLength(1);
    expect(status()).toBe('Duck! The bet is lost · nonce 1');
    expect(multiplier()).toBe('1.00×');
    expect(getFairnessSnapshot().isRoundOpen).toBe(false);
    expect(storedBets()).toMatchObject([{ game: 'duckduckgoose', amount: 1, payout: 0, win: false, nonce: 1 }]);
    expect(button('Cashout').disabled).toBe(true);
    expect(button('Hunt Again').disabled).toBe(false);
    await user.click(button('Hunt Again'));
    expect(getFairnessSnapshot().nonce).toBe(3);
    expect(hunts()).toHaveLength(1);
  });

  it('the indicator cycles every 200 ms for 20 to 29 steps and lands on the slot that shows the engine result', async () => {
    const runOneFrame = mockFrames(0);
    // Other parts of the page may queue frames too: run everything queued at that time.
    const runFrame = (t: number) => {
      for (let i = 0; i < 4; i += 1) runOneFrame(t);
    };
    vi.spyOn(Math, 'random').mockReturnValue(0.35); // 20 + floor(3.5) = 23 steps from slot 1: it lands on slot 23 mod 8 + 1 = 8
    const { user } = renderGame(<DuckDuckGooseGame />);
    await bet(user);
    expect(status()).toBe('Hunting...');
    expect(button('Hunt Again').disabled).toBe(true);
    expect(button('Cashout').disabled).toBe(true);
    const active = () => slots().findIndex((s) => s.getAttribute('aria-current') === 'true');
    runFrame(0);
    expect(active()).toBe(0);
    runFrame(DDG_STEP_MS * 5);
    expect(active()).toBe(5);
    runFrame(DDG_STEP_MS * 22 + 199);
    expect(active()).toBe(22 % 8);
    expect(hunts()).toEqual([]);
    runFrame(DDG_STEP_MS * 23);
    expect(active()).toBe(23 % 8);
    expect(slots()[23 % 8]!.textContent).toBe('Goose');
    expect(status()).toBe('Goose! Multiplier 2.00× · nonce 3. Hunt again or cash out.');
  });

  it('leaving mid-hunt lands the hunt as the engine decided and cashes out what was found', async () => {
    mockFrames(0);
    const { user, unmount } = renderGame(<DuckDuckGooseGame />);
    await bet(user);
    expect(getFairnessSnapshot().isRoundOpen).toBe(true);
    unmount();
    expect(storedBets()).toMatchObject([{ game: 'duckduckgoose', multiplier: 2, payout: 2, win: true, nonce: 3 }]);
    expect(getFairnessSnapshot().isRoundOpen).toBe(false);
  });

  it('auto plays the set number of rounds, cashing out after the set number of geese', async () => {
    const { user } = renderGame(<DuckDuckGooseGame />, { reducedMotion: true });
    await user.click(screen.getByRole('tab', { name: 'Auto' }));
    await typeAmount(user, '1');
    await fillIn(user, { 'Cash Out After': '2', 'Number of Bets': '2' });
    startAutobet();
    expect(storedBets()).toMatchObject([{ nonce: 3, win: true, multiplier: 3, payout: 3 }]);
    await act(() => vi.advanceTimersByTimeAsync(AUTO_ROUND_DELAY_MS * 3));
    const second = settleRound(playAutoRound({ ...B, nonce: 4 }, 'medium', 1, 2))!;
    expect(storedBets().map((b) => b.nonce)).toEqual([4, 3]);
    expect(storedBets()[0]).toMatchObject({ win: second.win, payout: second.payout });
    expect(button('Start Autobet')).toBeTruthy();
  });
});

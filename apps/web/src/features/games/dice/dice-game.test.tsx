import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { diceRoll } from '@app/shared/fairness/outcomes';
import { TEST_SEEDS, fillIn, renderGame, setUpGameTests, startAutobet, storedBets, typeAmount } from '../test-utils';
import DiceGame, { AUTO_BET_DELAY_MS } from './dice-game';
import { formatRoll } from './dice-rules';

setUpGameTests(TEST_SEEDS);

describe('dice game', { timeout: 30_000 }, () => {
  it('refuses a bet of 0 with a clear message and records nothing', async () => {
    const { user } = renderGame(<DiceGame />);
    await user.click(screen.getByRole('button', { name: 'Bet' }));
    expect(screen.getByRole('alert').textContent).toContain('Enter a bet amount greater than 0.');
    expect(storedBets()).toHaveLength(0);
  });

  it('rolls the engine roll for the next nonce, shows it with 4 decimals and records the bet', async () => {
    const { user } = renderGame(<DiceGame />);
    await typeAmount(user, '1');
    await user.click(screen.getByRole('button', { name: 'Bet' }));
    const roll = diceRoll({ ...TEST_SEEDS, nonce: 1 });
    expect(roll).toBe(77.1741); // the published vector: float 0.771740999306… → floor(f × 1000001) / 10000
    expect(screen.getByRole('status', { name: 'Last roll' }).textContent).toContain(formatRoll(roll));
    expect(screen.getByRole('status', { name: 'Last roll' }).textContent).toContain('Win · nonce 1');
    expect(within(screen.getByRole('list', { name: 'Recent rolls' })).getAllByRole('listitem')).toHaveLength(1);
    expect(storedBets()).toMatchObject([{ game: 'dice', amount: 1, nonce: 1, win: true, multiplier: 2, payout: 2 }]);
  });

  it('keeps threshold, chance and multiplier consistent and toggles over/under', async () => {
    const { user } = renderGame(<DiceGame />);
    expect((screen.getByLabelText('Roll Over') as HTMLInputElement).value).toBe('50.50');
    expect((screen.getByLabelText(/Multiplier/) as HTMLInputElement).value).toBe('2.0000');
    expect((screen.getByLabelText(/Win Chance/) as HTMLInputElement).value).toBe('49.50');

    const chance = screen.getByLabelText(/Win Chance/);
    await user.clear(chance);
    await user.type(chance, '25');
    expect((screen.getByLabelText(/Multiplier/) as HTMLInputElement).value).toBe('3.9600');
    expect((screen.getByLabelText('Roll Over') as HTMLInputElement).value).toBe('75.00');

    await user.click(screen.getByRole('button', { name: 'Switch to roll under' }));
    expect((screen.getByLabelText('Roll Under') as HTMLInputElement).value).toBe('25.00');
    expect((screen.getByLabelText(/Win Chance/) as HTMLInputElement).value).toBe('25.00');
    expect(screen.getByRole('button', { name: 'Switch to roll over' })).toBeTruthy();
  });

  it('halves and doubles the amount to 8 decimals and shows the profit on win', async () => {
    const { user } = renderGame(<DiceGame />);
    const amount = screen.getByLabelText('Bet Amount');
    await user.clear(amount);
    await user.type(amount, '1');
    await user.click(screen.getByRole('button', { name: '2× Double bet amount' }));
    expect((amount as HTMLInputElement).value).toBe('2.00000000');
    await user.click(screen.getByRole('button', { name: '½ Half bet amount' }));
    await user.click(screen.getByRole('button', { name: '½ Half bet amount' }));
    expect((amount as HTMLInputElement).value).toBe('0.50000000');
    expect((screen.getByLabelText('Profit on Win') as HTMLInputElement).value).toBe('0.50000000');
  });

  it('auto runs the chosen number of bets', async () => {
    const { user } = renderGame(<DiceGame />);
    await user.click(screen.getByRole('tab', { name: 'Auto' }));
    await typeAmount(user, '1');
    await fillIn(user, { 'Number of Bets': '3' });
    startAutobet();
    expect(screen.getByRole('button', { name: 'Stop Autobet' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(AUTO_BET_DELAY_MS * 5));
    expect(storedBets().map((b) => b.nonce)).toEqual([3, 2, 1]);
    expect(screen.getByRole('button', { name: 'Start Autobet' })).toBeTruthy();
  });

  it('Stop ends an endless auto run mid-way', async () => {
    const { user } = renderGame(<DiceGame />);
    await user.click(screen.getByRole('tab', { name: 'Auto' }));
    await typeAmount(user, '1');
    await fillIn(user, { 'Number of Bets': '0' });
    startAutobet();
    await act(() => vi.advanceTimersByTimeAsync(AUTO_BET_DELAY_MS * 2));
    fireEvent.click(screen.getByRole('button', { name: 'Stop Autobet' }));
    await act(() => vi.advanceTimersByTimeAsync(AUTO_BET_DELAY_MS * 5));
    expect(storedBets()).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Start Autobet' })).toBeTruthy();
  });

  it('advanced: stop on loss ends the run', async () => {
    const { user } = renderGame(<DiceGame />);
    await user.click(screen.getByRole('tab', { name: 'Advanced' }));
    await typeAmount(user, '1');
    // roll under 0.01 (chance 0.01%) loses every time here
    await user.click(screen.getByRole('button', { name: 'Switch to roll under' }));
    const chance = screen.getByLabelText(/Win Chance/);
    await user.clear(chance);
    await user.type(chance, '0.01');
    await fillIn(user, { 'Number of Bets': '0' });
    await user.type(screen.getByLabelText('Stop on Loss'), '2');
    // on loss: increase by 100 % (1, then 2: the loss of 3 passes the limit of 2 after the second bet)
    await user.click(within(screen.getByRole('group', { name: 'On Loss' })).getByRole('radio', { name: 'Increase by' }));
    startAutobet();
    await act(() => vi.advanceTimersByTimeAsync(AUTO_BET_DELAY_MS * 10));
    expect(storedBets().map((b) => b.amount)).toEqual([2, 1]);
    expect(storedBets().every((b) => !b.win)).toBe(true);
  });
});

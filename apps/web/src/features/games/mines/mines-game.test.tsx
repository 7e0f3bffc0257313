import { act, screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { minePositions } from '@app/shared/fairness/outcomes';
import { minesMultiplier } from '@app/shared/fairness/payouts';
import { getFairnessSnapshot } from '../fairness/fairness-store';
import { AUTO_ROUND_DELAY_MS } from '../hooks/use-auto-bet';
import { TEST_SEEDS, fillIn, renderGame, setUpGameTests, startAutobet, storedBets, typeAmount } from '../test-utils';
import MinesGame from './mines-game';

const MINES = minePositions(TEST_SEEDS, 3);
const SAFE = Array.from({ length: 25 }, (_, i) => i).filter((t) => !MINES.includes(t));

const board = () => within(screen.getByRole('group', { name: 'Mines board' }));
const tile = (index: number) => board().getByRole('button', { name: new RegExp(`^Tile ${index + 1}(:|$)`) });

async function bet(user: ReturnType<typeof userEvent.setup>) {
  await typeAmount(user, '1');
  await user.click(screen.getByRole('button', { name: 'Bet' }));
}

setUpGameTests(TEST_SEEDS);

describe('mines game', { timeout: 30_000 }, () => {
  it('offers 1 to 24 mines, 3 by default, and needs a bet above 0', async () => {
    const { user } = renderGame(<MinesGame />);
    const select = screen.getByLabelText('Mines') as HTMLSelectElement;
    expect(select.value).toBe('3');
    expect([...select.options].map((o) => o.value)).toEqual(Array.from({ length: 24 }, (_, i) => String(i + 1)));
    await user.click(screen.getByRole('button', { name: 'Bet' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter a bet amount greater than 0.');
    expect(board().getAllByRole('button')).toHaveLength(25);
    expect(tile(0)).toHaveProperty('disabled', true);
  });

  it('deals the engine board; Cashout waits for a reveal, then ends the round at the current multiplier', async () => {
    const { user } = renderGame(<MinesGame />);
    await bet(user);
    expect(getFairnessSnapshot().isRoundOpen).toBe(true);
    const cashoutButton = screen.getByRole('button', { name: 'Cashout' });
    expect(cashoutButton).toHaveProperty('disabled', true);
    expect(screen.getByText('Next multiplier').nextElementSibling?.textContent).toBe(`${minesMultiplier(3, 1).toFixed(2)}×`);

    await user.click(tile(SAFE[0]!));
    expect(tile(SAFE[0]!).getAttribute('aria-label')).toBe(`Tile ${SAFE[0]! + 1}: gem`);
    expect(screen.getByRole('button', { name: 'Cashout' })).toHaveProperty('disabled', false);
    expect(screen.getByText('Current multiplier').nextElementSibling?.textContent).toBe(`${minesMultiplier(3, 1).toFixed(2)}×`);
    expect(screen.getByText('Next multiplier').nextElementSibling?.textContent).toBe(`${minesMultiplier(3, 2).toFixed(2)}×`);

    await user.click(screen.getByRole('button', { name: 'Cashout' }));
    expect(getFairnessSnapshot().isRoundOpen).toBe(false);
    expect(screen.getByText(/Cashed out at 1.13× · profit 0.12500000 NZD · nonce 1/)).toBeTruthy();
    // the whole board is shown: the engine's three mines
    const mines = board()
      .getAllByRole('button', { name: /: mine$/ })
      .map((b) => Number(/Tile (\d+)/.exec(b.getAttribute('aria-label') ?? '')![1]) - 1);
    expect(mines.sort((a, b) => a - b)).toEqual([...MINES].sort((a, b) => a - b));
    expect(storedBets()).toMatchObject([{ game: 'mines', amount: 1, win: true, nonce: 1, multiplier: minesMultiplier(3, 1) }]);
    expect(screen.getByRole('button', { name: 'Bet' })).toBeTruthy();
  });

  it('a mine ends the round as lost and shows the board', async () => {
    const { user } = renderGame(<MinesGame />);
    await bet(user);
    await user.click(tile(SAFE[0]!));
    await user.click(tile(MINES[0]!));
    expect(screen.getByText(new RegExp(`Mine hit on tile ${MINES[0]! + 1}. Round lost · nonce 1`))).toBeTruthy();
    expect(board().getAllByRole('button', { name: /: mine$/ })).toHaveLength(3);
    expect(board().getAllByRole('button', { name: /: gem$/ })).toHaveLength(22);
    expect(storedBets()).toMatchObject([{ game: 'mines', win: false, payout: 0 }]);
    expect(getFairnessSnapshot().isRoundOpen).toBe(false);
  });

  it('auto plays the picked tiles for the chosen number of rounds', async () => {
    const { user } = renderGame(<MinesGame />);
    await user.click(screen.getByRole('tab', { name: 'Auto' }));
    await typeAmount(user, '1');
    await user.click(tile(SAFE[0]!));
    await user.click(tile(SAFE[1]!));
    expect(tile(SAFE[0]!).getAttribute('aria-pressed')).toBe('true');
    await fillIn(user, { 'Number of Rounds': '2' });
    startAutobet();
    expect(storedBets()).toHaveLength(1);
    // the first round used nonce 1, whose board has neither pick
    expect(storedBets()[0]).toMatchObject({ game: 'mines', win: true, nonce: 1, multiplier: minesMultiplier(3, 2) });
    await act(() => vi.advanceTimersByTimeAsync(AUTO_ROUND_DELAY_MS * 3));
    expect(storedBets().map((b) => b.nonce)).toEqual([2, 1]);
    expect(screen.getByRole('button', { name: 'Start Autobet' })).toBeTruthy();
  });
});

import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { GameProvider } from '../game-context';
import { clearBetsForTests, recordBet } from './bet-store';
import { BetsTable } from './bets-table';
import { sampleFeed } from './sample-feed';

beforeEach(() => {
  localStorage.clear();
  clearBetsForTests();
});

function rowsOf(name: string) {
  return within(screen.getByRole('table', { name })).getAllByRole('row').slice(1);
}

describe('BetsTable', { timeout: 20_000 }, () => {
  it('shows 8 Live Bets by default with the five columns, amounts × 50000 × rate (NZD)', () => {
    render(
      <GameProvider>
        <BetsTable />
      </GameProvider>,
    );
    const table = screen.getByRole('table', { name: 'Live Bets' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Username', 'Game', 'Bet', '×Multiplier', 'Amount']);
    const rows = rowsOf('Live Bets');
    expect(rows).toHaveLength(8);
    const first = sampleFeed()[0]!;
    const bet = first.amountBTC * 50000 * 1.67;
    const cells = within(rows[0]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells[0]).toBe(first.user);
    expect(cells[1]).toBe(first.game);
    expect(cells[2]).toBe(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'NZD' }).format(bet));
    expect(cells[3]).toBe(`${first.multiplier.toFixed(2)}×`);
  });

  it('uses USD when chosen', () => {
    render(
      <GameProvider initial="USD">
        <BetsTable />
      </GameProvider>,
    );
    const first = sampleFeed()[0]!;
    const cells = within(rowsOf('Live Bets')[0]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells[2]).toBe(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(first.amountBTC * 50000));
  });

  it('My Bets has an empty state, then lists the player rounds', async () => {
    const user = userEvent.setup();
    render(
      <GameProvider initial="USD">
        <BetsTable />
      </GameProvider>,
    );
    await user.click(screen.getByRole('tab', { name: 'My Bets' }));
    expect(screen.getByText('No bets yet. Your rounds on this device show here.')).toBeTruthy();
    act(() => {
      recordBet({ game: 'dice', amount: 10, multiplier: 2, payout: 20, win: true, nonce: 0, currency: 'USD' });
    });
    const rows = rowsOf('My Bets');
    expect(rows).toHaveLength(1);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['You', 'Dice', '$10.00', '2.00×', '$20.00']);
  });

  it('High Rollers lists the largest stakes first', async () => {
    const user = userEvent.setup();
    render(
      <GameProvider initial="USD">
        <BetsTable />
      </GameProvider>,
    );
    await user.click(screen.getByRole('tab', { name: 'High Rollers' }));
    const bets = rowsOf('High Rollers').map((r) => Number(within(r).getAllByRole('cell')[2]!.textContent!.replace(/[$,]/g, '')));
    expect(bets).toEqual([...bets].sort((a, b) => b - a));
    const max = Math.max(...sampleFeed().map((r) => r.amountBTC)) * 50000;
    expect(bets[0]).toBeCloseTo(max, 2);
  });
});

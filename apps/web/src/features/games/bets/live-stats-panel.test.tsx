import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GameProvider } from '../game-context';
import { clearBetsForTests, recordBet } from './bet-store';
import { LiveStatsPanel } from './live-stats-panel';

beforeEach(() => {
  localStorage.clear();
  clearBetsForTests();
});

function tile(label: string) {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling!.textContent;
}

describe('LiveStatsPanel', { timeout: 20_000 }, () => {
  it('sums the player rounds and shows the Weekly Race tile', () => {
    render(
      <GameProvider initial="USD">
        <LiveStatsPanel onClose={() => {}} />
      </GameProvider>,
    );
    expect(tile('Profit')).toBe('$0.00');
    act(() => {
      recordBet({ game: 'dice', amount: 10, multiplier: 2, payout: 20, win: true, nonce: 0, currency: 'USD' });
      recordBet({ game: 'limbo', amount: 5, multiplier: 0, payout: 0, win: false, nonce: 1, currency: 'USD' });
    });
    expect(tile('Profit')).toBe('$5.00');
    expect(tile('Wins')).toBe('1');
    expect(tile('Wagered')).toBe('$15.00');
    expect(tile('Losses')).toBe('1');
    expect(screen.getByText('Weekly Race')).toBeTruthy();
    expect(screen.getByText('56:35:11')).toBeTruthy();
    expect(screen.getByText('N/A')).toBeTruthy();
    expect(screen.getByText('$0.00', { selector: 'dd' })).toBeTruthy();
  });

  it('moves with the arrow keys on its handle and with a pointer drag', async () => {
    const user = userEvent.setup();
    render(<LiveStatsPanel onClose={() => {}} />);
    const panel = screen.getByRole('dialog', { name: 'Live Stats' });
    const handle = screen.getByRole('button', { name: 'Move Live Stats' });
    const start = { left: parseFloat(panel.style.left), top: parseFloat(panel.style.top) };
    handle.focus();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowLeft}');
    expect(parseFloat(panel.style.top)).toBe(start.top + 20);
    expect(parseFloat(panel.style.left)).toBe(start.left - 10);

    fireEvent.pointerDown(handle, { pointerId: 1, button: 0, clientX: 300, clientY: 300 });
    fireEvent.pointerMove(handle, { pointerId: 1, clientX: 250, clientY: 340 });
    fireEvent.pointerUp(handle, { pointerId: 1, clientX: 250, clientY: 340 });
    expect(parseFloat(panel.style.left)).toBe(start.left - 10 - 50);
    expect(parseFloat(panel.style.top)).toBe(start.top + 20 + 40);
  });

  it('closes', async () => {
    const onClose = vi.fn();
    render(<LiveStatsPanel onClose={onClose} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close Live Stats' }));
    expect(onClose).toHaveBeenCalled();
  });
});

import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import LeaderboardPage from './leaderboard-page';

describe('LeaderboardPage', () => {
  it('shows the top 3 on the podium with prizes', () => {
    render(<LeaderboardPage />);
    const podium = within(screen.getByRole('region', { name: 'Top 3' }));
    expect(podium.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['CryptoKing', 'LuckyLuna', 'HighRollerNZ']);
    expect(podium.getByText('$8,000')).toBeTruthy();
    expect(podium.getByText('$4,000')).toBeTruthy();
    expect(podium.getByText('$2,000')).toBeTruthy();
    // #2's gap to #1: 482,350.75 - 356,120.40
    expect(podium.getByText('$126,230.35')).toBeTruthy();
  });

  it('lists ranks 4 to 18 with the gap to the position above, tickets and prize', () => {
    render(<LeaderboardPage />);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(15);
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);
    // #4 SpinDoctor 214,530.25 is 84,244.75 behind #3 (298,775); 214 tickets; $1,500.
    expect(within(rows[0]!).getByRole('rowheader').textContent).toBe('SpinDoctor');
    expect(cells(rows[0]!)).toEqual(['#4', '$214,530.25', '$84,244.75', '214', '$1,500']);
    expect(within(rows[14]!).getByRole('rowheader').textContent).toBe('MidnightMax');
    expect(cells(rows[14]!)).toEqual(['#18', '$15,200.00', '$6,585.55', '15', '$100']);
  });

  it('shows the countdown from 5d 14h 32m 18s and the prize pool', () => {
    render(<LeaderboardPage />);
    expect(screen.getByRole('timer', { name: 'Time remaining' }).textContent).toBe('5d 14h 32m 18s');
    expect(screen.getAllByText(/\$21,650/).length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: 'How It Works' })).toBeTruthy();
    expect(screen.getByText('Every $1,000 wagered gives you one ticket.')).toBeTruthy();
  });
});

import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Bonus, HuntSummary } from '@app/shared/api/bonus-hunts';
import { huntFigures } from '@app/shared/domain/bonus-hunt-stats';
import { BonusTable } from './bonus-table';
import { HuntFigures } from './hunt-figures';

const bonuses: Bonus[] = [
  {
    id: 'b1',
    position: 1,
    slotId: null,
    slotName: 'Gates of Olympus',
    provider: 'Pragmatic Play',
    bet: 200,
    win: 15000,
    multiplier: 75,
    guessCount: 4,
    bestGuess: { username: 'closest', multiplier: 70, difference: 5 },
  },
  {
    id: 'b2',
    position: 2,
    slotId: null,
    slotName: 'Le Bandit',
    provider: 'Hacksaw Gaming',
    bet: 200,
    win: null,
    multiplier: null,
    guessCount: 2,
    bestGuess: null,
  },
  { id: 'b3', position: 3, slotId: null, slotName: 'Mental', provider: 'Nolimit City', bet: 200, win: null, multiplier: null, guessCount: 0, bestGuess: null },
];

function hunt(status: HuntSummary['status']): HuntSummary {
  return {
    id: 'h1',
    title: 'Friday hunt',
    casino: 'Stake',
    currency: 'USD',
    startBalance: 100000,
    status,
    isGuessingOpen: status === 'collecting',
    entryCost: 0,
    prizes: [500],
    finalBalance: null,
    guessCount: 0,
    createdAt: '2026-11-25T12:00:00.000Z',
    figures: huntFigures(100000, bonuses),
  };
}

describe('the hunt page pieces', () => {
  it('marks the first unopened bonus as the one opening now, only while opening', () => {
    const { rerender } = render(<BonusTable hunt={hunt('opening')} bonuses={bonuses} />);
    const table = screen.getByRole('table', { name: 'Bonuses of Friday hunt' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('aria-current'))).toEqual([null, 'true', null]);
    expect(within(rows[1]!).getByText('(opening now)')).toBeTruthy();
    expect(within(rows[0]!).getByText('$150.00')).toBeTruthy();
    expect(within(rows[0]!).getByText('75.00×')).toBeTruthy();
    // Who guessed the × best once open; the guesses taken so far on the bonus opening now.
    expect(within(rows[0]!).getByText('closest')).toBeTruthy();
    expect(within(rows[0]!).getByText('(70.00×)')).toBeTruthy();
    expect(within(rows[1]!).getByText('2 guesses')).toBeTruthy();
    rerender(<BonusTable hunt={hunt('collecting')} bonuses={bonuses} />);
    expect(screen.queryByText('(opening now)')).toBeNull();
  });

  it('shows the live figures, the break-even × among them', () => {
    render(<HuntFigures hunt={hunt('opening')} />);
    const value = (term: string) => screen.getByText(term).nextElementSibling?.textContent;
    expect(value('Start balance')).toBe('$1,000.00');
    expect(value('Won so far')).toBe('$150.00');
    expect(value('Loss')).toBe('$850.00');
    expect(value('Break-even')).toBe('212.50×');
    expect(value('Bonuses')).toBe('1 / 3 opened');
  });
});

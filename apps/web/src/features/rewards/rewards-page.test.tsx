import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import RewardsPage from './rewards-page';

vi.mock('@/lib/session', () => ({
  useSession: () => ({ user: null, initializing: false, loading: false, pendingVerification: false, logout: async () => {} }),
}));

describe('RewardsPage', () => {
  it('shows the header, the 8 VIP tiers with unlock spend and perks, and How It Works to a visitor', () => {
    render(<RewardsPage />);
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    const carousel = screen.getByRole('region', { name: 'VIP tiers' });
    expect(carousel.getAttribute('aria-roledescription')).toBe('carousel');
    const tiers = within(carousel);
    expect(tiers.getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual(
      ['Rookie', 'Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond', 'Emerald', 'Amethyst'].map((name, i) => `${name}, ${i + 1} of 8`),
    );
    expect(tiers.getByRole('button', { name: 'Previous tier' })).toBeTruthy();
    expect(tiers.getByRole('button', { name: 'Next tier' })).toBeTruthy();
    const names = tiers.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(names).toEqual(['Rookie', 'Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond', 'Emerald', 'Amethyst']);
    expect(tiers.getByText('$18,094.01')).toBeTruthy();
    expect(tiers.getByText('$1,000,000')).toBeTruthy();
    const platinumPerks = within(screen.getByRole('list', { name: 'Platinum perks' })).getAllByRole('listitem');
    expect(platinumPerks.map((li) => li.textContent)).toEqual([
      'Daily Platinum Box',
      'Weekly Cash Prize',
      'Monthly Cash Prize',
      'Boosted Rakeback',
      'Daily Bonuses / Reload',
    ]);
    expect(screen.getByRole('heading', { name: 'How It Works' })).toBeTruthy();
    // The signed-in section is absent for visitors.
    expect(screen.queryByRole('heading', { name: 'Your Rewards' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Claim Code' })).toBeNull();
  });
});

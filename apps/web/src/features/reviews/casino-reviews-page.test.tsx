import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SAMPLE_CASINOS } from './casino-data';
import CasinoReviewsPage from './casino-reviews-page';

const listedNames = () =>
  within(screen.getByRole('region', { name: 'Casinos' }))
    .queryAllByRole('button', { pressed: undefined })
    .filter((b) => b.hasAttribute('aria-pressed'))
    .map((b) => b.querySelector('.font-semibold')?.textContent);

const selectedName = () => screen.queryByRole('article')?.querySelector('h2')?.textContent ?? null;

describe('sample casinos', () => {
  it('has 4 entries with every field filled', () => {
    expect(SAMPLE_CASINOS).toHaveLength(4);
    expect(new Set(SAMPLE_CASINOS.map((c) => c.rank))).toEqual(new Set([1, 2, 3, 4]));
    const isFilled = (value: unknown): boolean =>
      Array.isArray(value)
        ? value.length > 0 && value.every(isFilled)
        : typeof value === 'object' && value !== null
          ? Object.values(value).every(isFilled)
          : typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && value.trim() !== '');
    for (const casino of SAMPLE_CASINOS) {
      expect(isFilled(casino)).toBe(true);
      expect(casino.rating * 2).toBe(Math.round(casino.rating * 2));
      expect(casino.logo.startsWith('data:image/svg+xml,')).toBe(true);
      expect(casino.website.startsWith('https://')).toBe(true);
    }
  });
});

describe('CasinoReviewsPage', () => {
  it('lists the casinos by rank and asks to select one', () => {
    render(<CasinoReviewsPage />);
    expect(listedNames()).toEqual(['Stake', 'Roobet', 'BC.Game', 'Gamdom']);
    expect(screen.getByText('Select a casino from the list to view detailed information and bonuses.')).toBeTruthy();
    expect(screen.getByText('Must be 18+ to play. Please gamble responsibly.')).toBeTruthy();
    expect(screen.getAllByText('Rank #1').length).toBeGreaterThan(0);
  });

  it('shows the selected casino with rating bars, tiles, tabs and a safe Visit Casino link', async () => {
    const user = userEvent.setup();
    render(<CasinoReviewsPage />);
    await user.click(screen.getByRole('button', { name: /Roobet/ }));
    expect(screen.getByRole('button', { name: /Roobet/ }).getAttribute('aria-pressed')).toBe('true');
    const detail = within(screen.getByRole('article', { name: 'Roobet' }));
    expect(detail.getByRole('progressbar', { name: 'Games Selection' }).getAttribute('aria-valuenow')).toBe('90');
    expect(detail.getByRole('progressbar', { name: 'Bonuses & Promotions' }).getAttribute('aria-valuenow')).toBe('90');
    expect(detail.getByRole('progressbar', { name: 'Customer Support' }).getAttribute('aria-valuenow')).toBe('80');
    expect(detail.getByRole('progressbar', { name: 'Payouts Speed' }).getAttribute('aria-valuenow')).toBe('90');
    expect(detail.getByRole('progressbar', { name: 'User Experience' }).getAttribute('aria-valuenow')).toBe('100');
    expect(detail.getByText('Withdrawal Time')).toBeTruthy();
    expect(detail.getByText('60 providers')).toBeTruthy();
    const link = detail.getByRole('link', { name: /Visit Casino/ });
    expect(link.getAttribute('href')).toBe('https://roobet.com');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');

    expect(detail.getByRole('tab', { name: 'Bonuses' }).getAttribute('aria-selected')).toBe('true');
    expect(detail.getByText('Up to 15% cashback on losses during your first 7 days')).toBeTruthy();
    await user.click(detail.getByRole('tab', { name: 'Pros & Cons' }));
    expect(detail.getByText('Excellent mobile experience')).toBeTruthy();
    await user.click(detail.getByRole('tab', { name: 'Details' }));
    expect(detail.getByText('2019')).toBeTruthy();
    expect(detail.getByText('Invited players get a personal host and tailored reloads.')).toBeTruthy();
  });

  it('searches by tag and selects the first result by rank', async () => {
    const user = userEvent.setup();
    render(<CasinoReviewsPage />);
    await user.type(screen.getByRole('searchbox', { name: 'Search casinos' }), 'mobile');
    expect(listedNames()).toEqual(['Roobet', 'BC.Game']);
    expect(selectedName()).toBe('Roobet');
  });

  it('filters by tab: Top Rated, Crypto, Slots, Best Bonuses', async () => {
    const user = userEvent.setup();
    render(<CasinoReviewsPage />);
    await user.click(screen.getByRole('tab', { name: 'Top Rated' }));
    expect(listedNames()).toEqual(['Stake', 'Roobet', 'BC.Game']);
    await user.click(screen.getByRole('tab', { name: 'Crypto' }));
    expect(listedNames()).toEqual(['Stake']);
    await user.click(screen.getByRole('tab', { name: 'Slots' }));
    expect(listedNames()).toEqual(['Roobet', 'Gamdom']);
    expect(selectedName()).toBe('Roobet');
    await user.click(screen.getByRole('tab', { name: 'Best Bonuses' }));
    expect(listedNames()).toEqual(['BC.Game']);
    expect(selectedName()).toBe('BC.Game');
  });

  it('shows the empty state and resets the filters', async () => {
    const user = userEvent.setup();
    render(<CasinoReviewsPage />);
    await user.type(screen.getByRole('searchbox', { name: 'Search casinos' }), 'nothing like this');
    expect(screen.getByText('No casinos found matching your criteria.')).toBeTruthy();
    expect(screen.getByText('Select a casino from the list to view detailed information and bonuses.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reset Filters' }));
    expect(listedNames()).toEqual(['Stake', 'Roobet', 'BC.Game', 'Gamdom']);
    expect((screen.getByRole('searchbox', { name: 'Search casinos' }) as HTMLInputElement).value).toBe('');
    expect(selectedName()).toBe('Stake');
  });
});

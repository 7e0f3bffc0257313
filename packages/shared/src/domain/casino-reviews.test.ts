import { describe, expect, it } from 'vitest';
import { DEFAULT_CASINO_FILTERS, filterCasinos, formatRating, ratingPercent, type CasinoFilters, type CasinoReview } from './casino-reviews';

function casino(overrides: Partial<CasinoReview> & Pick<CasinoReview, 'id' | 'rank'>): CasinoReview {
  return {
    name: `Casino ${overrides.id}`,
    logo: '/logo.svg',
    rating: 4,
    description: 'A casino.',
    tags: [],
    category: 'Crypto',
    bonuses: [],
    website: 'https://example.com',
    details: {
      ratingDetails: { games: 4, bonuses: 4, support: 4, payouts: 4, user_experience: 4 },
      withdrawalTime: 'Instant',
      license: 'Curaçao',
      games: 1000,
      providers: 50,
      founded: 2020,
      languages: ['English'],
      currencies: ['BTC'],
    },
    detailedBonuses: { welcomeBonus: '', lossback: '', rakeback: '', freespins: '', vipProgram: '' },
    vipFeatures: { vipLevels: 1, hasVipHost: false, vipHostDetails: '', vipBenefits: [] },
    pros: [],
    cons: [],
    ...overrides,
  };
}

// Deliberately out of rank order to check the sort.
const casinos = [
  casino({ id: 'd', rank: 4, name: 'Delta Slots', category: 'Slots', tags: ['Slots', 'Mobile Friendly'], description: 'Thousands of reels.' }),
  casino({ id: 'a', rank: 1, name: 'Alpha', category: 'Crypto', tags: ['Crypto', 'VIP Program'], description: 'Fast crypto payouts.' }),
  casino({ id: 'c', rank: 3, name: 'Charlie Bets', category: 'Best Bonuses', tags: ['Sports', 'crypto'], description: 'Big welcome package.' }),
  casino({ id: 'b', rank: 2, name: 'Bravo', category: 'slots', tags: ['Slots'], description: 'Original games.' }),
];

const ids = (filters: Partial<CasinoFilters>) => filterCasinos(casinos, { ...DEFAULT_CASINO_FILTERS, ...filters }).map((c) => c.id);

describe('filterCasinos', () => {
  it('shows every casino by rank with the default filters', () => {
    expect(ids({})).toEqual(['a', 'b', 'c', 'd']);
  });

  it('searches name, description and tags, case-insensitively', () => {
    expect(ids({ search: 'ALPHA' })).toEqual(['a']);
    expect(ids({ search: 'welcome' })).toEqual(['c']);
    expect(ids({ search: 'mobile friendly' })).toEqual(['d']);
    expect(ids({ search: 'vip program' })).toEqual(['a']);
    expect(ids({ search: '  bravo  ' })).toEqual(['b']);
    expect(ids({ search: '   ' })).toEqual(['a', 'b', 'c', 'd']);
    expect(ids({ search: 'no such casino' })).toEqual([]);
  });

  it('filters the category dropdown on an equal tag, case-insensitively', () => {
    expect(ids({ category: 'Crypto' })).toEqual(['a', 'c']);
    expect(ids({ category: 'Sports' })).toEqual(['c']);
    expect(ids({ category: 'Slots' })).toEqual(['b', 'd']);
    expect(ids({ category: 'VIP Program' })).toEqual(['a']);
    expect(ids({ category: 'Mobile Friendly' })).toEqual(['d']);
    expect(ids({ category: 'all' })).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps rank 3 or better on the Top Rated tab', () => {
    expect(ids({ tab: 'top-rated' })).toEqual(['a', 'b', 'c']);
  });

  it('filters the Crypto, Slots and Best Bonuses tabs on the category field', () => {
    expect(ids({ tab: 'crypto' })).toEqual(['a']);
    expect(ids({ tab: 'slots' })).toEqual(['b', 'd']);
    expect(ids({ tab: 'best-bonuses' })).toEqual(['c']);
    expect(ids({ tab: 'all' })).toEqual(['a', 'b', 'c', 'd']);
  });

  it('combines the three filters', () => {
    expect(ids({ tab: 'slots', category: 'Mobile Friendly' })).toEqual(['d']);
    expect(ids({ tab: 'top-rated', category: 'Slots' })).toEqual(['b']);
    expect(ids({ tab: 'crypto', category: 'Sports' })).toEqual([]);
    expect(ids({ tab: 'top-rated', search: 'delta' })).toEqual([]);
  });
});

describe('ratings', () => {
  it('shows a rating to one decimal', () => {
    expect(formatRating(4)).toBe('4.0');
    expect(formatRating(4.5)).toBe('4.5');
  });
  it('turns a 0..5 rating into a percent by multiplying by 20', () => {
    expect(ratingPercent(4.5)).toBe(90);
    expect(ratingPercent(1)).toBe(20);
    expect(ratingPercent(5)).toBe(100);
    expect(ratingPercent(7)).toBe(100);
    expect(ratingPercent(-1)).toBe(0);
  });
});

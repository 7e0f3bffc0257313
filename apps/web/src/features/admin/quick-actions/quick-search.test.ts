import { describe, expect, it } from 'vitest';
import { defaultFilters, initialSearch, searchParams } from './quick-search';

describe('Quick Search', () => {
  it('starts raffle filters with Active and Upcoming on, challenge filters with Active on, others off (spec 2 §9)', () => {
    expect(defaultFilters('raffles')).toEqual(['Active', 'Upcoming']);
    expect(defaultFilters('challenges')).toEqual(['Active']);
    expect(defaultFilters('users')).toEqual([]);
    expect(initialSearch('raffles').statuses).toEqual(['Active', 'Upcoming']);
  });

  it("sends only the category's own filters, From/To and the text", () => {
    const params = searchParams({
      ...initialSearch('affiliates'),
      q: '  king ',
      statuses: ['Active', 'Upcoming'], // Upcoming is not an affiliate status
      partner: 'Stake',
      rewardCategory: 'vip', // store items only
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(Object.fromEntries(params)).toEqual({
      category: 'affiliates',
      q: 'king',
      status: 'Active',
      partner: 'Stake',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(Object.fromEntries(searchParams(initialSearch('raffles')))).toEqual({ category: 'raffles', status: 'Active,Upcoming' });
  });
});

import { SEARCH_STATUS_FILTERS, type SearchCategory } from '@app/shared/api/admin';

export const CATEGORY_LABELS: Record<SearchCategory, string> = {
  users: 'Users',
  affiliates: 'Affiliates',
  raffles: 'Raffles',
  challenges: 'Challenges',
  store_items: 'Store Items',
  orders: 'Orders',
  bets: 'Bets',
  redeems: 'Redeems',
};

const FILTER_LABELS: Record<string, string> = {
  active: 'Active',
  inactive: 'Inactive',
  featured: 'Featured',
  in_stock: 'In stock',
  sold_out: 'Sold out',
  pending: 'Pending',
  paid: 'Paid',
  declined: 'Declined',
  win: 'Win',
  lose: 'Lose',
  store_redeem: 'Store redeems',
  raffle_entry: 'Raffle entries',
  admin_revoke: 'Admin revokes',
};

/** A filter value as shown beside its checkbox. */
export function filterLabel(value: string): string {
  return FILTER_LABELS[value] ?? value;
}

/** spec 2 §9: raffle filters default to Active and Upcoming on, challenge filters to Active on; others start off (all). */
export function defaultFilters(category: SearchCategory): string[] {
  if (category === 'raffles') return ['Active', 'Upcoming'];
  if (category === 'challenges') return ['Active'];
  return [];
}

export type QuickSearchForm = {
  category: SearchCategory;
  q: string;
  statuses: string[];
  partner: string;
  rewardCategory: string;
  from: string;
  to: string;
};

export function initialSearch(category: SearchCategory = 'users'): QuickSearchForm {
  return {
    category,
    q: '',
    statuses: defaultFilters(category),
    partner: '',
    rewardCategory: '',
    from: '',
    to: '',
  };
}

/** The query string of GET /api/admin/search for the form (only the filters the category has). */
export function searchParams(form: QuickSearchForm): URLSearchParams {
  const params = new URLSearchParams({ category: form.category });
  if (form.q.trim()) params.set('q', form.q.trim());
  if (form.from) params.set('from', form.from);
  if (form.to) params.set('to', form.to);
  const allowed = SEARCH_STATUS_FILTERS[form.category];
  const statuses = form.statuses.filter((s) => allowed.includes(s));
  if (statuses.length > 0) params.set('status', statuses.join(','));
  if (form.category === 'affiliates' && form.partner) params.set('partner', form.partner);
  if (form.category === 'store_items' && form.rewardCategory) params.set('rewardCategory', form.rewardCategory);
  return params;
}

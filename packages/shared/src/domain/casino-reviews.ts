/**
 * Casino reviews directory (spec 2 §2 "Casino Reviews page", §3 "Casino review", §5 "Searching and
 * filtering", §9 "Reviews"): the review shape and the pure search/category/tab filter.
 */

export type RatingDetails = {
  games: number;
  bonuses: number;
  support: number;
  payouts: number;
  user_experience: number;
};

export type CasinoReview = {
  id: string;
  name: string;
  /** Image URL (same-origin path or data: URI). */
  logo: string;
  /** 0 to 5 in half steps. */
  rating: number;
  description: string;
  tags: readonly string[];
  /** 1 is the best. */
  rank: number;
  /** Matched by the Crypto, Slots and Best Bonuses tabs, e.g. 'Crypto'. */
  category: string;
  bonuses: readonly string[];
  website: string;
  details: {
    /** Each 1 to 5. */
    ratingDetails: RatingDetails;
    withdrawalTime: string;
    license: string;
    /** Number of games offered. */
    games: number;
    /** Number of game providers. */
    providers: number;
    founded: number;
    languages: readonly string[];
    currencies: readonly string[];
  };
  detailedBonuses: {
    welcomeBonus: string;
    lossback: string;
    rakeback: string;
    freespins: string;
    vipProgram: string;
  };
  vipFeatures: {
    vipLevels: number;
    hasVipHost: boolean;
    vipHostDetails: string;
    vipBenefits: readonly string[];
  };
  pros: readonly string[];
  cons: readonly string[];
};

/** The category dropdown (spec 2 §2); 'all' shows every casino, the others match a tag. */
export const CASINO_CATEGORY_OPTIONS = [
  { value: 'all', label: 'All Categories' },
  { value: 'Crypto', label: 'Crypto' },
  { value: 'Sports', label: 'Sports' },
  { value: 'Slots', label: 'Slots' },
  { value: 'VIP Program', label: 'VIP Program' },
  { value: 'Mobile Friendly', label: 'Mobile Friendly' },
] as const;

export type CasinoCategory = (typeof CASINO_CATEGORY_OPTIONS)[number]['value'];

/** The tabs (spec 2 §2). Top Rated is rank 3 or better; the others match the category field. */
export const CASINO_TABS = [
  { value: 'all', label: 'All' },
  { value: 'top-rated', label: 'Top Rated' },
  { value: 'crypto', label: 'Crypto', category: 'Crypto' },
  { value: 'slots', label: 'Slots', category: 'Slots' },
  { value: 'best-bonuses', label: 'Best Bonuses', category: 'Best Bonuses' },
] as const;

export type CasinoTab = (typeof CASINO_TABS)[number]['value'];

/** spec 2 §5: the Top Rated tab means rank 3 or better. */
const TOP_RATED_MAX_RANK = 3;

export type CasinoFilters = { search: string; category: CasinoCategory; tab: CasinoTab };

export const DEFAULT_CASINO_FILTERS: CasinoFilters = { search: '', category: 'all', tab: 'all' };

function same(a: string, b: string): boolean {
  return a.toLocaleLowerCase() === b.toLocaleLowerCase();
}

/** Search over name, description or any tag, case-insensitive; a blank search matches everything. */
function matchesSearch(casino: CasinoReview, search: string): boolean {
  const query = search.trim().toLocaleLowerCase();
  if (!query) return true;
  return [casino.name, casino.description, ...casino.tags].some((text) => text.toLocaleLowerCase().includes(query));
}

/** The category dropdown: a tag equal to the selection, case-insensitive. */
function matchesCategory(casino: CasinoReview, category: CasinoCategory): boolean {
  return category === 'all' || casino.tags.some((tag) => same(tag, category));
}

/** The tabs: All, Top Rated (rank ≤ 3), or the category field for Crypto, Slots and Best Bonuses. */
function matchesTab(casino: CasinoReview, tab: CasinoTab): boolean {
  if (tab === 'all') return true;
  if (tab === 'top-rated') return casino.rank <= TOP_RATED_MAX_RANK;
  const def = CASINO_TABS.find((t) => t.value === tab);
  return def !== undefined && 'category' in def && same(casino.category, def.category);
}

/** The casinos matching all three filters, best rank first. */
export function filterCasinos(casinos: readonly CasinoReview[], filters: CasinoFilters): CasinoReview[] {
  return casinos
    .filter((c) => matchesSearch(c, filters.search) && matchesCategory(c, filters.category) && matchesTab(c, filters.tab))
    .sort((a, b) => a.rank - b.rank);
}

/** A rating (0..5) as a percent for a bar, e.g. 4.5 → 90 (spec 2 §9: multiply by 20), clamped to 0..100. */
export function ratingPercent(rating: number): number {
  if (!Number.isFinite(rating)) return 0;
  return Math.min(100, Math.max(0, rating * 20));
}

/** A rating to one decimal, e.g. '4.5'. */
export function formatRating(rating: number): string {
  return rating.toFixed(1);
}

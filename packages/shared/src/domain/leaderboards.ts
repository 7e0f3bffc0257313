/**
 * Admin leaderboard races (spec 1 §3, §4, §5, §7; spec 2 §4, §5, §9 Admin): partners, metrics, the
 * generated name, the status rules, the 'Ends in' column, the form's integer fallbacks and prize shares.
 */

/** spec 1 §3 Partners: p1 Stake, p2 Roobet, p3 BC.Game, p4 Rollbit, p5 Gamdom. */
export const PARTNERS = [
  { id: 'p1', name: 'Stake' },
  { id: 'p2', name: 'Roobet' },
  { id: 'p3', name: 'BC.Game' },
  { id: 'p4', name: 'Rollbit' },
  { id: 'p5', name: 'Gamdom' },
] as const;
export const PARTNER_IDS = ['p1', 'p2', 'p3', 'p4', 'p5'] as const;
export type PartnerId = (typeof PARTNER_IDS)[number];
export const PARTNER_NAMES = ['Stake', 'Roobet', 'BC.Game', 'Rollbit', 'Gamdom'] as const;
export type PartnerName = (typeof PARTNER_NAMES)[number];

/** The partner's display name for an id; undefined for an unknown id. */
export function partnerName(partnerId: string): PartnerName | undefined {
  return PARTNERS.find((p) => p.id === partnerId)?.name;
}

/** spec 2 §9 Admin: the race metrics. */
export const LEADERBOARD_METRICS = ['Total Wager', 'Slot Wager', 'Table Wager', 'Blackjack Wager', 'Roulette Wager'] as const;
export type LeaderboardMetric = (typeof LEADERBOARD_METRICS)[number];

/** spec 1 §4: Draft, Upcoming, Active, Completed. A new leaderboard starts as Draft. */
export const LEADERBOARD_STATUSES = ['Draft', 'Upcoming', 'Active', 'Completed'] as const;
export type LeaderboardStatus = (typeof LEADERBOARD_STATUSES)[number];

/** The tabs of the Leaderboard Races screen (Completed is shown as Previous). */
export const LEADERBOARD_TABS = ['active', 'upcoming', 'previous'] as const;
export type LeaderboardTab = (typeof LEADERBOARD_TABS)[number];

/** spec 2 §9 Admin: the defaults of a new leaderboard. */
export const LEADERBOARD_DEFAULTS = {
  prizePool: 1000,
  metric: 'Total Wager' as LeaderboardMetric,
  wagerToTicketRatio: 1000,
  prizes: [
    { position: '1', amount: 500 },
    { position: '2', amount: 300 },
    { position: '3', amount: 200 },
  ],
  status: 'Draft' as LeaderboardStatus,
  isGlobalRaffle: false,
};

/** spec 1 §5: a new prize position defaults to amount 100. */
export const NEW_PRIZE_AMOUNT = 100;

/** spec 1 §3: the title shown when a server item has no name. */
export const UNNAMED_RACE = 'Unnamed Race';

const DAY_MS = 86_400_000;

function toTime(value: string | Date | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const t = value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isFinite(t) ? t : null;
}

type RaceKind = 'Weekend' | 'Weekly' | 'Monthly' | 'Race';

/**
 * spec 1 §7: 2 days or less is Weekend, up to 7 days Weekly, longer Monthly; an unknown duration
 * (a missing or invalid date, or an end not after the start) is Race.
 */
export function raceKind(startDate: string | Date | null | undefined, endDate: string | Date | null | undefined): RaceKind {
  const start = toTime(startDate);
  const end = toTime(endDate);
  if (start === null || end === null || end <= start) return 'Race';
  const days = (end - start) / DAY_MS;
  if (days <= 2) return 'Weekend';
  if (days <= 7) return 'Weekly';
  return 'Monthly';
}

type LeaderboardNameInput = {
  partnerId: string;
  metric: string;
  prizePool: number;
  startDate?: string | Date | null;
  endDate?: string | Date | null;
};

/** spec 1 §7: '{Partner} {Weekend|Weekly|Monthly|Race} {metric} - ${pool}'. */
export function leaderboardName(input: LeaderboardNameInput): string {
  const partner = partnerName(input.partnerId) ?? input.partnerId;
  return `${partner} ${raceKind(input.startDate, input.endDate)} ${input.metric} - $${input.prizePool}`;
}

/** spec 1 §4: saving sends isActive as true only when the status is Active. */
export function isActiveForStatus(status: LeaderboardStatus): boolean {
  return status === 'Active';
}

/**
 * spec 1 §4: a server item shows its stored status when it has one; an item with only isActive shows
 * Active if isActive is true, otherwise Upcoming.
 */
export function displayStatus(item: { isActive: boolean; status?: LeaderboardStatus | null }): LeaderboardStatus {
  if (item.status) return item.status;
  return item.isActive ? 'Active' : 'Upcoming';
}

/**
 * The tab a status belongs to: Active → active, Completed → previous. Drafts are listed with the
 * Upcoming ones (spec 1 §4 names no Draft tab; a new race starts as Draft and must be findable).
 */
export function tabForStatus(status: LeaderboardStatus): LeaderboardTab {
  if (status === 'Active') return 'active';
  if (status === 'Completed') return 'previous';
  return 'upcoming';
}

/** spec 1 §4: the overview's whole days remaining while Active (0 once ended; null for no end). */
export function daysRemaining(endDate: string | Date | null | undefined, now: Date | number): number | null {
  const end = toTime(endDate);
  if (end === null) return null;
  const left = end - (now instanceof Date ? now.getTime() : now);
  return left <= 0 ? 0 : Math.ceil(left / DAY_MS);
}

/**
 * spec 1 §4 'Ends in': '{d}d {h}h' remaining; once past 'Ended' (under a day ago) or 'Ended {n}d ago';
 * '-' when the date is missing or invalid.
 */
export function formatEndsIn(endDate: string | Date | null | undefined, now: Date | number): string {
  const end = toTime(endDate);
  if (end === null) return '-';
  const left = end - (now instanceof Date ? now.getTime() : now);
  if (left > 0) {
    const days = Math.floor(left / DAY_MS);
    const hours = Math.floor((left % DAY_MS) / 3_600_000);
    return `${days}d ${hours}h`;
  }
  const daysAgo = Math.floor(-left / DAY_MS);
  return daysAgo >= 1 ? `Ended ${daysAgo}d ago` : 'Ended';
}

/** Parses an integer the way the form does (leading digits, like parseInt); `fallback` when invalid. */
function parseIntegerOr(value: unknown, fallback: number): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : fallback;
  if (typeof value !== 'string') return fallback;
  const parsed = Number.parseInt(value.trim(), 10);
  return Number.isFinite(parsed) ? parsed : fallback;
}

/** spec 1 §5: the prize pool is an integer, 0 when invalid. */
export function parsePrizePool(value: unknown): number {
  return parseIntegerOr(value, 0);
}

/** spec 1 §5: a prize amount is an integer, 0 when invalid. */
export function parsePrizeAmount(value: unknown): number {
  return parseIntegerOr(value, 0);
}

/** spec 1 §5: the wager-to-ticket ratio is an integer, 1000 when invalid. */
export function parseWagerToTicketRatio(value: unknown): number {
  return parseIntegerOr(value, LEADERBOARD_DEFAULTS.wagerToTicketRatio);
}

/** spec 2 §9: a prize as a percent of the pool, to one decimal ('0.0' for an empty pool). */
export function prizePercent(amount: number, prizePool: number): string {
  if (!Number.isFinite(amount) || !Number.isFinite(prizePool) || prizePool <= 0) return '0.0';
  return ((amount / prizePool) * 100).toFixed(1);
}

/** spec 1 §5: a new prize position is the next number after the highest numeric position (or the count). */
export function nextPrizePosition(prizes: readonly { position: string | number }[]): string {
  let highest = prizes.length;
  for (const prize of prizes) {
    const n = Number.parseInt(String(prize.position), 10);
    if (Number.isFinite(n) && n > highest) highest = n;
  }
  return String(highest + 1);
}

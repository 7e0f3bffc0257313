import type { Raffle, RaffleStatus } from '@app/shared/api/raffles';
import { parseEntryCost } from '@app/shared/api/raffles';
import { countdownParts } from '@app/shared/domain/public-leaderboard';

/** spec 2 §9: completed raffles are shown 6 per page. */
export const PREVIOUS_PAGE_SIZE = 6;
/** spec 2 §9: the entry progress bar is based on a 72-hour window. */
const PROGRESS_WINDOW_MS = 72 * 60 * 60 * 1000;
/** spec 2 §9: the entry shows 'Entering…' for about a second. */
export const ENTERING_MIN_MS = 1000;

export const TABS = [
  {
    value: 'active',
    label: 'Active',
    status: 'Active',
    empty: 'No active raffles available.',
  },
  {
    value: 'pending',
    label: 'Pending',
    status: 'Pending',
    empty: 'No pending raffles at the moment.',
  },
  {
    value: 'upcoming',
    label: 'Upcoming',
    status: 'Upcoming',
    empty: 'No upcoming raffles scheduled.',
  },
  {
    value: 'previous',
    label: 'Previous',
    status: 'Completed',
    empty: 'No raffles have been completed yet.',
  },
] as const satisfies readonly {
  value: string;
  label: string;
  status: RaffleStatus;
  empty: string;
}[];
export type TabValue = (typeof TABS)[number]['value'];

/** spec 2 §5: the cost is the first integer in the entryCost text, 0 when there is none. */
export function entryCostOf(raffle: Pick<Raffle, 'entryCost'>): number {
  return parseEntryCost(raffle.entryCost);
}

/** spec 2 §2 dialog: 'n pts', or Free when the cost is 0. */
export function entryCostLabel(raffle: Pick<Raffle, 'entryCost'>): string {
  const cost = entryCostOf(raffle);
  return cost === 0 ? 'Free' : `${cost.toLocaleString('en-US')} pts`;
}

/** The numeric part of a prize text ('$1,250 Crypto Tip' → 1250), 0 when there is none (spec 2 §2 Total Given Away). */
export function prizeAmount(prize: string): number {
  const match = /\d[\d,]*(?:\.\d+)?/.exec(prize);
  return match ? Number(match[0].replace(/,/g, '')) : 0;
}

type RaffleSummary = {
  totalEntered: number;
  totalEligible: number;
  nextDrawMs: number | null;
  totalGivenAway: number;
};

/**
 * The four summary cards (spec 2 §2, §5): raffles the caller entered; active raffles not entered whose
 * points cost is at or below the balance; time to the earliest-ending active raffle; the prizes of
 * completed raffles added up.
 */
export function summarize(raffles: readonly Raffle[], balance: number, now: number): RaffleSummary {
  const active = raffles.filter((r) => r.status === 'Active');
  const ends = active.map((r) => Date.parse(r.endDate) - now).filter((ms) => ms > 0);
  return {
    totalEntered: raffles.filter((r) => r.entered === true).length,
    totalEligible: active.filter((r) => r.entered !== true && r.pointsCost <= balance).length,
    nextDrawMs: ends.length > 0 ? Math.min(...ends) : null,
    totalGivenAway: raffles.filter((r) => r.status === 'Completed').reduce((sum, r) => sum + prizeAmount(r.prize), 0),
  };
}

/** Days, hours and minutes ('2d 5h 30m'), or N/A (spec 2 §2 Next Draw). */
export function formatDaysHoursMinutes(ms: number | null): string {
  if (ms === null || ms <= 0) return 'N/A';
  const { days, hours, minutes } = countdownParts(Math.floor(ms / 1000));
  return `${days}d ${hours}h ${minutes}m`;
}

/** A countdown's text, '1d 4h 12m 9s', never below zero. */
export function formatTimeLeft(ms: number): string {
  const { days, hours, minutes, seconds } = countdownParts(Math.max(0, Math.floor(ms / 1000)));
  return `${days}d ${hours}h ${minutes}m ${seconds}s`;
}

/** The raffles of one tab, in the order a person wants them: soonest first, latest completed first. */
export function rafflesForTab(raffles: readonly Raffle[], tab: TabValue): Raffle[] {
  const status = TABS.find((t) => t.value === tab)!.status;
  const list = raffles.filter((r) => r.status === status);
  if (status === 'Upcoming') return list.sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate));
  if (status === 'Active') return list.sort((a, b) => Date.parse(a.endDate) - Date.parse(b.endDate));
  return list.sort((a, b) => Date.parse(b.endDate) - Date.parse(a.endDate));
}

export function pageCount(total: number, pageSize = PREVIOUS_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The entry window's progress bar: the share of the last 72 hours left before entries close (spec 2 §9). */
export function entryProgress(endDate: string, now: number): number {
  const left = Date.parse(endDate) - now;
  return Math.min(100, Math.max(0, (left / PROGRESS_WINDOW_MS) * 100));
}

/** The next moment a raffle changes status by the clock (an Upcoming start or an Active end), if any. */
export function nextStatusChange(raffles: readonly Raffle[], now: number): number | null {
  const times = raffles
    .flatMap((r) => (r.status === 'Upcoming' ? [Date.parse(r.startDate)] : r.status === 'Active' ? [Date.parse(r.endDate)] : []))
    .filter((t) => t > now);
  return times.length > 0 ? Math.min(...times) : null;
}

import { describe, expect, it } from 'vitest';
import {
  daysRemaining,
  displayStatus,
  formatEndsIn,
  isActiveForStatus,
  leaderboardName,
  nextPrizePosition,
  parsePrizeAmount,
  parsePrizePool,
  parseWagerToTicketRatio,
  prizePercent,
  raceKind,
  tabForStatus,
} from './leaderboards.ts';

const START = '2026-03-01T00:00:00.000Z';
const DAY = 86_400_000;
const at = (days: number) => new Date(Date.parse(START) + days * DAY).toISOString();

describe('leaderboardName (spec 1 §7)', () => {
  it('calls 2 days a Weekend race', () => {
    expect(leaderboardName({ partnerId: 'p1', metric: 'Total Wager', prizePool: 1000, startDate: START, endDate: at(2) })).toBe(
      'Stake Weekend Total Wager - $1000',
    );
  });
  it('calls 7 days Weekly and 8 days Monthly', () => {
    expect(leaderboardName({ partnerId: 'p2', metric: 'Slot Wager', prizePool: 500, startDate: START, endDate: at(7) })).toBe(
      'Roobet Weekly Slot Wager - $500',
    );
    expect(leaderboardName({ partnerId: 'p3', metric: 'Table Wager', prizePool: 25000, startDate: START, endDate: at(8) })).toBe(
      'BC.Game Monthly Table Wager - $25000',
    );
  });
  it('calls a race without dates (or with an invalid one) Race', () => {
    expect(leaderboardName({ partnerId: 'p5', metric: 'Total Wager', prizePool: 0 })).toBe('Gamdom Race Total Wager - $0');
    expect(raceKind('not a date', at(3))).toBe('Race');
    expect(raceKind(START, null)).toBe('Race');
    expect(raceKind(at(3), START)).toBe('Race');
  });
  it('puts the boundaries just past 2 and 7 days in the next kind', () => {
    expect(raceKind(START, at(2.01))).toBe('Weekly');
    expect(raceKind(START, at(7.01))).toBe('Monthly');
    expect(raceKind(START, at(0.5))).toBe('Weekend');
  });
});

describe('status (spec 1 §4)', () => {
  it('sends isActive only for Active', () => {
    expect(isActiveForStatus('Active')).toBe(true);
    for (const s of ['Draft', 'Upcoming', 'Completed'] as const) expect(isActiveForStatus(s)).toBe(false);
  });
  it('shows a stored status, else Active/Upcoming from isActive', () => {
    expect(displayStatus({ isActive: true })).toBe('Active');
    expect(displayStatus({ isActive: false })).toBe('Upcoming');
    expect(displayStatus({ isActive: false, status: 'Completed' })).toBe('Completed');
  });
  it('maps statuses to tabs, Completed as Previous and Draft with Upcoming', () => {
    expect(tabForStatus('Active')).toBe('active');
    expect(tabForStatus('Upcoming')).toBe('upcoming');
    expect(tabForStatus('Draft')).toBe('upcoming');
    expect(tabForStatus('Completed')).toBe('previous');
  });
});

describe("'Ends in' (spec 1 §4)", () => {
  const now = new Date(START);
  it('shows days and hours in the future', () => {
    expect(formatEndsIn(new Date(now.getTime() + 3 * DAY + 5 * 3_600_000 + 59_000), now)).toBe('3d 5h');
    expect(formatEndsIn(new Date(now.getTime() + 30 * 60_000).toISOString(), now)).toBe('0d 0h');
  });
  it("shows 'Ended' just after the end and 'Ended {n}d ago' later", () => {
    expect(formatEndsIn(now, now)).toBe('Ended');
    expect(formatEndsIn(new Date(now.getTime() - 23 * 3_600_000), now)).toBe('Ended');
    expect(formatEndsIn(new Date(now.getTime() - 2 * DAY - 1000), now)).toBe('Ended 2d ago');
  });
  it("shows '-' for a missing or invalid date", () => {
    expect(formatEndsIn(null, now)).toBe('-');
    expect(formatEndsIn(undefined, now)).toBe('-');
    expect(formatEndsIn('', now)).toBe('-');
    expect(formatEndsIn('2026-13-45', now)).toBe('-');
    expect(formatEndsIn('soon', now)).toBe('-');
  });
  it('counts whole days remaining', () => {
    expect(daysRemaining(at(2.5), now)).toBe(3);
    expect(daysRemaining(at(-1), now)).toBe(0);
    expect(daysRemaining(null, now)).toBeNull();
  });
});

describe('form integer fallbacks (spec 1 §5)', () => {
  it('parses pool and amounts as integers, 0 when invalid', () => {
    expect(parsePrizePool('1500')).toBe(1500);
    expect(parsePrizePool('12.9')).toBe(12);
    expect(parsePrizePool('abc')).toBe(0);
    expect(parsePrizePool('')).toBe(0);
    expect(parsePrizeAmount(' 250 ')).toBe(250);
    expect(parsePrizeAmount(undefined)).toBe(0);
    expect(parsePrizeAmount(Number.NaN)).toBe(0);
  });
  it('falls back to 1000 for an invalid ratio', () => {
    expect(parseWagerToTicketRatio('500')).toBe(500);
    expect(parseWagerToTicketRatio('x')).toBe(1000);
    expect(parseWagerToTicketRatio('')).toBe(1000);
  });
  it('numbers a new prize position after the highest', () => {
    expect(nextPrizePosition([{ position: '1' }, { position: '2' }, { position: '3' }])).toBe('4');
    expect(nextPrizePosition([{ position: 'Top 5' }, { position: 9 }])).toBe('10');
    expect(nextPrizePosition([])).toBe('1');
  });
});

describe('prize percent (spec 2 §9)', () => {
  it('is the amount over the pool to one decimal', () => {
    expect(prizePercent(500, 1000)).toBe('50.0');
    expect(prizePercent(200, 3000)).toBe('6.7');
    expect(prizePercent(1, 3)).toBe('33.3');
    expect(prizePercent(100, 0)).toBe('0.0');
  });
});

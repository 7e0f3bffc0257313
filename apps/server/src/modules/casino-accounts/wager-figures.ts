import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { casinoAccounts, wagers } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';

/** The wager sums (USD cents) of a user's casino accounts, per account, for the profile and admin views. */
type WagerFigures = {
  totalCents: number;
  monthCents: number;
  prevMonthCents: number;
  weekCents: number;
  prevWeekCents: number;
  /** The first UTC day with a wager, 'YYYY-MM-DD'; null without wagers. */
  firstDay: string | null;
};

export type AccountWithFigures = typeof casinoAccounts.$inferSelect & WagerFigures;

const DAY_MS = 86_400_000;

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** UTC period starts around `now`: this and last month, this and last week (weeks start on Monday). */
function periodStarts(now: Date): { month: string; prevMonth: string; week: string; prevWeek: string; today: string } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const today = Date.UTC(y, m, now.getUTCDate());
  const weekday = (new Date(today).getUTCDay() + 6) % 7; // Monday = 0
  const week = today - weekday * DAY_MS;
  return {
    month: isoDay(Date.UTC(y, m, 1)),
    prevMonth: isoDay(Date.UTC(y, m - 1, 1)),
    week: isoDay(week),
    prevWeek: isoDay(week - 7 * DAY_MS),
    today: isoDay(today),
  };
}

/** A user's casino accounts with their wager sums, oldest link first. */
export async function accountsWithFigures(db: Database | Tx, userId: string, now: Date): Promise<AccountWithFigures[]> {
  const p = periodStarts(now);
  const rows = await db
    .select({
      account: casinoAccounts,
      total: sql<string>`coalesce(sum(${wagers.cents}), 0)`,
      month: sql<string>`coalesce(sum(${wagers.cents}) filter (where ${wagers.day} >= ${p.month}::date), 0)`,
      prevMonth: sql<string>`coalesce(sum(${wagers.cents}) filter (where ${wagers.day} >= ${p.prevMonth}::date and ${wagers.day} < ${p.month}::date), 0)`,
      week: sql<string>`coalesce(sum(${wagers.cents}) filter (where ${wagers.day} >= ${p.week}::date), 0)`,
      prevWeek: sql<string>`coalesce(sum(${wagers.cents}) filter (where ${wagers.day} >= ${p.prevWeek}::date and ${wagers.day} < ${p.week}::date), 0)`,
      firstDay: sql<string | null>`min(${wagers.day})::text`,
    })
    .from(casinoAccounts)
    .leftJoin(wagers, and(eq(wagers.partner, casinoAccounts.partner), eq(wagers.usernameKey, sql`lower(${casinoAccounts.username})`)))
    .where(eq(casinoAccounts.userId, userId))
    .groupBy(casinoAccounts.id)
    .orderBy(casinoAccounts.createdAt, casinoAccounts.id);
  return rows.map((r) => ({
    ...r.account,
    totalCents: Number(r.total),
    monthCents: Number(r.month),
    prevMonthCents: Number(r.prevMonth),
    weekCents: Number(r.week),
    prevWeekCents: Number(r.prevWeek),
    firstDay: r.firstDay,
  }));
}

/** Cents to dollars (a number with at most two decimals). */
export function dollars(cents: number): number {
  return Math.round(cents) / 100;
}

/**
 * Average monthly and weekly wager (USD) since the account's first wagered day: the total over the
 * calendar months (UTC) from that day's month to now, and over the weeks since that day (at least 1).
 */
export function averages(figures: WagerFigures, now: Date): { monthly: number; weekly: number } {
  if (!figures.firstDay || figures.totalCents === 0) return { monthly: 0, weekly: 0 };
  const first = new Date(`${figures.firstDay}T00:00:00Z`);
  const months = Math.max(1, (now.getUTCFullYear() - first.getUTCFullYear()) * 12 + now.getUTCMonth() - first.getUTCMonth() + 1);
  const days = Math.floor((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - first.getTime()) / DAY_MS) + 1;
  const weeks = Math.max(1, Math.ceil(days / 7));
  return { monthly: dollars(figures.totalCents / months), weekly: dollars(figures.totalCents / weeks) };
}

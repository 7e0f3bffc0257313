import { createHash } from 'node:crypto';
import { partnerEarns } from '@app/shared/api/casino-accounts';
import { maskUsername, type PublicLeaderboard, type WagerSummary } from '@app/shared/api/races';
import { raceKind } from '@app/shared/domain/leaderboards';
import { and, asc, desc, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { leaderboards, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { accountsWithFigures } from '../casino-accounts/index.ts';
import { partnerSyncState } from '../wagers/index.ts';
import { presentPublicRace } from './race-presenter.ts';
import { keptPlace, keptTop, rankTop, rankUsers, ticketsFor, toStandings, type LeaderboardRow } from './race-standings.ts';

/**
 * The races as members see them (spec 2 §2 Monthly Leaderboard): the public board of the featured
 * race, whether a member's name shows on it, and the dashboard's wager summary with their place.
 */

/** Podium plus ranks 4 to 18 (spec 2 §2 Monthly Leaderboard). */
const PUBLIC_STANDINGS = 18;
function publicId(raceId: string, userId: string): string {
  return createHash('sha256').update(`${raceId}:${userId}`).digest('hex').slice(0, 16);
}

/**
 * The featured race of the public board: an Active monthly race whose window holds `now`, the
 * largest prize pool first, then the one ending soonest.
 */
async function featuredRace(db: Database, now: Date): Promise<LeaderboardRow | null> {
  const rows = await db
    .select()
    .from(leaderboards)
    .where(and(eq(leaderboards.status, 'Active'), lte(leaderboards.startDate, now), gt(leaderboards.endDate, now)))
    .orderBy(desc(leaderboards.prizePool), asc(leaderboards.endDate), asc(leaderboards.id));
  return rows.find((r) => raceKind(r.startDate, r.endDate) === 'Monthly') ?? null;
}

/** GET /api/leaderboard: the featured active monthly race and its top 18, usernames masked unless opted in. */
export async function publicLeaderboard(db: Database, now: Date): Promise<PublicLeaderboard> {
  const race = await featuredRace(db, now);
  if (!race) return { race: null, participants: 0, standings: [], updatedAt: now.toISOString(), delayed: false, dataAsOf: null };
  // The kept standings (refreshed by every wager write at the partner) when current, else live.
  const { ranked, participants } = (await keptTop(db, race, PUBLIC_STANDINGS)) ?? (await rankTop(db, race, PUBLIC_STANDINGS));
  const standings = toStandings(race, ranked, (r) => ({
    id: publicId(race.id, r.userId),
    username: r.showOnLeaderboard ? r.username : maskUsername(r.username),
  }));
  return {
    race: presentPublicRace(race),
    participants,
    standings,
    updatedAt: now.toISOString(),
    // The partner's scheduled sync has not succeeded for two periods: the page says so.
    ...(await partnerSyncState(db, race.partnerId, now)),
  };
}

export async function getVisibility(db: Database, userId: string): Promise<{ showUsername: boolean }> {
  const [row] = await db.select({ show: users.showOnLeaderboard }).from(users).where(eq(users.id, userId));
  if (!row) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  return { showUsername: row.show };
}

export async function setVisibility(db: Database, userId: string, showUsername: boolean, now: Date): Promise<{ showUsername: boolean }> {
  const [row] = await db
    .update(users)
    .set({ showOnLeaderboard: showUsername, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ show: users.showOnLeaderboard });
  if (!row) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  return { showUsername: row.show };
}

/** GET /api/wagers/summary: the dashboard's welcome card (rank, tickets, weekly and monthly wagered). */
export async function wagerSummary(db: Database, userId: string, now: Date): Promise<WagerSummary> {
  const [user] = await db.select({ xp: users.xp }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  const earning = (await accountsWithFigures(db, userId, now)).filter((a) => a.state === 'verified' && partnerEarns(a.partner));
  const sum = (pick: (a: (typeof earning)[number]) => number) => earning.reduce((total, a) => total + pick(a), 0) / 100;
  const race = await featuredRace(db, now);
  let place: WagerSummary['race'] = null;
  if (race) {
    let mine = await keptPlace(db, race, userId);
    if (mine === undefined) {
      const ranked = await rankUsers(db, race);
      const index = ranked.findIndex((r) => r.userId === userId);
      mine = index >= 0 ? { position: index + 1, cents: ranked[index]!.cents } : null;
    }
    place = {
      id: race.id,
      name: race.name,
      position: mine?.position ?? null,
      wagered: (mine?.cents ?? 0) / 100,
      tickets: mine ? ticketsFor(race, mine.cents) : 0,
    };
  }
  return {
    xp: user.xp,
    hasVerifiedAccount: earning.length > 0,
    totalWagered: sum((a) => a.totalCents),
    weeklyWagered: sum((a) => a.weekCents),
    monthlyWagered: sum((a) => a.monthCents),
    race: place,
  };
}

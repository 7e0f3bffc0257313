import { createHash } from 'node:crypto';
import { maskUsername, type AdminStanding, type AdminStandings, type PublicLeaderboard, type WagerSummary } from '@app/shared/api/races';
import { partnerEarns } from '@app/shared/api/casino-accounts';
import { partnerName, raceKind } from '@app/shared/domain/leaderboards';
import { and, asc, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { leaderboards, raceResults, raceStandingsState, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../admin/audit.ts';
import { accountsWithFigures } from '../casino-accounts/wager-figures.ts';
import { keptPlace, keptTop, rankTop, rankUsers, refreshStandings, runningRaces, ticketsFor, toStandings, type LeaderboardRow } from './race-standings.ts';
import { partnerSyncState } from './sync-service.ts';

/** Podium plus ranks 4 to 18 (spec 2 §2 Monthly Leaderboard). */
export const PUBLIC_STANDINGS = 18;
/** Final standings kept per race (with every prize position among them). */
const KEPT_RESULTS = 1000;

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
    race: {
      id: race.id,
      name: race.name,
      partnerId: race.partnerId as 'p1',
      metric: race.metric as 'Total Wager',
      startDate: race.startDate!.toISOString(),
      endDate: race.endDate!.toISOString(),
      prizePool: race.prizePool,
      prizes: race.prizes,
      isGlobalRaffle: race.isGlobalRaffle,
      wagerToTicketRatio: race.wagerToTicketRatio,
    },
    participants,
    standings,
    updatedAt: now.toISOString(),
    // The partner's scheduled sync has not succeeded for two periods: the page says so.
    ...(await partnerSyncState(db, race.partnerId, now)),
  };
}

/** GET /api/admin/leaderboards/:id/standings: the kept final standings of a completed race, else live ones. */
export async function adminStandings(db: Database, id: string): Promise<AdminStandings> {
  const [race] = await db.select().from(leaderboards).where(eq(leaderboards.id, id));
  if (!race) throw new AppError('NOT_FOUND', 'That leaderboard does not exist.');
  if (race.status === 'Completed') {
    const kept = await db.select().from(raceResults).where(eq(raceResults.leaderboardId, id)).orderBy(asc(raceResults.position));
    if (kept.length > 0 || race.participants === 0) {
      const standings = kept.map((r, i) => presentResult(r, i > 0 ? kept[i - 1]! : null));
      return { leaderboardId: id, kind: 'final', participants: race.participants, standings };
    }
  }
  const ranked = await rankUsers(db, race);
  return {
    leaderboardId: id,
    kind: 'live',
    participants: ranked.length,
    standings: toStandings(race, ranked, (r) => ({ id: r.userId, username: r.username })).map((s) => ({ ...s, paidAt: null })),
  };
}

type ResultRow = typeof raceResults.$inferSelect;

function presentResult(r: ResultRow, above: Pick<ResultRow, 'wageredCents'> | null): AdminStanding {
  return {
    position: r.position,
    id: r.userId ?? '',
    username: r.username,
    wagered: r.wageredCents / 100,
    tickets: r.tickets,
    prize: r.prize,
    gapToAbove: above ? (above.wageredCents - r.wageredCents) / 100 : null,
    paidAt: r.paidAt ? r.paidAt.toISOString() : null,
  };
}

/**
 * POST /api/admin/leaderboards/:id/prizes/:position/paid: an admin records that a completed race's
 * prize at a position was paid (at the partner casino, outside this system). Once: the conditional
 * update (paid_at IS NULL) lets one of two concurrent calls through; the other gets 409. Audited in
 * the same transaction.
 */
export async function markPrizePaid(
  db: Database,
  input: { raceId: string; position: number; at: Date },
  audit: { actorId: string; ip: string | null; userAgent: string | null },
): Promise<AdminStanding> {
  return db.transaction(async (tx) => {
    const [race] = await tx.select().from(leaderboards).where(eq(leaderboards.id, input.raceId));
    if (!race) throw new AppError('NOT_FOUND', 'That leaderboard does not exist.');
    if (race.status !== 'Completed') throw new AppError('RACE_NOT_COMPLETED', 'Prizes can be marked paid once the race is completed.');
    const where = and(eq(raceResults.leaderboardId, input.raceId), eq(raceResults.position, input.position));
    const [updated] = await tx
      .update(raceResults)
      .set({ paidAt: input.at, paidBy: audit.actorId })
      .where(and(where, gt(raceResults.prize, 0), isNull(raceResults.paidAt)))
      .returning();
    if (!updated) {
      const [existing] = await tx.select().from(raceResults).where(where);
      if (!existing || existing.prize <= 0) throw new AppError('NOT_FOUND', 'That position has no prize in this race.');
      throw new AppError('ALREADY_PAID', `This prize was already marked paid (${existing.paidAt!.toISOString()}).`);
    }
    const [above] = await tx
      .select({ wageredCents: raceResults.wageredCents })
      .from(raceResults)
      .where(and(eq(raceResults.leaderboardId, input.raceId), eq(raceResults.position, input.position - 1)));
    await recordAudit(tx, {
      ...audit,
      action: 'leaderboard.prize_paid',
      targetType: 'leaderboard',
      targetId: input.raceId,
      changes: {
        summary: `${race.name}: prize #${updated.position} ($${updated.prize.toLocaleString('en-US')}) to ${updated.username} marked paid`,
        position: updated.position,
        userId: updated.userId,
        username: updated.username,
        prize: updated.prize,
      },
      at: input.at,
    });
    return presentResult(updated, above ?? null);
  });
}

/**
 * Completes every published race whose end has passed (ARCHITECTURE: background work runs once):
 * the conditional status update lets exactly one server (or run) take a race; in the same
 * transaction its final standings and prizes are kept and the completion audited, so a crash
 * leaves the race Active for the next run. Draft races are not published and never complete.
 */
export async function completeDueRaces(db: Database, now: Date): Promise<number> {
  const due = await db
    .select({ id: leaderboards.id })
    .from(leaderboards)
    .where(and(inArray(leaderboards.status, ['Active', 'Upcoming']), lte(leaderboards.endDate, now)));
  let completed = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [race] = await tx
        .update(leaderboards)
        .set({ status: 'Completed', updatedAt: now })
        .where(and(eq(leaderboards.id, id), inArray(leaderboards.status, ['Active', 'Upcoming']), lte(leaderboards.endDate, now)))
        .returning();
      if (!race) return false;
      const ranked = await rankUsers(tx, race);
      const standings = toStandings(race, ranked.slice(0, KEPT_RESULTS), (r) => ({ id: r.userId, username: r.username }));
      await tx.update(leaderboards).set({ participants: ranked.length }).where(eq(leaderboards.id, id));
      if (standings.length > 0) {
        await tx.insert(raceResults).values(
          standings.map((s) => ({
            leaderboardId: id,
            position: s.position,
            userId: s.id,
            username: s.username,
            wageredCents: Math.round(s.wagered * 100),
            tickets: s.tickets,
            prize: s.prize,
            createdAt: now,
          })),
        );
      }
      const winners = standings.filter((s) => s.prize > 0).map((s) => ({ position: s.position, userId: s.id, username: s.username, prize: s.prize }));
      await recordAudit(tx, {
        actorId: null,
        action: 'leaderboard.complete',
        targetType: 'leaderboard',
        targetId: id,
        changes: {
          summary: `${race.name} completed: ${ranked.length} participants, $${winners.reduce((sum, w) => sum + w.prize, 0).toLocaleString('en-US')} in prizes to pay at ${partnerName(race.partnerId) ?? race.partnerId}`,
          participants: ranked.length,
          prizes: winners,
        },
        at: now,
      });
      return true;
    });
    if (done) completed += 1;
  }
  return completed;
}

/**
 * Keeps the kept standings of running races current (scheduled job): a race without them, or
 * edited since they were computed, is refreshed in its own transaction. Wager writes refresh their
 * partner's races themselves, so this catches races created or edited by an admin.
 */
export async function refreshStaleRaces(db: Database, now: Date): Promise<number> {
  let refreshed = 0;
  for (const race of await runningRaces(db, now)) {
    const [state] = await db.select().from(raceStandingsState).where(eq(raceStandingsState.leaderboardId, race.id));
    if (state && state.refreshedAt >= race.updatedAt) continue;
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(leaderboards).where(eq(leaderboards.id, race.id));
      if (current) await refreshStandings(tx, current);
    });
    refreshed += 1;
  }
  return refreshed;
}

export async function getVisibility(db: Database, userId: string): Promise<{ showUsername: boolean }> {
  const [row] = await db.select({ show: users.showOnLeaderboard }).from(users).where(eq(users.id, userId));
  if (!row) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  return { showUsername: row.show };
}

export async function setVisibility(db: Database, userId: string, showUsername: boolean): Promise<{ showUsername: boolean }> {
  const [row] = await db
    .update(users)
    .set({ showOnLeaderboard: showUsername, updatedAt: sql`now()` })
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

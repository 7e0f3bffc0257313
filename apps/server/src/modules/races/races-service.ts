import type { Leaderboard, LeaderboardInputParsed } from '@app/shared/api/admin-leaderboards';
import type { AdminStanding, AdminStandings } from '@app/shared/api/races';
import { leaderboardName, partnerName, type LeaderboardStatus } from '@app/shared/domain/leaderboards';
import { and, asc, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { leaderboards, raceResults, raceStandingsState } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { diffChanges, recordAudit, type AuditActor } from '../../platform/audit.ts';
import { presentLeaderboard, presentResult } from './race-presenter.ts';
import { rankUsers, refreshStandings, runningRaces, toStandings, type LeaderboardRow } from './race-standings.ts';
import { notify } from '../notifications/index.ts';
import { raceFinishedText } from '../notifications/index.ts';

/**
 * The race row's one owner (spec 1 §3, §4, §7; spec 2 §2 Monthly Leaderboard): an admin creates,
 * edits and deletes races; the scheduler completes them at their end and keeps their standings
 * current; an admin marks a completed race's prizes paid. Every act here is audited in its own
 * transaction. race-standings.ts ranks the wagers; race-board.ts reads the public board.
 */

/** Final standings kept per race (with every prize position among them). */
const KEPT_RESULTS = 1000;

/** A form date: an ISO date-time, or YYYY-MM-DD read as 00:00 UTC. */
function toDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value);
}

/**
 * Without an explicit status: isActive true is Active; a new race starts as Draft (spec 1 §4); an
 * Active race set inactive becomes Upcoming; any other keeps its status.
 */
function statusFromIsActive(isActive: boolean, previous: LeaderboardStatus | null): LeaderboardStatus {
  if (isActive) return 'Active';
  if (previous === null) return 'Draft';
  return previous === 'Active' ? 'Upcoming' : previous;
}

/** The values a form stores: the status rule of spec 1 §4 and a generated name when none is given. */
function valuesOf(input: LeaderboardInputParsed, previousStatus: LeaderboardStatus | null) {
  const status = input.status ?? statusFromIsActive(input.isActive, previousStatus);
  const startDate = toDate(input.startDate);
  const endDate = toDate(input.endDate);
  const name = input.name || leaderboardName({ partnerId: input.partnerId, metric: input.metric, prizePool: input.prizePool, startDate, endDate });
  return {
    name,
    status,
    partnerId: input.partnerId,
    metric: input.metric,
    startDate,
    endDate,
    prizePool: input.prizePool,
    prizes: input.prizes,
    isGlobalRaffle: input.isGlobalRaffle,
    wagerToTicketRatio: input.wagerToTicketRatio,
  };
}

/** The fields an audit row records for a race. */
function snapshot(row: LeaderboardRow): Record<string, unknown> {
  const { createdAt: _c, updatedAt: _u, createdBy: _b, id: _i, revision: _r, createdSeq: _s, ...rest } = row;
  return rest;
}

async function findForUpdate(tx: Tx, id: string): Promise<LeaderboardRow> {
  const [row] = await tx.select().from(leaderboards).where(eq(leaderboards.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', 'No such leaderboard.');
  return row;
}

/** GET /api/admin/leaderboards: every race, newest first. */
export async function listLeaderboards(db: Database): Promise<Leaderboard[]> {
  const rows = await db.select().from(leaderboards).orderBy(desc(leaderboards.createdAt), desc(leaderboards.createdSeq));
  return rows.map(presentLeaderboard);
}

/*
 * A race's times are the app clock's. Kept standings know they are stale from the race's revision
 * (bumped by each edit), not from comparing times, and the list breaks ties of one instant with
 * created_seq: a test's clock can stand still between two statements.
 */

/** POST /api/admin/leaderboards: creates a race (audited). */
export async function createLeaderboard(db: Database, input: LeaderboardInputParsed, actor: AuditActor, now: Date): Promise<Leaderboard> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(leaderboards)
      .values({ ...valuesOf(input, null), createdBy: actor.actorId, createdAt: now, updatedAt: now })
      .returning();
    await recordAudit(tx, {
      ...actor,
      action: 'leaderboard.create',
      targetType: 'leaderboard',
      targetId: row!.id,
      changes: { summary: row!.name, ...snapshot(row!) },
      at: now,
    });
    return presentLeaderboard(row!);
  });
}

/** PUT /api/admin/leaderboards/:id: replaces a race's fields (participants stay: they are read-only; audited). */
export async function updateLeaderboard(db: Database, id: string, input: LeaderboardInputParsed, actor: AuditActor, now: Date): Promise<Leaderboard> {
  return db.transaction(async (tx) => {
    const before = await findForUpdate(tx, id);
    const [after] = await tx
      .update(leaderboards)
      .set({ ...valuesOf(input, before.status as LeaderboardStatus), updatedAt: now, revision: sql`${leaderboards.revision} + 1` })
      .where(eq(leaderboards.id, id))
      .returning();
    await recordAudit(tx, {
      ...actor,
      action: 'leaderboard.update',
      targetType: 'leaderboard',
      targetId: after!.id,
      changes: { summary: after!.name, ...diffChanges(snapshot(before), snapshot(after!)) },
      at: now,
    });
    return presentLeaderboard(after!);
  });
}

/** DELETE /api/admin/leaderboards/:id: deletes a race (audited); returns its id. */
export async function deleteLeaderboard(db: Database, id: string, actor: AuditActor, now: Date): Promise<{ ok: true; id: string }> {
  return db.transaction(async (tx) => {
    const before = await findForUpdate(tx, id);
    await tx.delete(leaderboards).where(eq(leaderboards.id, id));
    await recordAudit(tx, {
      ...actor,
      action: 'leaderboard.delete',
      targetType: 'leaderboard',
      targetId: before.id,
      changes: { summary: before.name, ...snapshot(before) },
      at: now,
    });
    return { ok: true as const, id: before.id };
  });
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

/**
 * POST /api/admin/leaderboards/:id/prizes/:position/paid: an admin records that a completed race's
 * prize at a position was paid (at the partner casino, outside this system). Once: the conditional
 * update (paid_at IS NULL) lets one of two concurrent calls through; the other gets 409. Audited in
 * the same transaction.
 */
export async function markPrizePaid(db: Database, input: { raceId: string; position: number }, actor: AuditActor, now: Date): Promise<AdminStanding> {
  return db.transaction(async (tx) => {
    const [race] = await tx.select().from(leaderboards).where(eq(leaderboards.id, input.raceId));
    if (!race) throw new AppError('NOT_FOUND', 'That leaderboard does not exist.');
    if (race.status !== 'Completed') throw new AppError('RACE_NOT_COMPLETED', 'Prizes can be marked paid once the race is completed.');
    const where = and(eq(raceResults.leaderboardId, input.raceId), eq(raceResults.position, input.position));
    const [updated] = await tx
      .update(raceResults)
      .set({ paidAt: now, paidBy: actor.actorId })
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
      ...actor,
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
      at: now,
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
      for (const w of winners)
        await notify(tx, { ...raceFinishedText(race.name, w.position, w.prize), userId: w.userId, at: now, data: { leaderboardId: id } });
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
    if (state && state.raceRevision >= race.revision) continue;
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(leaderboards).where(eq(leaderboards.id, race.id));
      if (current) await refreshStandings(tx, current, now);
    });
    refreshed += 1;
  }
  return refreshed;
}

import type { Leaderboard, LeaderboardInputParsed } from '@app/shared/api/admin-leaderboards';
import { leaderboardName, type LeaderboardMetric, type LeaderboardStatus, type PartnerId } from '@app/shared/domain/leaderboards';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { leaderboards } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';

/** Admin leaderboard races (spec 1 §3, §4, §7; issue 10): stored, listed newest first. */

export type LeaderboardRow = typeof leaderboards.$inferSelect;

/** Presenter: a row in the contract shape; isActive is true exactly when the status is Active (spec 1 §4). */
export function presentLeaderboard(row: LeaderboardRow): Leaderboard {
  return {
    id: row.id,
    name: row.name,
    isActive: row.status === 'Active',
    status: row.status as LeaderboardStatus,
    startDate: row.startDate?.toISOString() ?? null,
    endDate: row.endDate?.toISOString() ?? null,
    participants: row.participants,
    prizePool: row.prizePool,
    metric: row.metric as LeaderboardMetric,
    prizes: row.prizes,
    partnerId: row.partnerId as PartnerId,
    isGlobalRaffle: row.isGlobalRaffle,
    wagerToTicketRatio: row.wagerToTicketRatio,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

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
  const name =
    input.name ||
    leaderboardName({ partnerId: input.partnerId, metric: input.metric, prizePool: input.prizePool, startDate, endDate });
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

export async function listLeaderboards(db: Database): Promise<Leaderboard[]> {
  const rows = await db.select().from(leaderboards).orderBy(desc(leaderboards.createdAt), desc(leaderboards.id));
  return rows.map(presentLeaderboard);
}

export async function createLeaderboard(tx: Tx, input: LeaderboardInputParsed, actorId: string | null): Promise<LeaderboardRow> {
  const [row] = await tx
    .insert(leaderboards)
    .values({ ...valuesOf(input, null), createdBy: actorId, createdAt: sql`clock_timestamp()`, updatedAt: sql`clock_timestamp()` })
    .returning();
  return row!;
}

async function findForUpdate(tx: Tx, id: string): Promise<LeaderboardRow> {
  const [row] = await tx.select().from(leaderboards).where(eq(leaderboards.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', 'No such leaderboard.');
  return row;
}

/** Replaces a leaderboard's fields (participants stay: they are read-only). Returns before and after. */
export async function updateLeaderboard(
  tx: Tx,
  id: string,
  input: LeaderboardInputParsed,
): Promise<{ before: LeaderboardRow; after: LeaderboardRow }> {
  const before = await findForUpdate(tx, id);
  const [after] = await tx
    .update(leaderboards)
    .set({ ...valuesOf(input, before.status as LeaderboardStatus), updatedAt: sql`clock_timestamp()` })
    .where(eq(leaderboards.id, id))
    .returning();
  return { before, after: after! };
}

export async function deleteLeaderboard(tx: Tx, id: string): Promise<LeaderboardRow> {
  const before = await findForUpdate(tx, id);
  await tx.delete(leaderboards).where(eq(leaderboards.id, id));
  return before;
}

/** The fields an audit row records for a leaderboard. */
export function leaderboardSnapshot(row: LeaderboardRow): Record<string, unknown> {
  const { createdAt: _c, updatedAt: _u, createdBy: _b, id: _i, ...rest } = row;
  return rest;
}

import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { maskUsername } from '@app/shared/api/races';
import type { Raffle } from '@app/shared/api/raffles';
import type { Database } from '../../db/client.ts';
import { raffleEntries, raffles, users } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { presentAdminRaffleEntry, presentRaffle, type RaffleRow } from './raffle-presenter.ts';

/** The raffles' reads: the public list and one raffle, the admin's entry list, and what the operations share. */

export function raffleNotFound(): AppError {
  return new AppError('NOT_FOUND', 'That raffle does not exist.');
}

/**
 * Winner names: 'public' masks them like every public board unless the winner opted in to show
 * their name (or is the viewer); UIDs are public, so a name next to one would unmask it. 'admin' shows them.
 */
export type WinnerNames = 'public' | 'admin';

async function presentRows(db: Database | Tx, rows: RaffleRow[], viewerId: string | null, now: Date, names: WinnerNames = 'public'): Promise<Raffle[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [counts, mine, winners] = await Promise.all([
    db.select({ raffleId: raffleEntries.raffleId, n: count() }).from(raffleEntries).where(inArray(raffleEntries.raffleId, ids)).groupBy(raffleEntries.raffleId),
    viewerId
      ? db
          .select({ raffleId: raffleEntries.raffleId })
          .from(raffleEntries)
          .where(and(eq(raffleEntries.userId, viewerId), inArray(raffleEntries.raffleId, ids)))
      : Promise.resolve([]),
    (async () => {
      const uids = [...new Set(rows.flatMap((r) => r.winnerUids ?? []))];
      if (uids.length === 0) return [];
      return db
        .select({ id: users.id, uid: users.uid, username: users.username, showOnLeaderboard: users.showOnLeaderboard })
        .from(users)
        .where(inArray(users.uid, uids));
    })(),
  ]);
  const entriesBy = new Map(counts.map((c) => [c.raffleId, c.n]));
  const entered = new Set(mine.map((m) => m.raffleId));
  const usernames = new Map(winners.map((w) => [w.uid, names === 'admin' || w.showOnLeaderboard || w.id === viewerId ? w.username : maskUsername(w.username)]));
  return rows.map((row) => presentRaffle(row, { entries: entriesBy.get(row.id) ?? 0, ...(viewerId ? { entered: entered.has(row.id) } : {}), usernames }, now));
}

/** GET /api/raffles: every raffle, by end date; `entered` when the caller is signed in. */
export async function listRaffles(db: Database, viewerId: string | null, now: Date, names: WinnerNames = 'public'): Promise<Raffle[]> {
  const rows = await db.select().from(raffles).orderBy(asc(raffles.endDate), asc(raffles.raffleNumber));
  return presentRows(db, rows, viewerId, now, names);
}

export async function getRaffle(db: Database | Tx, id: string, viewerId: string | null, now: Date, names: WinnerNames = 'public'): Promise<Raffle> {
  const [row] = await db.select().from(raffles).where(eq(raffles.id, id));
  if (!row) throw raffleNotFound();
  const [raffle] = await presentRows(db, [row], viewerId, now, names);
  return raffle!;
}

export async function entryCount(tx: Tx, raffleId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(raffleEntries).where(eq(raffleEntries.raffleId, raffleId));
  return row?.n ?? 0;
}

/** GET /api/admin/raffles/:id/entries, in entry order. */
export async function listEntries(db: Database, id: string) {
  const [row] = await db.select({ id: raffles.id }).from(raffles).where(eq(raffles.id, id));
  if (!row) throw raffleNotFound();
  const rows = await db
    .select({ entry: raffleEntries, username: users.username, uid: users.uid })
    .from(raffleEntries)
    .innerJoin(users, eq(users.id, raffleEntries.userId))
    .where(eq(raffleEntries.raffleId, id))
    .orderBy(asc(raffleEntries.createdAt), asc(raffleEntries.id));
  return rows.map((r) => presentAdminRaffleEntry(r.entry, r));
}

import { and, desc, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Giveaway } from '@app/shared/api/giveaways';
import type { Database } from '../../db/client.ts';
import { giveaways, giveawayWinners } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { publishEvent, publishStale } from '../../platform/event-bus.ts';
import { presentGiveaways, type GiveawayRow, type WinnerNames } from './giveaway-presenter.ts';

/** The giveaways' reads: the list, the giveaway taking entries, the rows the operations lock, and their announcement. */

export type WinnerRow = typeof giveawayWinners.$inferSelect;

function notFound(): AppError {
  return new AppError('NOT_FOUND', 'That giveaway does not exist.');
}

/**
 * The giveaway taking entries at `at` (at most one), or null. `forShare`: an entry reads it FOR
 * SHARE, so a close (which updates the row) waits for entries in flight and then lists all of them,
 * and an entry after the close sees it closed (as raffle entries and draws do).
 */
export async function openGiveaway(db: Database | Tx, at: Date, forShare = false): Promise<GiveawayRow | null> {
  const query = db
    .select()
    .from(giveaways)
    .where(and(isNull(giveaways.closedAt), gt(giveaways.closesAt, at), lte(giveaways.opensAt, at)))
    .limit(1);
  const [row] = forShare ? await query.for('share') : await query;
  return row ?? null;
}

/** The giveaway whose entries are not closed yet (its time may be up: the close waits for the chat received before it). */
export async function takingEntries(db: Database | Tx, now: Date): Promise<GiveawayRow | null> {
  const [row] = await db
    .select()
    .from(giveaways)
    .where(and(isNull(giveaways.closedAt), lte(giveaways.opensAt, now)))
    .limit(1);
  return row ?? null;
}

export async function giveawayRowOf(db: Database | Tx, id: string): Promise<GiveawayRow | null> {
  const [row] = await db.select().from(giveaways).where(eq(giveaways.id, id));
  return row ?? null;
}

/**
 * Tells the live channel's `giveaways` topic that a giveaway changed (started, closed, drawn, a
 * winner claimed, redrawn or fulfilled), in the change's transaction; the Giveaways tab refetches.
 * Entries are not announced one by one (chat brings them in bursts); the tab's slower poll shows the count.
 */
export async function announceGiveaway(tx: Database | Tx, giveawayId: string): Promise<void> {
  await publishEvent(tx, { name: 'giveaway', topic: 'giveaways', data: { giveawayId } });
}

/** The public list's key in the read cache (platform/read-cache.ts). */
export const GIVEAWAYS_READ = 'giveaways';

/**
 * A new entry changes the public list's count: every server's cached list is dropped (read_stale,
 * which no page hears: a burst of entries costs each server at most one read per entry and makes
 * no page refetch).
 */
export async function announceEntry(tx: Database | Tx): Promise<void> {
  await publishStale(tx, GIVEAWAYS_READ);
}

export async function lockedGiveaway(tx: Tx, id: string): Promise<GiveawayRow> {
  const [row] = await tx.select().from(giveaways).where(eq(giveaways.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

export async function presentOne(db: Database | Tx, row: GiveawayRow, now: Date): Promise<Giveaway> {
  const [fresh] = await db.select().from(giveaways).where(eq(giveaways.id, row.id));
  return (await presentGiveaways(db, [fresh!], 'admin', now))[0]!;
}

export async function lockedWinner(tx: Tx, giveawayId: string, winnerId: string): Promise<WinnerRow> {
  const [winner] = await tx
    .select()
    .from(giveawayWinners)
    .where(and(eq(giveawayWinners.id, winnerId), eq(giveawayWinners.giveawayId, giveawayId)))
    .for('update');
  if (!winner) throw new AppError('NOT_FOUND', 'That winner does not exist.');
  return winner;
}

/** GET /api/giveaways (public, masked) and GET /api/admin/giveaways (plain): the latest 50, newest first. */
export async function listGiveaways(db: Database, names: WinnerNames, now: Date): Promise<Giveaway[]> {
  const rows = await db.select().from(giveaways).orderBy(desc(giveaways.createdAt), desc(giveaways.giveawayNumber)).limit(50);
  return presentGiveaways(db, rows, names, now);
}

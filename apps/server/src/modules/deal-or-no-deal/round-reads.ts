import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { maskUsername } from '@app/shared/api/races';
import type { DealOrNoDealEndReason, DealOrNoDealRound } from '@app/shared/api/deal-or-no-deal';
import { dealOrNoDealBoard, dealOrNoDealStage, isDealOrNoDealBoardSize, openingSchedule, type DealOrNoDealBoardSize } from '@app/shared/games/deal-or-no-deal';
import type { Database } from '../../db/client.ts';
import { dealOrNoDealEntries, dealOrNoDealRounds, users } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { publishEvent, publishStale } from '../../platform/event-bus.ts';
import { platformAccountOf } from '../chat/index.ts';

/**
 * Deal or No Deal rounds: draft → open (entries; the seed's hash is published) → playing (one
 * contestant drawn with the raffle draw over the entrants) → finished (the prize credited once, the
 * seed revealed), or cancelled. The board is dealOrNoDealBoard(server seed, client seed, nonce 0) over the
 * values in the admin's order. Every change of a round runs with its row locked (FOR UPDATE), and
 * ending a round is the conditional update `status = 'playing'` → 'finished', so the prize is
 * credited once even when the contestant's Deal and the idle job meet.
 */

export type DealOrNoDealRow = typeof dealOrNoDealRounds.$inferSelect;

/** The nonce of every round's board: one board per seed pair. */
const NONCE = 0;

const LIVE = ['open', 'playing'] as const;
export const ENDED = ['finished', 'cancelled'] as const;

export function notFound(): AppError {
  return new AppError('NOT_FOUND', 'That Deal or No Deal round does not exist.');
}

export function wrongStatus(message: string): AppError {
  return new AppError('DEAL_OR_NO_DEAL_WRONG_STATUS', message);
}

export function sizeOf(row: DealOrNoDealRow): DealOrNoDealBoardSize {
  const n = row.caseValues.length;
  if (!isDealOrNoDealBoardSize(n)) throw new Error(`dond: a board of ${n} cases`);
  return n;
}

/** The round's board (case c holds board[c − 1]). */
export function boardOf(row: Pick<DealOrNoDealRow, 'serverSeed' | 'clientSeed' | 'caseValues'>): number[] {
  return dealOrNoDealBoard({ serverSeed: row.serverSeed, clientSeed: row.clientSeed, nonce: NONCE }, row.caseValues);
}

export function playOf(row: DealOrNoDealRow) {
  return { ownCase: row.ownCase, opened: row.opened, offers: row.offers, finished: row.status === 'finished' };
}

/** Values not revealed by an opened case yet (as a multiset, ascending). */
function remainingValues(row: DealOrNoDealRow, board: readonly number[]): number[] {
  const left = [...row.caseValues].sort((a, b) => a - b);
  for (const c of row.opened) {
    const i = left.indexOf(board[c - 1]!);
    if (i >= 0) left.splice(i, 1);
  }
  return left;
}

export type DealOrNoDealViewer = { userId: string | null; names: 'public' | 'admin' };

/** The contract shape: the board's values stay secret until opened or the round has ended. */
export async function present(db: Database | Tx, row: DealOrNoDealRow, viewer: DealOrNoDealViewer): Promise<DealOrNoDealRound> {
  const [entries, mine, contestant] = await Promise.all([
    db.select({ n: count() }).from(dealOrNoDealEntries).where(eq(dealOrNoDealEntries.roundId, row.id)),
    viewer.userId
      ? db
          .select({ userId: dealOrNoDealEntries.userId })
          .from(dealOrNoDealEntries)
          .where(and(eq(dealOrNoDealEntries.roundId, row.id), eq(dealOrNoDealEntries.userId, viewer.userId)))
      : Promise.resolve([]),
    row.contestantId
      ? db.select({ username: users.username, showOnLeaderboard: users.showOnLeaderboard }).from(users).where(eq(users.id, row.contestantId))
      : Promise.resolve([]),
  ]);
  const board = boardOf(row);
  const ended = (ENDED as readonly string[]).includes(row.status);
  const opened = new Set(row.opened);
  const size = sizeOf(row);
  const staged = row.status === 'playing' || row.status === 'finished' ? dealOrNoDealStage(size, playOf(row)) : null;
  const isContestant = viewer.userId !== null && row.contestantId === viewer.userId;
  const c = contestant[0];
  return {
    id: row.id,
    roundNumber: row.roundNumber,
    status: row.status as DealOrNoDealRound['status'],
    values: row.caseValues,
    total: row.caseValues.reduce((a, b) => a + b, 0),
    entries: entries[0]?.n ?? 0,
    ...(viewer.userId ? { entered: mine.length > 0, isContestant } : {}),
    contestant:
      c && row.contestantUid
        ? { uid: row.contestantUid, username: viewer.names === 'admin' || c.showOnLeaderboard || isContestant ? c.username : maskUsername(c.username) }
        : null,
    cases: board.map((value, i) => ({
      case: i + 1,
      value: ended || opened.has(i + 1) ? value : null,
      opened: opened.has(i + 1),
      own: row.ownCase === i + 1,
    })),
    remainingValues: remainingValues(row, board),
    offers: row.offers,
    stage: staged?.stage ?? null,
    toOpen: staged?.toOpen ?? 0,
    schedule: openingSchedule(size),
    result:
      row.status === 'finished' && row.outcome
        ? {
            outcome: row.outcome as 'deal' | 'keep' | 'swap',
            prize: row.prize ?? 0,
            auto: row.autoDeal,
            finalCase: row.finalCase,
            reason: (row.endReason as DealOrNoDealEndReason | null) ?? null,
          }
        : null,
    fairness: {
      serverSeedHash: row.status === 'draft' ? null : row.serverSeedHash,
      clientSeed: row.clientSeed,
      nonce: NONCE,
      serverSeed: ended ? row.serverSeed : null,
      entrantUids: row.entrantUids ?? null,
      entriesDigest: row.entriesDigest ?? null,
    },
    lastActionAt: row.lastActionAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** GET /api/dealornodeal: the round open or in play, else the last ended one (drafts are the admin's). */
export async function currentRound(db: Database, viewerId: string | null): Promise<DealOrNoDealRound | null> {
  const row = await currentRoundRow(db);
  return row ? present(db, row, { userId: viewerId, names: 'public' }) : null;
}

/** Has the member joined the round (a signed-in caller's `entered`). */
export async function hasJoined(db: Database, roundId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: dealOrNoDealEntries.userId })
    .from(dealOrNoDealEntries)
    .where(and(eq(dealOrNoDealEntries.roundId, roundId), eq(dealOrNoDealEntries.userId, userId)));
  return rows.length > 0;
}

export async function currentRoundRow(db: Database): Promise<DealOrNoDealRow | null> {
  const [live] = await db
    .select()
    .from(dealOrNoDealRounds)
    .where(inArray(dealOrNoDealRounds.status, [...LIVE]))
    .orderBy(desc(dealOrNoDealRounds.roundNumber))
    .limit(1);
  const row =
    live ??
    (
      await db
        .select()
        .from(dealOrNoDealRounds)
        .where(inArray(dealOrNoDealRounds.status, [...ENDED]))
        .orderBy(desc(dealOrNoDealRounds.roundNumber))
        .limit(1)
    )[0];
  return row ?? null;
}

/** GET /api/dealornodeal/rounds/:id (public; a draft is not found). */
export async function getRound(db: Database, id: string, viewerId: string | null): Promise<DealOrNoDealRound> {
  const [row] = await db.select().from(dealOrNoDealRounds).where(eq(dealOrNoDealRounds.id, id));
  if (!row || row.status === 'draft') throw notFound();
  return present(db, row, { userId: viewerId, names: 'public' });
}

/** GET /api/admin/dealornodeal: the latest 20 rounds, names unmasked. */
export async function listRoundsForAdmin(db: Database): Promise<DealOrNoDealRound[]> {
  const rows = await db.select().from(dealOrNoDealRounds).orderBy(desc(dealOrNoDealRounds.roundNumber)).limit(20);
  return Promise.all(rows.map((row) => present(db, row, { userId: null, names: 'admin' })));
}

/**
 * Tells the live channel's `dond` topic that the public round changed (it opened, closed, a move, the
 * end), in the change's transaction: the pages watching refetch at once instead of waiting for their
 * poll. Joins are not announced one by one (a burst of entries would make every page refetch for
 * each); the entry count follows the pages' slower poll.
 */
export async function announceChange(tx: Tx, row: Pick<DealOrNoDealRow, 'id' | 'status'>): Promise<void> {
  await publishEvent(tx, { name: 'dond', topic: 'dond', data: { roundId: row.id, status: row.status } });
}

/** The public round's key in the read cache (platform/read-cache.ts). */
export const DOND_READ = 'dond';

/** A join changes the public round's entry count: every server's cached round is dropped (no page refetches for it). */
export async function announceJoin(tx: Tx): Promise<void> {
  await publishStale(tx, DOND_READ);
}

export async function lockRound(tx: Tx, id: string): Promise<DealOrNoDealRow> {
  const [row] = await tx.select().from(dealOrNoDealRounds).where(eq(dealOrNoDealRounds.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

/** A finished round by id (announcements). */
export async function roundRow(db: Database, id: string): Promise<DealOrNoDealRow | null> {
  const [row] = await db.select().from(dealOrNoDealRounds).where(eq(dealOrNoDealRounds.id, id));
  return row ?? null;
}

/**
 * The contestant as chat knows them (announcements): their linked Kick name, else their site name
 * masked like every public board unless they show it.
 */
export async function contestantName(db: Database, row: DealOrNoDealRow): Promise<string> {
  if (!row.contestantId) return 'nobody';
  const kick = await platformAccountOf(db, 'kick', row.contestantId);
  if (kick?.username) return `@${kick.username}`;
  const [u] = await db.select({ username: users.username, show: users.showOnLeaderboard }).from(users).where(eq(users.id, row.contestantId));
  return u ? (u.show ? u.username : maskUsername(u.username)) : 'the contestant';
}

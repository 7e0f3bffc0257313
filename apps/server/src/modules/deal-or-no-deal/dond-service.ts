import { and, asc, count, desc, eq, inArray, lte, not } from 'drizzle-orm';
import { maskUsername } from '@app/shared/api/races';
import { DOND_IDLE_MS, type DondEndReason, type DondMove, type DondRound } from '@app/shared/api/deal-or-no-deal';
import { drawRaffleWinners } from '@app/shared/domain/raffle-draw';
import { randomClientSeed, randomServerSeed, sha256Hex } from '@app/shared/fairness/engine';
import {
  bankerOffer,
  bankerSharePercent,
  dondBoard,
  dondStage,
  isDondBoardSize,
  openingSchedule,
  unopenedValues,
  type DondBoardSize,
} from '@app/shared/games/deal-or-no-deal';
import type { Database } from '../../db/client.ts';
import { dondEntries, dondRounds, users, type DondOfferRow } from '../../db/schema.ts';
import { isUniqueViolation, type Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { publishEvent } from '../../platform/event-bus.ts';
import { isAdminAccountSql, mayTakePart } from '../../platform/own-account.ts';
import { assertNotRestricted, type RestrictionCheck } from '../../platform/restrictions.ts';
import { credit } from '../../platform/ledger.ts';
import { platformAccountOf } from '../chat/viewer-account.ts';

/**
 * Deal or No Deal rounds: draft → open (entries; the seed's hash is published) → playing (one
 * contestant drawn with the raffle draw over the entrants) → finished (the prize credited once, the
 * seed revealed), or cancelled. The board is dondBoard(server seed, client seed, nonce 0) over the
 * values in the admin's order. Every change of a round runs with its row locked (FOR UPDATE), and
 * ending a round is the conditional update `status = 'playing'` → 'finished', so the prize is
 * credited once even when the contestant's Deal and the idle job meet.
 */

export type DondRow = typeof dondRounds.$inferSelect;

/** The nonce of every round's board: one board per seed pair. */
const NONCE = 0;

const LIVE = ['open', 'playing'] as const;
const ENDED = ['finished', 'cancelled'] as const;

function notFound(): AppError {
  return new AppError('NOT_FOUND', 'That Deal or No Deal round does not exist.');
}

function wrongStatus(message: string): AppError {
  return new AppError('DOND_WRONG_STATUS', message);
}

function sizeOf(row: DondRow): DondBoardSize {
  const n = row.caseValues.length;
  if (!isDondBoardSize(n)) throw new Error(`dond: a board of ${n} cases`);
  return n;
}

/** The round's board (case c holds board[c − 1]). */
export function boardOf(row: Pick<DondRow, 'serverSeed' | 'clientSeed' | 'caseValues'>): number[] {
  return dondBoard({ serverSeed: row.serverSeed, clientSeed: row.clientSeed, nonce: NONCE }, row.caseValues);
}

function playOf(row: DondRow) {
  return { ownCase: row.ownCase, opened: row.opened, offers: row.offers, finished: row.status === 'finished' };
}

/** Values not revealed by an opened case yet (as a multiset, ascending). */
function remainingValues(row: DondRow, board: readonly number[]): number[] {
  const left = [...row.caseValues].sort((a, b) => a - b);
  for (const c of row.opened) {
    const i = left.indexOf(board[c - 1]!);
    if (i >= 0) left.splice(i, 1);
  }
  return left;
}

export type DondViewer = { userId: string | null; names: 'public' | 'admin' };

/** The contract shape: the board's values stay secret until opened or the round has ended. */
async function present(db: Database | Tx, row: DondRow, viewer: DondViewer): Promise<DondRound> {
  const [entries, mine, contestant] = await Promise.all([
    db.select({ n: count() }).from(dondEntries).where(eq(dondEntries.roundId, row.id)),
    viewer.userId
      ? db
          .select({ userId: dondEntries.userId })
          .from(dondEntries)
          .where(and(eq(dondEntries.roundId, row.id), eq(dondEntries.userId, viewer.userId)))
      : Promise.resolve([]),
    row.contestantId
      ? db.select({ username: users.username, showOnLeaderboard: users.showOnLeaderboard }).from(users).where(eq(users.id, row.contestantId))
      : Promise.resolve([]),
  ]);
  const board = boardOf(row);
  const ended = (ENDED as readonly string[]).includes(row.status);
  const opened = new Set(row.opened);
  const size = sizeOf(row);
  const staged = row.status === 'playing' || row.status === 'finished' ? dondStage(size, playOf(row)) : null;
  const isContestant = viewer.userId !== null && row.contestantId === viewer.userId;
  const c = contestant[0];
  return {
    id: row.id,
    roundNumber: row.roundNumber,
    status: row.status as DondRound['status'],
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
            reason: (row.endReason as DondEndReason | null) ?? null,
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
export async function currentRound(db: Database, viewerId: string | null): Promise<DondRound | null> {
  const [live] = await db
    .select()
    .from(dondRounds)
    .where(inArray(dondRounds.status, [...LIVE]))
    .orderBy(desc(dondRounds.roundNumber))
    .limit(1);
  const row =
    live ??
    (
      await db
        .select()
        .from(dondRounds)
        .where(inArray(dondRounds.status, [...ENDED]))
        .orderBy(desc(dondRounds.roundNumber))
        .limit(1)
    )[0];
  return row ? present(db, row, { userId: viewerId, names: 'public' }) : null;
}

/** GET /api/dealornodeal/rounds/:id (public; a draft is not found). */
export async function getRound(db: Database, id: string, viewerId: string | null): Promise<DondRound> {
  const [row] = await db.select().from(dondRounds).where(eq(dondRounds.id, id));
  if (!row || row.status === 'draft') throw notFound();
  return present(db, row, { userId: viewerId, names: 'public' });
}

/** GET /api/admin/dealornodeal: the latest 20 rounds, names unmasked. */
export async function listRoundsForAdmin(db: Database): Promise<DondRound[]> {
  const rows = await db.select().from(dondRounds).orderBy(desc(dondRounds.roundNumber)).limit(20);
  return Promise.all(rows.map((row) => present(db, row, { userId: null, names: 'admin' })));
}

/**
 * Tells the live channel's `dond` topic that the public round changed (it opened, closed, a move, the
 * end), in the change's transaction: the pages watching refetch at once instead of waiting for their
 * poll. Joins are not announced one by one (a burst of entries would make every page refetch for
 * each); the entry count follows the pages' slower poll.
 */
async function announceChange(tx: Tx, row: Pick<DondRow, 'id' | 'status'>): Promise<void> {
  await publishEvent(tx, { name: 'dond', topic: 'dond', data: { roundId: row.id, status: row.status } });
}

async function lockRound(tx: Tx, id: string): Promise<DondRow> {
  const [row] = await tx.select().from(dondRounds).where(eq(dondRounds.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

/** POST /api/admin/dealornodeal/rounds: a draft with a fresh seed pair (audited). One round at a time. */
export async function createRound(db: Database, values: number[], actor: AuditActor, now: Date): Promise<DondRound> {
  try {
    return await db.transaction(async (tx) => {
      const serverSeed = randomServerSeed();
      const [row] = await tx
        .insert(dondRounds)
        .values({
          caseValues: values,
          serverSeed,
          serverSeedHash: sha256Hex(serverSeed),
          clientSeed: randomClientSeed(),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const total = values.reduce((a, b) => a + b, 0);
      await recordAudit(tx, {
        ...actor,
        action: 'dond.create',
        targetType: 'dond_round',
        targetId: row!.id,
        changes: { summary: `Deal or No Deal #${row!.roundNumber}: ${values.length} cases, ${total} points in total`, values },
        at: now,
      });
      return present(tx, row!, { userId: null, names: 'admin' });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('DOND_ROUND_LIVE', 'Finish or cancel the current round before creating another.');
    throw error;
  }
}

/** POST /api/admin/dealornodeal/rounds/:id/open: entries open; the seed's hash is public from now (audited). */
export async function openRound(db: Database, id: string, actor: AuditActor, now: Date): Promise<DondRound> {
  return db.transaction(async (tx) => {
    const row = await lockRound(tx, id);
    if (row.status !== 'draft') throw wrongStatus('Only a draft round can open.');
    const [opened] = await tx.update(dondRounds).set({ status: 'open', openedAt: now, updatedAt: now }).where(eq(dondRounds.id, id)).returning();
    await recordAudit(tx, {
      ...actor,
      action: 'dond.open',
      targetType: 'dond_round',
      targetId: id,
      changes: { summary: `Deal or No Deal #${row.roundNumber} open for entries`, serverSeedHash: row.serverSeedHash },
      at: now,
    });
    await announceChange(tx, opened!);
    return present(tx, opened!, { userId: null, names: 'admin' });
  });
}

const ADMIN_JOIN = 'Admins run Deal or No Deal, so an admin account cannot join a round.';

/**
 * Before POST /api/dealornodeal/rounds/:id/join's transaction: an admin, who draws the contestant,
 * is refused (403 OWN_ACCOUNT_ACT) and the attempt audited (platform/own-account.ts). `!dond` asks
 * the same rule and says nothing.
 */
export async function refuseAdminJoin(db: Database, roundId: string, userId: string, actor: AuditActor, now: Date): Promise<void> {
  await mayTakePart(db, userId, now, {
    actor,
    action: 'dond.join',
    targetType: 'dond_round',
    targetId: roundId,
    summary: 'join a Deal or No Deal round',
    message: ADMIN_JOIN,
  });
}

/**
 * Joins the open round (web or `!dond`), in the caller's transaction. The restriction check (the
 * "Deal or No Deal" feature ban) runs first. `inserted` false: already joined.
 */
export async function joinRound(
  tx: Tx,
  input: { roundId: string; userId: string; source: 'web' | 'chat'; at: Date; restriction: RestrictionCheck | null },
): Promise<{ inserted: boolean; row: DondRow }> {
  // Also here, for any caller that skipped refuseAdminJoin (or the chat hook's own ask).
  if (!(await mayTakePart(tx, input.userId, input.at))) throw new AppError('OWN_ACCOUNT_ACT', ADMIN_JOIN);
  if (input.restriction) await input.restriction.assert(tx);
  // FOR SHARE: closing (which updates the row) waits for joins in flight and then sees all of them.
  const [row] = await tx.select().from(dondRounds).where(eq(dondRounds.id, input.roundId)).for('share');
  if (!row || row.status === 'draft') throw notFound();
  if (row.status !== 'open') throw wrongStatus('Entries for this round are closed.');
  const inserted = await tx
    .insert(dondEntries)
    .values({ roundId: row.id, userId: input.userId, source: input.source, createdAt: input.at })
    .onConflictDoNothing()
    .returning({ userId: dondEntries.userId });
  return { inserted: inserted.length > 0, row };
}

/** POST /api/dealornodeal/rounds/:id/join. */
export async function joinRoundOnWeb(db: Database, input: { roundId: string; userId: string; at: Date; restriction: RestrictionCheck }): Promise<DondRound> {
  return db.transaction(async (tx) => {
    const { inserted, row } = await joinRound(tx, { ...input, source: 'web' });
    if (!inserted) throw new AppError('ALREADY_ENTERED', 'Already entered');
    return present(tx, row, { userId: input.userId, names: 'public' });
  });
}

/** The open round, if any (the chat hook). */
export async function openRoundRow(db: Database | Tx): Promise<DondRow | null> {
  const [row] = await db.select().from(dondRounds).where(eq(dondRounds.status, 'open')).limit(1);
  return row ?? null;
}

/**
 * POST /api/admin/dealornodeal/rounds/:id/close: entries end; one contestant is drawn with the raffle
 * draw over the entrants' UIDs in entry order (seed: the round's server seed). No entrant: the round
 * is cancelled and its seed revealed (audited either way).
 */
export async function closeRound(db: Database, id: string, actor: AuditActor, now: Date): Promise<{ round: DondRound; contestantUsername: string | null }> {
  return db.transaction(async (tx) => {
    const row = await lockRound(tx, id);
    if (row.status !== 'open') throw wrongStatus('Only a round open for entries can close.');
    // No admin is drawn (platform/own-account.ts), even one whose entry came before that rule: the
    // published entrant list is the one drawn from.
    const entrants = await tx
      .select({ uid: users.uid, userId: users.id, username: users.username })
      .from(dondEntries)
      .innerJoin(users, eq(users.id, dondEntries.userId))
      .where(and(eq(dondEntries.roundId, id), not(isAdminAccountSql(dondEntries.userId))))
      .orderBy(asc(dondEntries.createdAt), asc(users.uid));
    const uids = entrants.map((e) => e.uid);
    const draw = drawRaffleWinners(row.serverSeed, uids, 1);
    const winner = entrants.find((e) => e.uid === draw.winnerUids[0]) ?? null;
    const [closed] = await tx
      .update(dondRounds)
      .set({
        status: winner ? 'playing' : 'cancelled',
        entrantUids: uids,
        entriesDigest: draw.entriesDigest,
        contestantId: winner?.userId ?? null,
        contestantUid: winner?.uid ?? null,
        lastActionAt: winner ? now : null,
        closedAt: now,
        finishedAt: winner ? null : now,
        updatedAt: now,
      })
      .where(eq(dondRounds.id, id))
      .returning();
    await recordAudit(tx, {
      ...actor,
      action: 'dond.close',
      targetType: 'dond_round',
      targetId: id,
      changes: {
        summary: winner
          ? `Deal or No Deal #${row.roundNumber}: ${winner.username} drawn from ${uids.length} entrant${uids.length === 1 ? '' : 's'}`
          : `Deal or No Deal #${row.roundNumber}: nobody joined, cancelled`,
        entries: uids.length,
        contestantUid: winner?.uid ?? null,
        entriesDigest: draw.entriesDigest,
      },
      at: now,
    });
    await announceChange(tx, closed!);
    return { round: await present(tx, closed!, { userId: null, names: 'admin' }), contestantUsername: winner?.username ?? null };
  });
}

/** POST /api/admin/dealornodeal/rounds/:id/cancel: a draft, open or playing round ends without a prize (audited). */
export async function cancelRound(db: Database, id: string, actor: AuditActor, now: Date): Promise<DondRound> {
  return db.transaction(async (tx) => {
    const row = await lockRound(tx, id);
    if ((ENDED as readonly string[]).includes(row.status)) throw wrongStatus('This round has already ended.');
    const [cancelled] = await tx.update(dondRounds).set({ status: 'cancelled', finishedAt: now, updatedAt: now }).where(eq(dondRounds.id, id)).returning();
    await recordAudit(tx, {
      ...actor,
      action: 'dond.cancel',
      targetType: 'dond_round',
      targetId: id,
      changes: { summary: `Deal or No Deal #${row.roundNumber} cancelled (was ${row.status})` },
      at: now,
    });
    if (row.status !== 'draft') await announceChange(tx, cancelled!);
    return present(tx, cancelled!, { userId: null, names: 'admin' });
  });
}

/**
 * The offer that stands now: the banker's open offer; otherwise (no offer waiting: the contestant is
 * picking, opening or at the final choice) the banker's formula over the unopened cases at the share
 * of the round in progress (the last round's share at the final choice).
 */
export function currentOffer(row: DondRow): number {
  const size = sizeOf(row);
  const last = row.offers.at(-1);
  if (last && last.answer === null) return last.amount;
  const rounds = openingSchedule(size).length;
  return bankerOffer(unopenedValues(boardOf(row), row.opened), Math.min(row.offers.length + 1, rounds), rounds);
}

export type DondFinish = { outcome: 'deal' | 'keep' | 'swap'; prize: number; finalCase: number | null; auto: boolean; reason?: DondEndReason };

/** Ends a round in play once (status 'playing' → 'finished') and credits the prize through the ledger. */
async function finish(tx: Tx, row: DondRow, end: DondFinish, offers: DondOfferRow[], now: Date): Promise<DondRow | null> {
  const [done] = await tx
    .update(dondRounds)
    .set({
      status: 'finished',
      outcome: end.outcome,
      prize: end.prize,
      finalCase: end.finalCase,
      autoDeal: end.auto,
      endReason: end.reason ?? null,
      offers,
      finishedAt: now,
      lastActionAt: now,
      updatedAt: now,
    })
    .where(and(eq(dondRounds.id, row.id), eq(dondRounds.status, 'playing')))
    .returning();
  if (!done) return null;
  if (end.prize > 0 && row.contestantId) {
    await credit(tx, {
      userId: row.contestantId,
      amount: end.prize,
      reason: 'dond_prize',
      refType: 'dond_round',
      refId: row.id,
      note: `Deal or No Deal #${row.roundNumber}`,
      at: now,
    });
  }
  return done;
}

/** The guard's refusal when a restriction that blocks Deal or No Deal holds, else null (the check does not throw). */
async function restrictionRefusal(tx: Tx, check: Pick<RestrictionCheck, 'assert'>): Promise<AppError | null> {
  try {
    await check.assert(tx);
    return null;
  } catch (error) {
    if (error instanceof AppError && error.code === 'RESTRICTED') return error;
    throw error;
  }
}

/**
 * A contestant restricted mid-round (a Deal or No Deal ban, a timeout, a permanent ban) plays no
 * more: the round ends as the auto-deal ends it, but with no prize, and says why (result.reason).
 */
function endRestricted(tx: Tx, row: DondRow, now: Date): Promise<DondRow | null> {
  return finish(tx, row, { outcome: 'deal', prize: 0, finalCase: null, auto: false, reason: 'restricted' }, row.offers, now);
}

/**
 * POST /api/dealornodeal/rounds/:id/move: the contestant's act on a round in play. A contestant the
 * route's restriction check refuses ends the round with no prize (endRestricted); `refusal` is then
 * the guard's 403, for the caller to answer once the end has committed.
 */
export async function makeMove(
  db: Database,
  input: { roundId: string; userId: string; move: DondMove; now: Date; restriction: RestrictionCheck },
): Promise<{ round: DondRound; finished: boolean; refusal: AppError | null }> {
  return db.transaction(async (tx) => {
    const row = await lockRound(tx, input.roundId);
    if (row.status === 'draft') throw notFound();
    if (row.status !== 'playing') throw wrongStatus('This round is not in play.');
    if (row.contestantId !== input.userId) throw new AppError('NOT_CONTESTANT', 'Only the contestant plays this round.');
    const refusal = await restrictionRefusal(tx, input.restriction);
    if (refusal) {
      const ended = (await endRestricted(tx, row, input.now))!;
      await announceChange(tx, ended);
      return { round: await present(tx, ended, { userId: input.userId, names: 'public' }), finished: true, refusal };
    }
    const size = sizeOf(row);
    const rounds = openingSchedule(size).length;
    const board = boardOf(row);
    const { stage, toOpen, round } = dondStage(size, playOf(row));
    const move = input.move;
    const needStage = { pick: 'pick', open: 'open', deal: 'offer', no_deal: 'offer', final: 'final' }[move.action];
    if (stage !== needStage) throw wrongStatus(`You cannot ${move.action.replace('_', ' ')} now.`);
    const base = { lastActionAt: input.now, updatedAt: input.now };
    let finished: DondRow | null = null;
    if (move.action === 'pick' || move.action === 'open') {
      if (move.case > size) throw new AppError('BAD_REQUEST', `This board has ${size} cases.`);
    }
    if (move.action === 'pick') {
      await tx
        .update(dondRounds)
        .set({ ...base, ownCase: move.case })
        .where(eq(dondRounds.id, row.id));
    } else if (move.action === 'open') {
      if (move.case === row.ownCase || row.opened.includes(move.case)) throw wrongStatus('That case cannot be opened.');
      const opened = [...row.opened, move.case];
      const offers = [...row.offers];
      if (toOpen === 1) {
        offers.push({
          round,
          amount: bankerOffer(unopenedValues(board, opened), round, rounds),
          sharePercent: bankerSharePercent(round, rounds),
          answer: null,
        });
      }
      await tx
        .update(dondRounds)
        .set({ ...base, opened, offers })
        .where(eq(dondRounds.id, row.id));
    } else if (move.action === 'deal' || move.action === 'no_deal') {
      const offers = row.offers.map((o, i) => (i === row.offers.length - 1 ? { ...o, answer: move.action } : o));
      if (move.action === 'deal') {
        finished = await finish(tx, row, { outcome: 'deal', prize: offers.at(-1)!.amount, finalCase: null, auto: false }, offers, input.now);
      } else {
        await tx
          .update(dondRounds)
          .set({ ...base, offers })
          .where(eq(dondRounds.id, row.id));
      }
    } else {
      const other = board.findIndex((_, i) => i + 1 !== row.ownCase && !row.opened.includes(i + 1)) + 1;
      const finalCase = move.swap ? other : row.ownCase!;
      finished = await finish(tx, row, { outcome: move.swap ? 'swap' : 'keep', prize: board[finalCase - 1]!, finalCase, auto: false }, row.offers, input.now);
    }
    const [after] = await tx.select().from(dondRounds).where(eq(dondRounds.id, row.id));
    await announceChange(tx, after!);
    return { round: await present(tx, after!, { userId: input.userId, names: 'public' }), finished: finished !== null, refusal: null };
  });
}

/**
 * The idle job: a contestant who has not acted for 2 minutes gets the current offer (currentOffer),
 * unless a restriction that blocks Deal or No Deal holds for them by then: that round ends with no
 * prize (endRestricted), as their next move would have ended it. Each round is claimed FOR UPDATE
 * SKIP LOCKED and ended by the conditional update, so with several servers exactly one ends it.
 * Returns the rounds it ended.
 */
export async function autoDealIdleRounds(db: Database, now: Date): Promise<DondRow[]> {
  const cutoff = new Date(now.getTime() - DOND_IDLE_MS);
  const due = await db
    .select({ id: dondRounds.id })
    .from(dondRounds)
    .where(and(eq(dondRounds.status, 'playing'), lte(dondRounds.lastActionAt, cutoff)));
  const ended: DondRow[] = [];
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(dondRounds)
        .where(and(eq(dondRounds.id, id), eq(dondRounds.status, 'playing'), lte(dondRounds.lastActionAt, cutoff)))
        .for('update', { skipLocked: true });
      if (!row) return null;
      const contestantId = row.contestantId;
      const isRestricted =
        contestantId !== null && (await restrictionRefusal(tx, { assert: (db) => assertNotRestricted(db, contestantId, 'dealornodeal', now) })) !== null;
      const offers = row.offers.map((o, i) => (i === row.offers.length - 1 && o.answer === null ? { ...o, answer: 'deal' as const } : o));
      const done = isRestricted
        ? await endRestricted(tx, row, now)
        : await finish(tx, row, { outcome: 'deal', prize: currentOffer(row), finalCase: null, auto: true }, offers, now);
      if (done) await announceChange(tx, done);
      return done;
    });
    if (done) ended.push(done);
  }
  return ended;
}

/** A finished round by id (announcements). */
export async function roundRow(db: Database, id: string): Promise<DondRow | null> {
  const [row] = await db.select().from(dondRounds).where(eq(dondRounds.id, id));
  return row ?? null;
}

/**
 * The contestant as chat knows them (announcements): their linked Kick name, else their site name
 * masked like every public board unless they show it.
 */
export async function contestantName(db: Database, row: DondRow): Promise<string> {
  if (!row.contestantId) return 'nobody';
  const kick = await platformAccountOf(db, 'kick', row.contestantId);
  if (kick?.username) return `@${kick.username}`;
  const [u] = await db.select({ username: users.username, show: users.showOnLeaderboard }).from(users).where(eq(users.id, row.contestantId));
  return u ? (u.show ? u.username : maskUsername(u.username)) : 'the contestant';
}

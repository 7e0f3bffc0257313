import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, isNotNull, isNull, lte, not, or, sql } from 'drizzle-orm';
import { GIVEAWAY_CLAIM_HOURS, type Giveaway, type GiveawayInputSchema, type GiveawayWinnerStatus } from '@app/shared/api/giveaways';
import { drawGiveawayWinners, giveawayTickets, type GiveawayRound } from '@app/shared/domain/giveaway-draw';
import { raffleEntriesDigest } from '@app/shared/domain/raffle-draw';
import { sha256Hex } from '@app/shared/fairness/engine';
import type { Database } from '../../db/client.ts';
import { giveawayEntries, giveaways, giveawayWinners, socialAccounts, userRestrictions, users } from '../../db/schema.ts';
import { isUniqueViolation, type Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { publishEvent } from '../../platform/event-bus.ts';
import { isAdminAccountSql, mayTakePart } from '../../platform/own-account.ts';
import { GIVEAWAY_BLOCKING_KINDS, restrictionHoldsSql } from '../../platform/restrictions.ts';
import { giveawayWonText } from '../notifications/notification-texts.ts';
import { notify } from '../notifications/notifications-service.ts';
import { credit } from '../../platform/ledger.ts';
import { chatPendingBeforeSql } from '../chat/events.ts';
import { viewerAccountOf, viewerLinkSql } from '../chat/viewer-account.ts';
import { presentGiveaways, type GiveawayRow, type WinnerNames } from './giveaway-presenter.ts';

type GiveawayValues = ReturnType<(typeof GiveawayInputSchema)['parse']>;
type WinnerRow = typeof giveawayWinners.$inferSelect;

const CLAIM_MS = GIVEAWAY_CLAIM_HOURS * 3_600_000;

function notFound(): AppError {
  return new AppError('NOT_FOUND', 'That giveaway does not exist.');
}

/** The entrant id of an unlinked Kick viewer in the published list. */
export const kickEntrantId = (kickUserId: string) => `KICK-${kickUserId}`;

/** The keyword as compared: lower case; a message enters when its first word is the keyword. */
export function keywordMatches(keyword: string, content: string): boolean {
  const first = content.trim().split(/\s+/, 1)[0] ?? '';
  return first.toLowerCase() === keyword.toLowerCase();
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
 * A chat message with the keyword, in the chat event's transaction: one entry per Kick account (the
 * primary key; a repeat or a message arriving at the same moment inserts nothing). Returns whether
 * the message was an entry attempt (the hook then stops it from reaching the commands).
 */
export async function enterFromChat(
  tx: Tx,
  input: { kickUserId: string; username: string; isSubscriber: boolean; content: string; at: Date },
): Promise<boolean> {
  const seen = await openGiveaway(tx, input.at);
  if (!seen || !keywordMatches(seen.keyword, input.content)) return false;
  // Only a keyword message takes the share lock; a close that committed meanwhile leaves nothing open.
  const giveaway = await openGiveaway(tx, input.at, true);
  if (!giveaway) return true;
  const linked = await viewerAccountOf(tx, 'kick', input.kickUserId);
  if (giveaway.entryMode === 'linked' && !linked) return true;
  // Admins run the giveaways: a Kick account linked to one does not enter, and the bot says nothing.
  if (linked && !(await mayTakePart(tx, linked.id, input.at))) return true;
  await tx
    .insert(giveawayEntries)
    .values({ giveawayId: giveaway.id, kickUserId: input.kickUserId, kickUsername: input.username, isSubscriber: input.isSubscriber, createdAt: input.at })
    .onConflictDoNothing();
  return true;
}

/** A fresh commitment: 32 random bytes as hex, and the SHA-256 of that text (as raffles do). */
function newSeed(): { seed: string; seedHash: string } {
  const seed = randomBytes(32).toString('hex');
  return { seed, seedHash: sha256Hex(seed) };
}

/** POST /api/admin/giveaways: starts taking entries now; the seed's hash is published (audited). */
export async function startGiveaway(db: Database, input: GiveawayValues, actor: AuditActor, now: Date): Promise<Giveaway> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(giveaways)
        .values({
          prize: input.prize,
          prizePoints: input.prizePoints,
          keyword: input.keyword,
          winners: input.winners,
          entryMode: input.entryMode,
          subscriberLuck: input.subscriberLuck,
          opensAt: now,
          closesAt: new Date(now.getTime() + input.durationSeconds * 1000),
          ...newSeed(),
          createdBy: actor.actorId,
          createdAt: now,
        })
        .returning();
      await recordAudit(tx, {
        ...actor,
        action: 'giveaway.start',
        targetType: 'giveaway',
        targetId: row!.id,
        changes: { summary: `Giveaway #${row!.giveawayNumber}: ${row!.prize}`, ...input, seedHash: row!.seedHash },
        at: now,
      });
      await announceGiveaway(tx, row!.id);
      return (await presentGiveaways(tx, [row!], 'admin', now))[0]!;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'giveaways_one_open_idx')) {
      throw new AppError('GIVEAWAY_WRONG_STATUS', 'A giveaway is already taking entries: close it first.');
    }
    throw error;
  }
}

/**
 * Closes a giveaway and fixes its entrant list, once (a conditional update claims it: with two
 * servers, or the job and the admin at once, one closes it). Entrants in entry order; weight =
 * subscriber luck for a subscriber; linked members with a Chat, Raffle or permanent ban are left out
 * (counted in banned_excluded); in 'linked' mode, viewers no longer linked are left out too.
 */
export async function closeGiveaway(db: Database | Tx, id: string, now: Date): Promise<GiveawayRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(giveaways)
      .set({ closedAt: now })
      .where(and(eq(giveaways.id, id), isNull(giveaways.closedAt)))
      .returning();
    if (!row) return null;
    const entries = await tx
      .select({
        kickUserId: giveawayEntries.kickUserId,
        kickUsername: giveawayEntries.kickUsername,
        isSubscriber: giveawayEntries.isSubscriber,
        userId: socialAccounts.userId,
        uid: users.uid,
        bannedAt: users.bannedAt,
        restricted: sql<boolean>`exists (select 1 from ${userRestrictions} where ${userRestrictions.userId} = ${users.id}
          and ${userRestrictions.kind} in ${[...GIVEAWAY_BLOCKING_KINDS]} and ${restrictionHoldsSql(now)})`,
      })
      .from(giveawayEntries)
      .leftJoin(socialAccounts, viewerLinkSql('kick', giveawayEntries.kickUserId))
      .leftJoin(users, eq(users.id, socialAccounts.userId))
      // Nor is an admin drawn (platform/own-account.ts): an entry from before the rule, or from a Kick
      // account linked to an admin since it entered, is left out of the list.
      .where(and(eq(giveawayEntries.giveawayId, row.id), not(isAdminAccountSql(socialAccounts.userId))))
      .orderBy(asc(giveawayEntries.createdAt), asc(giveawayEntries.seq));
    const entrants: { id: string; weight: number }[] = [];
    const refs: { id: string; kickUserId: string; kickUsername: string }[] = [];
    let bannedExcluded = 0;
    for (const e of entries) {
      if (e.userId && (e.restricted || e.bannedAt)) {
        bannedExcluded += 1;
        continue;
      }
      if (!e.userId && row.entryMode === 'linked') continue;
      const entrantId = e.uid ?? kickEntrantId(e.kickUserId);
      entrants.push({ id: entrantId, weight: e.isSubscriber ? row.subscriberLuck : 1 });
      refs.push({ id: entrantId, kickUserId: e.kickUserId, kickUsername: e.kickUsername });
    }
    const digest = raffleEntriesDigest(giveawayTickets(entrants));
    const [closed] = await tx
      .update(giveaways)
      .set({ entrants, entrantRefs: refs, entriesDigest: digest, bannedExcluded })
      .where(eq(giveaways.id, row.id))
      .returning();
    await announceGiveaway(tx, row.id);
    return closed!;
  });
}

/** Winner rows for the ids of a round: credited at once when linked (points), else awaiting fulfilment or 48 h to link. */
async function addWinners(tx: Tx, row: GiveawayRow, round: GiveawayRound, positions: number[], now: Date): Promise<WinnerRow[]> {
  const refs = new Map((row.entrantRefs ?? []).map((r) => [r.id, r]));
  const added: WinnerRow[] = [];
  for (const [i, entrantId] of round.winnerIds.entries()) {
    const ref = refs.get(entrantId)!;
    const found = await viewerAccountOf(tx, 'kick', ref.kickUserId);
    // Linked to an admin since the close: not paid, it waits as an unlinked winner would (the claim
    // below skips admins), and after the 48 hours the admin may redraw.
    const linked = found && (await mayTakePart(tx, found.id, now)) ? found : null;
    const status = linked ? claimedStatus(row, linked.emailVerified) : 'unclaimed';
    const [winner] = await tx
      .insert(giveawayWinners)
      .values({
        giveawayId: row.id,
        round: round.round,
        position: positions[i]!,
        entrantId,
        kickUserId: ref.kickUserId,
        kickUsername: ref.kickUsername,
        userId: linked?.id ?? null,
        status,
        claimBy: linked ? null : new Date(now.getTime() + CLAIM_MS),
        claimedAt: linked ? now : null,
        createdAt: now,
      })
      .returning();
    if (status !== 'unclaimed' && status !== 'held') await payPrize(tx, row, winner!, linked!.id, now);
    added.push(winner!);
  }
  return added;
}

/**
 * A linked winner's status: the prize is theirs ('credited' points, or a text prize 'awaiting_fulfilment'),
 * or, while their e-mail is not verified, 'held' until it is (as stream points and wager credits wait
 * for it); payHeldPrizes pays it then. A text prize is held too: the streamer hands nothing to an
 * account whose address is unproven.
 */
function claimedStatus(row: GiveawayRow, emailVerified: boolean): GiveawayWinnerStatus {
  if (!emailVerified) return 'held';
  return row.prizePoints ? 'credited' : 'awaiting_fulfilment';
}

/**
 * A linked winner's prize: points through the ledger (a text prize waits for the admin), and the
 * member is told. Called only by the one transaction that moved the winner row to its claimed status.
 */
async function payPrize(tx: Tx, row: GiveawayRow, winner: WinnerRow, userId: string, now: Date): Promise<void> {
  await notify(tx, { ...giveawayWonText(row.giveawayNumber, row.prize, row.prizePoints), userId, at: now });
  if (!row.prizePoints) return;
  await credit(tx, {
    userId,
    amount: row.prizePoints!,
    reason: 'giveaway_prize',
    refType: 'giveaway',
    refId: winner.id,
    note: `Chat giveaway #${row.giveawayNumber}: ${row.prize}`,
    at: now,
  });
}

export type DrawnGiveaway = { row: GiveawayRow; winners: WinnerRow[] };

/** Draws a closed giveaway once (claimed by `drawn_at IS NULL`): reveals the seed, draws round 0, pays linked winners. */
export async function drawGiveaway(db: Database | Tx, id: string, now: Date): Promise<DrawnGiveaway | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(giveaways)
      .set({ drawnAt: now })
      .where(and(eq(giveaways.id, id), isNotNull(giveaways.closedAt), isNull(giveaways.drawnAt)))
      .returning();
    if (!row) return null;
    const result = drawGiveawayWinners(row.seed, row.entrants ?? [], row.winners);
    const round: GiveawayRound = { round: 0, excluded: [], winners: row.winners, entriesDigest: result.entriesDigest, winnerIds: result.winnerIds };
    const [drawn] = await tx
      .update(giveaways)
      .set({ rounds: [round] })
      .where(eq(giveaways.id, row.id))
      .returning();
    const winners = await addWinners(
      tx,
      drawn!,
      round,
      result.winnerIds.map((_, i) => i + 1),
      now,
    );
    await announceGiveaway(tx, row.id);
    return { row: drawn!, winners };
  });
}

export type GiveawayJobOutcome = { closed: GiveawayRow[]; drawn: DrawnGiveaway[]; claimed: number };

const CLOSE_GRACE_MS = 30_000;

/**
 * The job: closes every giveaway whose time is up, draws every closed one not drawn yet, and pays
 * unclaimed winners who have linked their Kick account since (automatic claim). Each step is claimed
 * by a conditional update, so two servers running it at once do each thing once.
 */
export async function runGiveawayJob(db: Database, now: Date): Promise<GiveawayJobOutcome> {
  const closed: GiveawayRow[] = [];
  // A giveaway closes once its time is up and the chat the webhook received before then has been
  // handled (a keyword received in time counts, however late the events job runs), or at the
  // latest CLOSE_GRACE_MS later (an event that keeps failing cannot hold the close).
  const due = await db
    .select({ id: giveaways.id })
    .from(giveaways)
    .where(
      and(
        isNull(giveaways.closedAt),
        lte(giveaways.closesAt, now),
        or(lte(giveaways.closesAt, new Date(now.getTime() - CLOSE_GRACE_MS)), not(chatPendingBeforeSql(giveaways.closesAt))),
      ),
    );
  for (const { id } of due) {
    const row = await closeGiveaway(db, id, now);
    if (row) closed.push(row);
  }
  const drawn: DrawnGiveaway[] = [];
  const undrawn = await db
    .select({ id: giveaways.id })
    .from(giveaways)
    .where(and(isNotNull(giveaways.closedAt), isNull(giveaways.drawnAt)));
  for (const { id } of undrawn) {
    const outcome = await drawGiveaway(db, id, now);
    if (outcome) drawn.push(outcome);
  }
  return { closed, drawn, claimed: await claimLinkedWinners(db, now) };
}

/**
 * The automatic claim: an unclaimed winner whose Kick account is now linked, within the 48 hours,
 * gets the prize (points through the ledger; a text prize waits for the admin). The row's move from
 * 'unclaimed' is the claim, so the prize is paid once.
 */
export async function claimLinkedWinners(db: Database, now: Date): Promise<number> {
  const candidates = await db
    .select({ id: giveawayWinners.id, userId: socialAccounts.userId, emailVerified: users.emailVerified })
    .from(giveawayWinners)
    .innerJoin(socialAccounts, viewerLinkSql('kick', giveawayWinners.kickUserId))
    .innerJoin(users, eq(users.id, socialAccounts.userId))
    // A winner's Kick account linked to an admin is never paid (platform/own-account.ts).
    .where(and(eq(giveawayWinners.status, 'unclaimed'), gt(giveawayWinners.claimBy, now), not(isAdminAccountSql(socialAccounts.userId))));
  let claimed = 0;
  for (const c of candidates) {
    const done = await db.transaction(async (tx) => {
      const [winner] = await tx.select().from(giveawayWinners).where(eq(giveawayWinners.id, c.id));
      const [row] = await tx.select().from(giveaways).where(eq(giveaways.id, winner!.giveawayId));
      const status = claimedStatus(row!, c.emailVerified);
      const [moved] = await tx
        .update(giveawayWinners)
        .set({ status, userId: c.userId, claimedAt: status === 'held' ? null : now })
        .where(and(eq(giveawayWinners.id, c.id), eq(giveawayWinners.status, 'unclaimed')))
        .returning();
      if (!moved) return false;
      if (status !== 'held') await payPrize(tx, row!, moved, c.userId, now);
      await announceGiveaway(tx, row!.id);
      return true;
    });
    if (done) claimed += 1;
  }
  return claimed;
}

/**
 * On e-mail verification, in its transaction: the member's held prizes are paid (points through the
 * ledger, keyed by the winner row as at the draw) or go to the admin to hand over. The row's move
 * from 'held' is the claim, so a prize is paid once however often this runs.
 */
export async function payHeldPrizes(tx: Tx, userId: string, now: Date): Promise<number> {
  // An account made an admin since it won is not paid, as the automatic claim never pays one.
  if (!(await mayTakePart(tx, userId, now))) return 0;
  const held = await tx
    .select({ id: giveawayWinners.id })
    .from(giveawayWinners)
    .where(and(eq(giveawayWinners.userId, userId), eq(giveawayWinners.status, 'held')))
    .orderBy(asc(giveawayWinners.createdAt));
  let paid = 0;
  for (const { id } of held) {
    const [winner] = await tx.select().from(giveawayWinners).where(eq(giveawayWinners.id, id));
    const row = (await giveawayRowOf(tx, winner!.giveawayId))!;
    const [moved] = await tx
      .update(giveawayWinners)
      .set({ status: claimedStatus(row, true), claimedAt: now })
      .where(and(eq(giveawayWinners.id, id), eq(giveawayWinners.status, 'held')))
      .returning();
    if (!moved) continue;
    await payPrize(tx, row, moved, userId, now);
    await announceGiveaway(tx, row.id);
    paid += 1;
  }
  return paid;
}

/**
 * Tells the live channel's `giveaways` topic that a giveaway changed (started, closed, drawn, a
 * winner claimed, redrawn or fulfilled), in the change's transaction; the Giveaways tab refetches.
 * Entries are not announced one by one (chat brings them in bursts); the tab's slower poll shows the count.
 */
async function announceGiveaway(tx: Database | Tx, giveawayId: string): Promise<void> {
  await publishEvent(tx, { name: 'giveaway', topic: 'giveaways', data: { giveawayId } });
}

async function lockedGiveaway(tx: Tx, id: string): Promise<GiveawayRow> {
  const [row] = await tx.select().from(giveaways).where(eq(giveaways.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

async function presentOne(db: Database | Tx, row: GiveawayRow, now: Date): Promise<Giveaway> {
  const [fresh] = await db.select().from(giveaways).where(eq(giveaways.id, row.id));
  return (await presentGiveaways(db, [fresh!], 'admin', now))[0]!;
}

/** POST /api/admin/giveaways/:id/close: closes entries early (audited). */
export async function closeGiveawayNow(db: Database, id: string, actor: AuditActor, now: Date): Promise<Giveaway> {
  return db.transaction(async (tx) => {
    const current = await lockedGiveaway(tx, id);
    if (current.closedAt) throw new AppError('GIVEAWAY_WRONG_STATUS', 'This giveaway is already closed.');
    const row = (await closeGiveaway(tx, id, now))!;
    await recordAudit(tx, {
      ...actor,
      action: 'giveaway.close',
      targetType: 'giveaway',
      targetId: id,
      changes: {
        summary: `Giveaway #${row.giveawayNumber} closed early`,
        entrants: row.entrants?.length ?? 0,
        entriesDigest: row.entriesDigest,
        bannedExcluded: row.bannedExcluded,
      },
      at: now,
    });
    return presentOne(tx, row, now);
  });
}

/** POST /api/admin/giveaways/:id/draw: draws a closed giveaway now (the job does it too), once (audited). */
export async function drawGiveawayNow(db: Database, id: string, actor: AuditActor, now: Date): Promise<{ giveaway: Giveaway; drawn: DrawnGiveaway }> {
  return db.transaction(async (tx) => {
    const current = await lockedGiveaway(tx, id);
    if (!current.closedAt) throw new AppError('GIVEAWAY_WRONG_STATUS', 'Close the giveaway before drawing it.');
    if (current.drawnAt) throw new AppError('GIVEAWAY_WRONG_STATUS', 'This giveaway was already drawn.');
    const drawn = (await drawGiveaway(tx, id, now))!;
    await recordAudit(tx, {
      ...actor,
      action: 'giveaway.draw',
      targetType: 'giveaway',
      targetId: id,
      changes: { summary: `Giveaway #${drawn.row.giveawayNumber} drawn`, winnerIds: drawn.winners.map((w) => w.entrantId), seed: drawn.row.seed },
      at: now,
    });
    return { giveaway: await presentOne(tx, drawn.row, now), drawn };
  });
}

async function lockedWinner(tx: Tx, giveawayId: string, winnerId: string): Promise<WinnerRow> {
  const [winner] = await tx
    .select()
    .from(giveawayWinners)
    .where(and(eq(giveawayWinners.id, winnerId), eq(giveawayWinners.giveawayId, giveawayId)))
    .for('update');
  if (!winner) throw new AppError('NOT_FOUND', 'That winner does not exist.');
  return winner;
}

/**
 * POST /api/admin/giveaways/:id/winners/:winnerId/redraw: after the 48 hours of an unclaimed
 * winner, a new round of the same verifiable draw over every entrant who has not won yet; its first
 * id takes the same position (audited).
 */
export async function redrawWinner(
  db: Database,
  id: string,
  winnerId: string,
  actor: AuditActor,
  now: Date,
): Promise<{ giveaway: Giveaway; winner: WinnerRow }> {
  return db.transaction(async (tx) => {
    const row = await lockedGiveaway(tx, id);
    const winner = await lockedWinner(tx, id, winnerId);
    if (winner.status !== 'unclaimed') throw new AppError('GIVEAWAY_WRONG_STATUS', 'Only an unclaimed winner can be redrawn.');
    if (winner.claimBy && winner.claimBy.getTime() > now.getTime()) {
      throw new AppError('REDRAW_TOO_EARLY', `The winner has until ${winner.claimBy.toISOString()} to link their Kick account and claim.`);
    }
    const earlier = await tx.select({ entrantId: giveawayWinners.entrantId }).from(giveawayWinners).where(eq(giveawayWinners.giveawayId, id));
    const excluded = earlier.map((w) => w.entrantId);
    const result = drawGiveawayWinners(row.seed, row.entrants ?? [], 1, excluded);
    if (result.winnerIds.length === 0) throw new AppError('GIVEAWAY_WRONG_STATUS', 'Every entrant has already won: nobody is left to draw.');
    const round: GiveawayRound = { round: row.rounds.length, excluded, winners: 1, entriesDigest: result.entriesDigest, winnerIds: result.winnerIds };
    await tx.update(giveawayWinners).set({ status: 'replaced' }).where(eq(giveawayWinners.id, winner.id));
    const [updated] = await tx
      .update(giveaways)
      .set({ rounds: [...row.rounds, round] })
      .where(eq(giveaways.id, id))
      .returning();
    const [added] = await addWinners(tx, updated!, round, [winner.position], now);
    await recordAudit(tx, {
      ...actor,
      action: 'giveaway.redraw',
      targetType: 'giveaway',
      targetId: id,
      changes: {
        summary: `Giveaway #${row.giveawayNumber}: redraw of position ${winner.position}`,
        replaced: winner.entrantId,
        winner: added!.entrantId,
        round: round.round,
        excluded,
      },
      at: now,
    });
    await announceGiveaway(tx, id);
    return { giveaway: await presentOne(tx, updated!, now), winner: added! };
  });
}

/** POST /api/admin/giveaways/:id/winners/:winnerId/fulfil: a text prize handed over (audited). */
export async function fulfilWinner(db: Database, id: string, winnerId: string, actor: AuditActor, now: Date): Promise<Giveaway> {
  return db.transaction(async (tx) => {
    const row = await lockedGiveaway(tx, id);
    const winner = await lockedWinner(tx, id, winnerId);
    if (winner.status !== 'awaiting_fulfilment') throw new AppError('GIVEAWAY_WRONG_STATUS', 'Only a claimed text prize can be marked fulfilled.');
    await tx.update(giveawayWinners).set({ status: 'fulfilled', fulfilledAt: now }).where(eq(giveawayWinners.id, winner.id));
    await recordAudit(tx, {
      ...actor,
      action: 'giveaway.fulfil',
      targetType: 'giveaway',
      targetId: id,
      changes: { summary: `Giveaway #${row.giveawayNumber}: prize fulfilled for ${winner.kickUsername}`, winner: winner.entrantId, prize: row.prize },
      at: now,
    });
    await announceGiveaway(tx, id);
    return presentOne(tx, row, now);
  });
}

/** GET /api/giveaways (public, masked) and GET /api/admin/giveaways (plain): the latest 50, newest first. */
export async function listGiveaways(db: Database, names: WinnerNames, now: Date): Promise<Giveaway[]> {
  const rows = await db.select().from(giveaways).orderBy(desc(giveaways.createdAt), desc(giveaways.giveawayNumber)).limit(50);
  return presentGiveaways(db, rows, names, now);
}

import { and, asc, eq, gt, not } from 'drizzle-orm';
import { GIVEAWAY_CLAIM_HOURS, type GiveawayWinnerStatus } from '@app/shared/api/giveaways';
import type { GiveawayRound } from '@app/shared/domain/giveaway-draw';
import type { Database } from '../../db/client.ts';
import { giveaways, giveawayWinners, socialAccounts, users } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { credit } from '../../platform/ledger.ts';
import { isAdminAccountSql, mayTakePart } from '../../platform/own-account.ts';
import { giveawayWonText } from '../notifications/index.ts';
import { notify } from '../notifications/index.ts';
import { viewerAccountOf, viewerLinkSql } from '../chat/index.ts';
import type { GiveawayRow } from './giveaway-presenter.ts';
import { announceGiveaway, giveawayRowOf, type WinnerRow } from './giveaway-reads.ts';

/** The winners' prizes: paid at the draw when linked, by the automatic claim once linked, or on e-mail verification when held. */

const CLAIM_MS = GIVEAWAY_CLAIM_HOURS * 3_600_000;

/** Winner rows for the ids of a round: credited at once when linked (points), else awaiting fulfilment or 48 h to link. */
export async function addWinners(tx: Tx, row: GiveawayRow, round: GiveawayRound, positions: number[], now: Date): Promise<WinnerRow[]> {
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

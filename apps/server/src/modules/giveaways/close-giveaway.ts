import { and, asc, eq, isNull, not, sql } from 'drizzle-orm';
import type { Giveaway } from '@app/shared/api/giveaways';
import { giveawayTickets } from '@app/shared/domain/giveaway-draw';
import { raffleEntriesDigest } from '@app/shared/domain/raffle-draw';
import type { Database } from '../../db/client.ts';
import { giveawayEntries, giveaways, socialAccounts, userRestrictions, users } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { isAdminAccountSql } from '../../platform/own-account.ts';
import { GIVEAWAY_BLOCKING_KINDS, restrictionHoldsSql } from '../../platform/restrictions.ts';
import { viewerLinkSql } from '../chat/index.ts';
import { kickEntrantId } from './enter-giveaway.ts';
import type { GiveawayRow } from './giveaway-presenter.ts';
import { announceGiveaway, lockedGiveaway, presentOne } from './giveaway-reads.ts';

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

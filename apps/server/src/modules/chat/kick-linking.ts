import type { KickLinkState } from '@app/shared/api/stream';
import { and, eq, gt, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { kickLinkRequests, socialAccounts, users } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { releaseHeldCredits } from './crediting.ts';
import { platformAccountOf, viewerAccountOf } from './viewer-account.ts';

/**
 * Linking a Kick account to a profile. UIDs are public (raffle draw data lists them), so a UID
 * pasted in chat only asks: the user sees "Link Kick account @name?" on the profile and confirms or
 * declines within 15 minutes. While a request waits, another Kick account's request for the same
 * profile is refused (the bot says one is waiting, without naming it) until the first expires or the
 * owner declines it: a second account cannot swap itself in under the name the owner expects. The
 * same Kick account asking again renews its request. Linking pays out the Kick account's holding
 * balance (stream points earned before linking), once, when the account's e-mail is verified.
 */

export const LINK_REQUEST_TTL_MS = 15 * 60 * 1000;

// The public User UID of the profile (users-repository newUid): RH- and 8 of A-Z (no I, O) and 2-9.
const UID_PATTERN = /\bRH-[A-HJ-NP-Z2-9]{8}\b/i;

export function uidIn(content: string): string | null {
  return UID_PATTERN.exec(content)?.[0]?.toUpperCase() ?? null;
}

export type LinkRequestOutcome = 'requested' | 'no_uid' | 'already_linked' | 'kick_account_taken' | 'another_request_waiting';

/** A chat message carrying a UID: records the request for that user to confirm (nothing is linked yet). */
export async function requestKickLink(tx: Tx, input: { uid: string; kickUserId: string; kickUsername: string; now: Date }): Promise<LinkRequestOutcome> {
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.uid, input.uid));
  if (!user) return 'no_uid';
  const holder = await viewerAccountOf(tx, 'kick', input.kickUserId);
  if (holder) return holder.id === user.id ? 'already_linked' : 'kick_account_taken';
  if (await platformAccountOf(tx, 'kick', user.id)) return 'already_linked';
  const values = {
    userId: user.id,
    kickUserId: input.kickUserId,
    kickUsername: input.kickUsername,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + LINK_REQUEST_TTL_MS),
  };
  // One statement decides, so two servers handling two accounts' messages at once cannot both win:
  // an open request of another Kick account is left as it is.
  const written = await tx
    .insert(kickLinkRequests)
    .values(values)
    .onConflictDoUpdate({
      target: kickLinkRequests.userId,
      set: { kickUserId: values.kickUserId, kickUsername: values.kickUsername, createdAt: values.createdAt, expiresAt: values.expiresAt },
      setWhere: or(eq(kickLinkRequests.kickUserId, values.kickUserId), lte(kickLinkRequests.expiresAt, input.now)),
    })
    .returning({ userId: kickLinkRequests.userId });
  return written.length > 0 ? 'requested' : 'another_request_waiting';
}

/** The bot's answer in chat to a UID, when there is something to say (null: nothing). */
export function linkRequestReply(outcome: LinkRequestOutcome, kickUsername: string, site: string): string | null {
  if (outcome !== 'another_request_waiting') return null;
  return `@${kickUsername} a link request is already waiting on that profile. Try again once its owner answers it at ${site}/profile or it expires (15 minutes at most).`;
}

/** GET /api/profile/kick-link: the open request (not expired) and the linked account. */
export async function kickLinkState(db: Database | Tx, userId: string, now: Date): Promise<KickLinkState> {
  const [[request], linked] = await Promise.all([
    db
      .select()
      .from(kickLinkRequests)
      .where(and(eq(kickLinkRequests.userId, userId), gt(kickLinkRequests.expiresAt, now))),
    platformAccountOf(db, 'kick', userId),
  ]);
  return {
    request: request ? { kickUsername: request.kickUsername, kickUserId: request.kickUserId, expiresAt: request.expiresAt.toISOString() } : null,
    linked: linked ? { kickUsername: linked.username, kickUserId: linked.platformUserId } : null,
  };
}

function noRequest(): AppError {
  return new AppError('NOT_FOUND', 'There is no Kick link request to answer (it may have expired). Paste your UID in chat again.');
}

/**
 * POST /api/profile/kick-link/confirm: links the requesting Kick account and pays out its holding
 * balance (held on while the e-mail is unverified), in one transaction. The request row is taken by
 * its delete, so a double submit links once.
 */
export async function confirmKickLink(db: Database, userId: string, now: Date): Promise<KickLinkState> {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .delete(kickLinkRequests)
      .where(and(eq(kickLinkRequests.userId, userId), gt(kickLinkRequests.expiresAt, now)))
      .returning();
    if (!request) throw noRequest();
    const linked = await tx
      .insert(socialAccounts)
      .values({ userId, platform: 'kick', externalId: request.kickUserId, username: request.kickUsername, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: socialAccounts.id });
    if (linked.length === 0) {
      throw new AppError('KICK_ACCOUNT_TAKEN', 'That Kick account is linked to another profile, or yours already has one.');
    }
    await releaseHeldCredits(tx, userId, request.kickUserId, now);
    return kickLinkState(tx, userId, now);
  });
}

/** POST /api/profile/kick-link/decline: forgets the request. */
export async function declineKickLink(db: Database, userId: string, now: Date): Promise<KickLinkState> {
  const gone = await db.delete(kickLinkRequests).where(eq(kickLinkRequests.userId, userId)).returning({ id: kickLinkRequests.userId });
  if (gone.length === 0) throw noRequest();
  return kickLinkState(db, userId, now);
}

/** DELETE /api/profile/kick-link: unlinks the Kick account (it can be linked again by the same flow). */
export async function unlinkKick(db: Database, userId: string, now: Date): Promise<KickLinkState> {
  const gone = await db
    .delete(socialAccounts)
    .where(and(eq(socialAccounts.userId, userId), eq(socialAccounts.platform, 'kick')))
    .returning({ id: socialAccounts.id });
  if (gone.length === 0) throw new AppError('NOT_FOUND', 'No Kick account is linked.');
  return kickLinkState(db, userId, now);
}

import type { ChatLinksState } from '@app/shared/api/chat-platforms';
import type { KickLinkState } from '@app/shared/api/stream';
import { and, asc, eq, gt, inArray, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { kickLinkRequests, socialAccounts, users } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { releaseHeldCredits } from './crediting.ts';
import { PLATFORM_NAMES, type ChatPlatform } from './types.ts';
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

/** The platforms a site account links to (the test chat's viewers link to nothing). */
export type LinkPlatform = Extract<ChatPlatform, 'kick' | 'twitch'>;
export const LINK_PLATFORMS: readonly LinkPlatform[] = ['kick', 'twitch'];

/**
 * A chat message carrying a UID, on `platform`: records the request for that user to confirm
 * (nothing is linked yet). One open request per member, whichever platform.
 */
export async function requestChatLink(
  tx: Tx,
  input: { platform: LinkPlatform; uid: string; platformUserId: string; username: string; now: Date },
): Promise<LinkRequestOutcome> {
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.uid, input.uid));
  if (!user) return 'no_uid';
  const holder = await viewerAccountOf(tx, input.platform, input.platformUserId);
  if (holder) return holder.id === user.id ? 'already_linked' : 'kick_account_taken';
  if (await platformAccountOf(tx, input.platform, user.id)) return 'already_linked';
  const values = {
    userId: user.id,
    platform: input.platform,
    kickUserId: input.platformUserId,
    kickUsername: input.username,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + LINK_REQUEST_TTL_MS),
  };
  // One statement decides, so two servers handling two accounts' messages at once cannot both win:
  // an open request of another account is left as it is.
  const written = await tx
    .insert(kickLinkRequests)
    .values(values)
    .onConflictDoUpdate({
      target: kickLinkRequests.userId,
      set: {
        platform: values.platform,
        kickUserId: values.kickUserId,
        kickUsername: values.kickUsername,
        createdAt: values.createdAt,
        expiresAt: values.expiresAt,
      },
      setWhere: or(
        and(eq(kickLinkRequests.platform, values.platform), eq(kickLinkRequests.kickUserId, values.kickUserId)),
        lte(kickLinkRequests.expiresAt, input.now),
      ),
    })
    .returning({ userId: kickLinkRequests.userId });
  return written.length > 0 ? 'requested' : 'another_request_waiting';
}

/** A Kick chat message carrying a UID (requestChatLink on Kick). */
export async function requestKickLink(tx: Tx, input: { uid: string; kickUserId: string; kickUsername: string; now: Date }): Promise<LinkRequestOutcome> {
  return requestChatLink(tx, { platform: 'kick', uid: input.uid, platformUserId: input.kickUserId, username: input.kickUsername, now: input.now });
}

/** The bot's answer in chat to a UID, when there is something to say (null: nothing). */
export function linkRequestReply(outcome: LinkRequestOutcome, kickUsername: string, site: string): string | null {
  if (outcome !== 'another_request_waiting') return null;
  return `@${kickUsername} a link request is already waiting on that profile. Try again once its owner answers it at ${site}/profile or it expires (15 minutes at most).`;
}

/** GET /api/profile/kick-link: the open Kick request (not expired) and the linked Kick account. */
export async function kickLinkState(db: Database | Tx, userId: string, now: Date): Promise<KickLinkState> {
  const [[request], linked] = await Promise.all([
    db
      .select()
      .from(kickLinkRequests)
      .where(and(eq(kickLinkRequests.userId, userId), eq(kickLinkRequests.platform, 'kick'), gt(kickLinkRequests.expiresAt, now))),
    platformAccountOf(db, 'kick', userId),
  ]);
  return {
    request: request ? { kickUsername: request.kickUsername, kickUserId: request.kickUserId, expiresAt: request.expiresAt.toISOString() } : null,
    linked: linked ? { kickUsername: linked.username, kickUserId: linked.platformUserId } : null,
  };
}

/** GET /api/profile/chat-links: the open requests and every linked platform account. */
export async function chatLinksState(db: Database | Tx, userId: string, now: Date): Promise<ChatLinksState> {
  const [requests, linked] = await Promise.all([
    db
      .select()
      .from(kickLinkRequests)
      .where(and(eq(kickLinkRequests.userId, userId), gt(kickLinkRequests.expiresAt, now))),
    db
      .select({ platform: socialAccounts.platform, platformUserId: socialAccounts.externalId, username: socialAccounts.username })
      .from(socialAccounts)
      .where(and(eq(socialAccounts.userId, userId), inArray(socialAccounts.platform, [...LINK_PLATFORMS])))
      .orderBy(asc(socialAccounts.platform)),
  ]);
  return {
    requests: requests.map((r) => ({ platform: r.platform as LinkPlatform, username: r.kickUsername, expiresAt: r.expiresAt.toISOString() })),
    linked: linked.map((l) => ({ ...l, platform: l.platform as LinkPlatform })),
  };
}

function noRequest(platform: LinkPlatform): AppError {
  return new AppError('NOT_FOUND', `There is no ${PLATFORM_NAMES[platform]} link request to answer (it may have expired). Paste your UID in chat again.`);
}

/**
 * Confirm: links the requesting account on `platform` and pays out its holding balance on that platform
 * (held on while the e-mail is unverified), in one transaction. The request row is taken by its
 * delete, so a double submit links once.
 */
export async function confirmChatLink(db: Database, userId: string, platform: LinkPlatform, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [request] = await tx
      .delete(kickLinkRequests)
      .where(and(eq(kickLinkRequests.userId, userId), eq(kickLinkRequests.platform, platform), gt(kickLinkRequests.expiresAt, now)))
      .returning();
    if (!request) throw noRequest(platform);
    const linked = await tx
      .insert(socialAccounts)
      .values({ userId, platform, externalId: request.kickUserId, username: request.kickUsername, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: socialAccounts.id });
    if (linked.length === 0) {
      throw new AppError('KICK_ACCOUNT_TAKEN', `That ${PLATFORM_NAMES[platform]} account is linked to another profile, or yours already has one.`);
    }
    await releaseHeldCredits(tx, userId, request.kickUserId, now, 'link', platform);
  });
}

/** Decline: forgets the request on `platform`. */
export async function declineChatLink(db: Database, userId: string, platform: LinkPlatform): Promise<void> {
  const gone = await db
    .delete(kickLinkRequests)
    .where(and(eq(kickLinkRequests.userId, userId), eq(kickLinkRequests.platform, platform)))
    .returning({ id: kickLinkRequests.userId });
  if (gone.length === 0) throw noRequest(platform);
}

/** Unlink the account on `platform` (it can be linked again by the same flow). */
export async function unlinkChat(db: Database, userId: string, platform: LinkPlatform): Promise<void> {
  const gone = await db
    .delete(socialAccounts)
    .where(and(eq(socialAccounts.userId, userId), eq(socialAccounts.platform, platform)))
    .returning({ id: socialAccounts.id });
  if (gone.length === 0) throw new AppError('NOT_FOUND', `No ${PLATFORM_NAMES[platform]} account is linked.`);
}

/** POST /api/profile/kick-link/confirm. */
export async function confirmKickLink(db: Database, userId: string, now: Date): Promise<KickLinkState> {
  await confirmChatLink(db, userId, 'kick', now);
  return kickLinkState(db, userId, now);
}

/** POST /api/profile/kick-link/decline. */
export async function declineKickLink(db: Database, userId: string, now: Date): Promise<KickLinkState> {
  await declineChatLink(db, userId, 'kick');
  return kickLinkState(db, userId, now);
}

/** DELETE /api/profile/kick-link. */
export async function unlinkKick(db: Database, userId: string, now: Date): Promise<KickLinkState> {
  await unlinkChat(db, userId, 'kick');
  return kickLinkState(db, userId, now);
}

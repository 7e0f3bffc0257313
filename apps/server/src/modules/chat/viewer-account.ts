import { and, eq, inArray, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { socialAccounts, users } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import type { ChatPlatform } from './types.ts';

/**
 * The link between a stream viewer and a site account (social_accounts): one function for each way
 * it is read, so a second platform is one more value of ChatPlatform, not another copy of the
 * lookup in every feature.
 */

/** The site account linked to a viewer: what the chat commands, hooks and webhook read of it. */
export type ViewerAccount = { id: string; emailVerified: boolean; bannedAt: Date | null; points: number; xp: number };

/** A member's account on a platform: the viewer's id and name there. */
export type PlatformAccount = { platformUserId: string; username: string };

/**
 * The link rows of `platformUserId` on `platform` (a value, several, or a column of the joined
 * table), for a statement that reads social_accounts itself: a giveaway's entries, the claim of its
 * winners, a batch of chatters, a chat ban to enforce.
 */
export function viewerLinkSql(platform: ChatPlatform, platformUserId: string | string[] | SQLWrapper): SQL {
  const matches = Array.isArray(platformUserId) ? inArray(socialAccounts.externalId, platformUserId) : eq(socialAccounts.externalId, platformUserId);
  return and(eq(socialAccounts.platform, platform), matches)!;
}

/** The site account linked to this viewer, or null when the viewer has linked none. */
export async function viewerAccountOf(db: Database | Tx, platform: ChatPlatform, platformUserId: string): Promise<ViewerAccount | null> {
  const [row] = await db
    .select({ id: users.id, emailVerified: users.emailVerified, bannedAt: users.bannedAt, points: users.points, xp: users.xp })
    .from(socialAccounts)
    .innerJoin(users, eq(users.id, socialAccounts.userId))
    .where(viewerLinkSql(platform, platformUserId));
  return row ?? null;
}

/** The account the member `userId` has linked on `platform`, or null. */
export async function platformAccountOf(db: Database | Tx, platform: ChatPlatform, userId: string): Promise<PlatformAccount | null> {
  const [row] = await db
    .select({ platformUserId: socialAccounts.externalId, username: socialAccounts.username })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.userId, userId), eq(socialAccounts.platform, platform)));
  return row ?? null;
}

import type { V1Viewer } from '@app/shared/api/developers';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { socialAccounts, streamChatters, streamCredits, users } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { HOLD_DAYS } from '../chat/index.ts';
import { viewerLinkSql } from '../chat/index.ts';

const DAY_MS = 86_400_000;

/** The condition of a Kick viewer's held rows that still count (not released, not past the 30 days; a Twitch account's are its own). */
export function heldRowsSql(platformUserId: string, now: Date) {
  return and(
    eq(streamCredits.platform, 'kick'),
    eq(streamCredits.kickUserId, platformUserId),
    isNull(streamCredits.userId),
    isNull(streamCredits.releasedAt),
    gt(streamCredits.earnedAt, new Date(now.getTime() - HOLD_DAYS * DAY_MS)),
  )!;
}

/** The points a viewer who has not linked holds (stream points, API credits, imports). */
export async function heldBalanceOf(db: Database | Tx, platformUserId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string | null>`sum(${streamCredits.amount})` })
    .from(streamCredits)
    .where(heldRowsSql(platformUserId, now));
  return Math.max(0, Number(row?.sum ?? 0));
}

/**
 * A viewer as the v1 API shows them: the linked member's uid and balance, or the holding balance of
 * a viewer who has not linked. Null for a viewer never seen (no link, no chat, no held points).
 */
export async function readViewer(db: Database | Tx, platform: V1Viewer['platform'], platformUserId: string, now: Date): Promise<V1Viewer | null> {
  const [linked] = await db
    .select({ uid: users.uid, points: users.points, username: socialAccounts.username })
    .from(socialAccounts)
    .innerJoin(users, eq(users.id, socialAccounts.userId))
    .where(viewerLinkSql(platform, platformUserId));
  if (linked) return { platform, platformUserId, username: linked.username, linked: true, uid: linked.uid, points: linked.points };
  const [chatter] = await db.select({ username: streamChatters.username }).from(streamChatters).where(eq(streamChatters.kickUserId, platformUserId));
  const [credited] = await db
    .select({ key: streamCredits.key })
    .from(streamCredits)
    .where(and(eq(streamCredits.platform, 'kick'), eq(streamCredits.kickUserId, platformUserId)))
    .limit(1);
  if (!chatter && !credited) return null;
  return {
    platform,
    platformUserId,
    username: chatter?.username ?? platformUserId,
    linked: false,
    uid: null,
    points: await heldBalanceOf(db, platformUserId, now),
  };
}

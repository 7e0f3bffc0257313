import type { LedgerReason } from '@app/shared/api/points';
import type { StreamRules } from '@app/shared/api/stream';
import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { socialAccounts, streamBlocks, streamChatters, streamConnection, streamCredits, userRestrictions, users } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { restrictionHoldsSql } from '../../platform/restrictions-guard.ts';
import { credit, creditMany } from '../points/ledger.ts';
import { isBotFeatureOn } from '../admin/bot-features.ts';
import { streamRules } from './rules.ts';

/**
 * Stream points. Every credit is first claimed in stream_credits by its key (a block and a viewer,
 * or a Kick event), in the transaction of its ledger row: a late or repeated delivery, or a second
 * server running the same block, finds the key taken and credits nothing. A viewer who has not
 * linked earns into the same table with no user (the holding balance, kept 30 days); linking pays
 * it out once.
 */

export type StreamReason = Extract<LedgerReason, `stream_${string}`>;

export const HOLD_DAYS = 30;
const DAY_MS = 86_400_000;
const CHUNK = 2000;

/** The kinds that stop stream earning: a Chat ban and a permanent ban. */
const NO_STREAM_POINTS = ['ban_chat', 'ban_permanent'] as const;

type Viewer = { kickUserId: string; username: string };

/** The linked, eligible users of these Kick accounts; ineligible ones are in `blocked`. */
async function resolveViewers(tx: Tx, kickUserIds: string[], now: Date): Promise<{ linked: Map<string, string>; blocked: Set<string> }> {
  const linked = new Map<string, string>();
  const blocked = new Set<string>();
  for (let i = 0; i < kickUserIds.length; i += CHUNK) {
    const ids = kickUserIds.slice(i, i + CHUNK);
    const rows = await tx
      .select({
        kickUserId: socialAccounts.externalId,
        userId: socialAccounts.userId,
        bannedAt: users.bannedAt,
        restricted: sql<boolean>`exists (select 1 from ${userRestrictions} where ${userRestrictions.userId} = ${users.id}
          and ${userRestrictions.kind} in ${NO_STREAM_POINTS} and ${restrictionHoldsSql(now)})`,
      })
      .from(socialAccounts)
      .innerJoin(users, eq(users.id, socialAccounts.userId))
      .where(and(eq(socialAccounts.platform, 'kick'), inArray(socialAccounts.externalId, ids)));
    for (const r of rows) {
      if (r.bannedAt || r.restricted) blocked.add(r.kickUserId);
      else linked.set(r.kickUserId, r.userId);
    }
  }
  return { linked, blocked };
}

function isIgnored(rules: StreamRules, broadcasterUserId: string | null, viewer: Viewer): boolean {
  if (broadcasterUserId !== null && viewer.kickUserId === broadcasterUserId) return true;
  return rules.ignoredUsernames.includes(viewer.username.toLowerCase());
}

export type BonusInput = { key: string; viewer: Viewer; reason: StreamReason; amount: number; note: string; at: Date };

/**
 * One bonus (follow, subscription, gift, KICKs) in the caller's transaction: nothing with the
 * 'points' switch off, for an ignored name, the broadcaster or a banned user; once per key.
 */
export async function creditBonus(tx: Tx, input: BonusInput, broadcasterUserId: string | null): Promise<number> {
  if (input.amount <= 0) return 0;
  if (!(await isBotFeatureOn(tx, 'points'))) return 0;
  const rules = await streamRules(tx);
  if (isIgnored(rules, broadcasterUserId, input.viewer)) return 0;
  const { linked, blocked } = await resolveViewers(tx, [input.viewer.kickUserId], input.at);
  if (blocked.has(input.viewer.kickUserId)) return 0;
  const userId = linked.get(input.viewer.kickUserId) ?? null;
  const claimed = await tx
    .insert(streamCredits)
    .values({ key: input.key, kickUserId: input.viewer.kickUserId, userId, reason: input.reason, amount: input.amount, earnedAt: input.at })
    .onConflictDoNothing()
    .returning({ key: streamCredits.key });
  if (claimed.length === 0) return 0;
  if (userId) await credit(tx, { userId, amount: input.amount, reason: input.reason, refType: 'stream', refId: input.key, note: input.note, at: input.at });
  return input.amount;
}

/** The end of the last completed block at `now` (blocks are aligned to the clock: :00, :05, ...). */
export function lastBlockEnd(now: Date, intervalMinutes: number): Date {
  const ms = intervalMinutes * 60_000;
  return new Date(Math.floor(now.getTime() / ms) * ms);
}

function dayStart(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}

/**
 * The scheduler's block crediting: the last completed block, when the stream was live for all of
 * it. Each present viewer (a chat message in the active window before the block's end) earns
 * pointsPerInterval, times the multiplier for subscribers, up to the daily cap; linked viewers
 * through the ledger, the others into the holding balance. The block row is the claim: a second
 * server, or a second run, finds it and credits nothing. A block missed while no server ran is not
 * made up later: the chat times it needs are overwritten by then.
 */
export async function creditLastBlock(db: Database, now: Date): Promise<{ credited: number; held: number }> {
  const nothing = { credited: 0, held: 0 };
  const [connection] = await db.select().from(streamConnection).where(eq(streamConnection.id, 1));
  if (!connection?.isLive || !connection.liveSince) return nothing;
  const rules = await streamRules(db);
  const end = lastBlockEnd(now, rules.intervalMinutes);
  if (connection.liveSince.getTime() > end.getTime() - rules.intervalMinutes * 60_000) return nothing;
  if (!(await isBotFeatureOn(db, 'points'))) return nothing;

  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(streamBlocks)
      .values({ blockEnd: end, credited: 0, createdAt: now })
      .onConflictDoNothing()
      .returning({ end: streamBlocks.blockEnd });
    if (claimed.length === 0) return nothing;

    const windowStart = new Date(end.getTime() - rules.activeWindowMinutes * 60_000);
    const present = (
      await tx
        .select()
        .from(streamChatters)
        .where(and(gt(streamChatters.lastChatAt, windowStart), lte(streamChatters.lastChatAt, end)))
    ).filter((v) => !isIgnored(rules, connection.broadcasterUserId, v));
    if (present.length === 0) return nothing;

    const ids = present.map((v) => v.kickUserId);
    const { linked, blocked } = await resolveViewers(tx, ids, end);
    const earnedToday = new Map<string, number>();
    for (let i = 0; i < ids.length; i += CHUNK) {
      const rows = await tx
        .select({ kickUserId: streamCredits.kickUserId, sum: sql<string>`sum(${streamCredits.amount})` })
        .from(streamCredits)
        .where(
          and(
            inArray(streamCredits.kickUserId, ids.slice(i, i + CHUNK)),
            eq(streamCredits.reason, 'stream_activity'),
            gt(streamCredits.earnedAt, new Date(dayStart(end).getTime() - 1)),
          ),
        )
        .groupBy(streamCredits.kickUserId);
      for (const r of rows) earnedToday.set(r.kickUserId, Number(r.sum));
    }

    const endIso = end.toISOString();
    const rows: (typeof streamCredits.$inferInsert)[] = [];
    for (const viewer of present) {
      if (blocked.has(viewer.kickUserId)) continue;
      const full = Math.round(rules.pointsPerInterval * (viewer.isSubscriber ? rules.subscriberMultiplier : 1));
      const amount = Math.min(full, rules.dailyCap - (earnedToday.get(viewer.kickUserId) ?? 0));
      if (amount <= 0) continue;
      const userId = linked.get(viewer.kickUserId) ?? null;
      rows.push({ key: `block:${endIso}:${viewer.kickUserId}`, kickUserId: viewer.kickUserId, userId, reason: 'stream_activity', amount, earnedAt: end });
    }
    const inserted: { key: string; userId: string | null; amount: number }[] = [];
    for (let i = 0; i < rows.length; i += CHUNK) {
      inserted.push(
        ...(await tx
          .insert(streamCredits)
          .values(rows.slice(i, i + CHUNK))
          .onConflictDoNothing()
          .returning({ key: streamCredits.key, userId: streamCredits.userId, amount: streamCredits.amount })),
      );
    }
    const toLedger = inserted.filter((r): r is { key: string; userId: string; amount: number } => r.userId !== null);
    if (toLedger.length > 0) {
      await creditMany(
        tx,
        toLedger.map((r) => ({ userId: r.userId, amount: r.amount, refId: r.key, note: 'Watching the stream' })),
        { reason: 'stream_activity', refType: 'stream', at: end },
      );
    }
    await tx.update(streamBlocks).set({ credited: inserted.length }).where(eq(streamBlocks.blockEnd, end));
    return { credited: toLedger.length, held: inserted.length - toLedger.length };
  });
}

const RELEASE_NOTES: Record<StreamReason, string> = {
  stream_activity: 'Stream points earned before linking Kick',
  stream_follow: 'Follow bonus earned before linking Kick',
  stream_subscription: 'Subscription bonus earned before linking Kick',
  stream_gift: 'Gift bonus earned before linking Kick',
  stream_kicks: 'KICKs bonus earned before linking Kick',
};

/**
 * Linking pays out the holding balance of that Kick account (the last 30 days), once: the
 * conditional update takes the held rows, so a second linking finds none. One ledger row a reason.
 */
export async function releaseHeldCredits(tx: Tx, userId: string, kickUserId: string, now: Date): Promise<number> {
  const taken = await tx
    .update(streamCredits)
    .set({ userId, releasedAt: now })
    .where(
      and(
        eq(streamCredits.kickUserId, kickUserId),
        isNull(streamCredits.userId),
        isNull(streamCredits.releasedAt),
        gt(streamCredits.earnedAt, new Date(now.getTime() - HOLD_DAYS * DAY_MS)),
      ),
    )
    .returning({ reason: streamCredits.reason, amount: streamCredits.amount });
  const byReason = new Map<StreamReason, number>();
  for (const r of taken) byReason.set(r.reason as StreamReason, (byReason.get(r.reason as StreamReason) ?? 0) + r.amount);
  let total = 0;
  for (const [reason, amount] of byReason) {
    if (amount <= 0) continue;
    await credit(tx, { userId, amount, reason, refType: 'stream', refId: `held:${kickUserId}`, note: RELEASE_NOTES[reason], at: now });
    total += amount;
  }
  return total;
}

/** Held credits older than 30 days are forgotten (purge job). */
export async function purgeExpiredHoldings(db: Database, now: Date): Promise<number> {
  const gone = await db
    .delete(streamCredits)
    .where(and(isNull(streamCredits.userId), isNull(streamCredits.releasedAt), lte(streamCredits.earnedAt, new Date(now.getTime() - HOLD_DAYS * DAY_MS))))
    .returning({ key: streamCredits.key });
  return gone.length;
}

/** The user's stream points since the start of the week (Monday, UTC): the dashboard's figure. */
export async function streamPointsThisWeek(db: Database, userId: string, now: Date): Promise<number> {
  const day = dayStart(now);
  const weekday = (day.getUTCDay() + 6) % 7;
  const monday = new Date(day.getTime() - weekday * DAY_MS);
  const [row] = await db
    .select({ sum: sql<string | null>`sum(${streamCredits.amount})` })
    .from(streamCredits)
    .where(and(eq(streamCredits.userId, userId), gt(streamCredits.earnedAt, new Date(monday.getTime() - 1))));
  return Number(row?.sum ?? 0);
}

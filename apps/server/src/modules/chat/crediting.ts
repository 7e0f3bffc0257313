import type { LedgerReason } from '@app/shared/api/points';
import type { StreamRules } from '@app/shared/api/stream';
import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  socialAccounts,
  streamBlocks,
  streamChatters,
  streamConnection,
  streamCredits,
  streamTwitchChatters,
  twitchConnection,
  userRestrictions,
  users,
} from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { restrictionHoldsSql, STREAM_POINTS_BLOCKING_KINDS } from '../../platform/restrictions.ts';
import { credit, creditMany, debitUpTo } from '../../platform/ledger.ts';
import { isBotFeatureOn } from './bot-features.ts';
import { streamRules } from './rules.ts';
import type { ChatPlatform } from './types.ts';
import { platformAccountOf, viewerLinkSql } from './viewer-account.ts';

/**
 * Stream points. Every credit is first claimed in stream_credits by its key (a block and a viewer,
 * or a Kick event), in the transaction of its ledger row: a late or repeated delivery, or a second
 * server running the same block, finds the key taken and credits nothing. A viewer who has not
 * linked, or whose site account's e-mail is not verified yet, earns into the same table with no user
 * (the holding balance of that Kick or Twitch account, by platform, kept 30 days); linking a verified
 * account, or verifying the linked one's e-mail, pays it out once. The daily cap counts per site
 * account across every Kick and Twitch account it has had that day (its paid credits, and what its
 * present platform accounts hold).
 */

export type StreamReason = Extract<LedgerReason, `stream_${string}`>;

export const HOLD_DAYS = 30;
const DAY_MS = 86_400_000;
const CHUNK = 2000;

/** The kinds that stop stream earning: a Chat ban and a permanent ban. */
const NO_STREAM_POINTS = STREAM_POINTS_BLOCKING_KINDS;

type Viewer = { kickUserId: string; username: string };

type Viewers = {
  /** Kick account → its site account, linked and eligible (verified or not). */
  owners: Map<string, string>;
  /** The owners paid now: those whose e-mail is verified. The others' credits are held. */
  paid: Map<string, string>;
  /** Linked to a banned or stream-restricted account: they earn nothing. */
  blocked: Set<string>;
};

/** The site accounts of these Kick accounts, and which of them are paid now, held or blocked. */
async function resolveViewers(tx: Tx, kickUserIds: string[], now: Date, platform: ChatPlatform = 'kick'): Promise<Viewers> {
  const owners = new Map<string, string>();
  const paid = new Map<string, string>();
  const blocked = new Set<string>();
  for (let i = 0; i < kickUserIds.length; i += CHUNK) {
    const ids = kickUserIds.slice(i, i + CHUNK);
    const rows = await tx
      .select({
        kickUserId: socialAccounts.externalId,
        userId: socialAccounts.userId,
        bannedAt: users.bannedAt,
        emailVerified: users.emailVerified,
        restricted: sql<boolean>`exists (select 1 from ${userRestrictions} where ${userRestrictions.userId} = ${users.id}
          and ${userRestrictions.kind} in ${NO_STREAM_POINTS} and ${restrictionHoldsSql(now)})`,
      })
      .from(socialAccounts)
      .innerJoin(users, eq(users.id, socialAccounts.userId))
      .where(viewerLinkSql(platform, ids));
    for (const r of rows) {
      if (r.bannedAt || r.restricted) {
        blocked.add(r.kickUserId);
        continue;
      }
      owners.set(r.kickUserId, r.userId);
      // Like wager credits, which need a verified e-mail to start: an unverified account's points wait.
      if (r.emailVerified) paid.set(r.kickUserId, r.userId);
    }
  }
  return { owners, paid, blocked };
}

function isIgnored(rules: StreamRules, broadcasterUserId: string | null, viewer: Viewer): boolean {
  if (broadcasterUserId !== null && viewer.kickUserId === broadcasterUserId) return true;
  return rules.ignoredUsernames.includes(viewer.username.toLowerCase());
}

/** A bonus; `platform` is the earner's (Kick when not given): viewer.kickUserId is that platform's user id. */
export type BonusInput = { key: string; viewer: Viewer; reason: StreamReason; amount: number; note: string; at: Date; platform?: ChatPlatform };

/**
 * One bonus (follow, subscription, gift, KICKs; on Kick or Twitch) in the caller's transaction: nothing with the
 * 'points' switch off, for an ignored name, the broadcaster or a banned user; once per key.
 */
export async function creditBonus(tx: Tx, input: BonusInput, broadcasterUserId: string | null): Promise<number> {
  if (input.amount <= 0) return 0;
  if (!(await isBotFeatureOn(tx, 'points'))) return 0;
  const rules = await streamRules(tx);
  if (isIgnored(rules, broadcasterUserId, input.viewer)) return 0;
  const platform = input.platform ?? 'kick';
  const { paid, blocked } = await resolveViewers(tx, [input.viewer.kickUserId], input.at, platform);
  if (blocked.has(input.viewer.kickUserId)) return 0;
  const userId = paid.get(input.viewer.kickUserId) ?? null;
  const claimed = await tx
    .insert(streamCredits)
    .values({ key: input.key, kickUserId: input.viewer.kickUserId, platform, userId, reason: input.reason, amount: input.amount, earnedAt: input.at })
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

/** A viewer present in a block, on one platform. */
type Present = { platform: ChatPlatform; platformUserId: string; username: string; isSubscriber: boolean };

/** The viewers Twitch's chatters list names now (GET /helix/chat/chatters), or null when it could not be read. */
export type TwitchChattersReader = () => Promise<{ userId: string; login: string }[] | null>;

const identity = (p: { platform: ChatPlatform; platformUserId: string }) => `${p.platform}:${p.platformUserId}`;

/** Whether a connection was live for all of the block that ends at `end`. */
const liveFor = (c: { isLive: boolean; liveSince: Date | null } | undefined, end: Date, minutes: number) =>
  Boolean(c?.isLive && c.liveSince && c.liveSince.getTime() <= end.getTime() - minutes * 60_000);

/**
 * The scheduler's block crediting: the last completed block, when the stream was live for all of
 * it on Kick or on Twitch. Each present viewer earns pointsPerInterval, times the multiplier for
 * subscribers, up to the daily cap; linked viewers through the ledger, the others into the holding
 * balance of their platform account. Present on Kick: a chat message in the active window before
 * the block's end. Present on Twitch: the chatters list (read once per block, by `twitchChatters`,
 * before the block is claimed) or a chat message in the window. A member present on both platforms
 * is credited once, at the better multiplier; the daily cap is the member's across platforms. The
 * block row is the claim: a second server, or a second run, finds it and credits nothing. A block
 * missed while no server ran is not made up later: the chat times it needs are overwritten by then.
 */
export async function creditLastBlock(db: Database, now: Date, twitchChatters?: TwitchChattersReader): Promise<{ credited: number; held: number }> {
  const nothing = { credited: 0, held: 0 };
  const [connection] = await db.select().from(streamConnection).where(eq(streamConnection.id, 1));
  const [twitch] = await db.select().from(twitchConnection).where(eq(twitchConnection.id, 1));
  const rules = await streamRules(db);
  const end = lastBlockEnd(now, rules.intervalMinutes);
  const kickLive = liveFor(connection, end, rules.intervalMinutes);
  const twitchLive = liveFor(twitch, end, rules.intervalMinutes);
  if (!kickLive && !twitchLive) return nothing;
  if (!(await isBotFeatureOn(db, 'points'))) return nothing;
  // The chatters list once per block: not read again once a server has claimed it.
  let listed: { userId: string; login: string }[] = [];
  if (twitchLive && twitchChatters) {
    const [done] = await db.select({ end: streamBlocks.blockEnd }).from(streamBlocks).where(eq(streamBlocks.blockEnd, end));
    if (done) return nothing;
    listed = (await twitchChatters()) ?? [];
  }

  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(streamBlocks)
      .values({ blockEnd: end, credited: 0, createdAt: now })
      .onConflictDoNothing()
      .returning({ end: streamBlocks.blockEnd });
    if (claimed.length === 0) return nothing;

    const windowStart = new Date(end.getTime() - rules.activeWindowMinutes * 60_000);
    const present: Present[] = [];
    if (kickLive) {
      const rows = await tx
        .select()
        .from(streamChatters)
        .where(and(gt(streamChatters.lastChatAt, windowStart), lte(streamChatters.lastChatAt, end)));
      for (const v of rows) {
        if (isIgnored(rules, connection?.broadcasterUserId ?? null, v)) continue;
        present.push({ platform: 'kick', platformUserId: v.kickUserId, username: v.username, isSubscriber: v.isSubscriber });
      }
    }
    if (twitchLive) {
      const chatted = await tx
        .select()
        .from(streamTwitchChatters)
        .where(and(gt(streamTwitchChatters.lastChatAt, windowStart), lte(streamTwitchChatters.lastChatAt, end)));
      const byId = new Map(chatted.map((v) => [v.twitchUserId, { username: v.username, isSubscriber: v.isSubscriber }]));
      const unseen = listed.filter((c) => !byId.has(c.userId));
      // A listed viewer's subscriber mark is the one their chat messages left (the list carries none).
      for (let i = 0; i < unseen.length; i += CHUNK) {
        const known = await tx
          .select({ id: streamTwitchChatters.twitchUserId, isSubscriber: streamTwitchChatters.isSubscriber })
          .from(streamTwitchChatters)
          .where(
            inArray(
              streamTwitchChatters.twitchUserId,
              unseen.slice(i, i + CHUNK).map((c) => c.userId),
            ),
          );
        const subs = new Map(known.map((k) => [k.id, k.isSubscriber]));
        for (const c of unseen.slice(i, i + CHUNK)) byId.set(c.userId, { username: c.login, isSubscriber: subs.get(c.userId) ?? false });
      }
      for (const [id, v] of byId) {
        if (isIgnored(rules, twitch?.broadcasterUserId ?? null, { kickUserId: id, username: v.username })) continue;
        present.push({ platform: 'twitch', platformUserId: id, username: v.username, isSubscriber: v.isSubscriber });
      }
    }
    if (present.length === 0) return nothing;

    const owners = new Map<string, string>();
    const paid = new Map<string, string>();
    const blocked = new Set<string>();
    for (const platform of ['kick', 'twitch'] as const) {
      const ids = present.filter((p) => p.platform === platform).map((p) => p.platformUserId);
      if (ids.length === 0) continue;
      const resolved = await resolveViewers(tx, ids, end, platform);
      for (const [id, user] of resolved.owners) owners.set(`${platform}:${id}`, user);
      for (const [id, user] of resolved.paid) paid.set(`${platform}:${id}`, user);
      for (const id of resolved.blocked) blocked.add(`${platform}:${id}`);
    }
    const earnedToday = await activityToday(tx, present, owners, end);

    // One credit a member: of their accounts present, the one with the better multiplier (Kick on a tie).
    const chosen = new Map<string, Present>();
    for (const viewer of present) {
      const id = identity(viewer);
      if (blocked.has(id)) continue;
      const who = owners.has(id) ? `user:${owners.get(id)}` : id;
      const before = chosen.get(who);
      if (!before || (viewer.isSubscriber && !before.isSubscriber)) chosen.set(who, viewer);
    }

    const endIso = end.toISOString();
    const rows: (typeof streamCredits.$inferInsert)[] = [];
    for (const viewer of chosen.values()) {
      const id = identity(viewer);
      const full = Math.round(rules.pointsPerInterval * (viewer.isSubscriber ? rules.subscriberMultiplier : 1));
      const amount = Math.min(full, rules.dailyCap - (earnedToday.get(id) ?? 0));
      if (amount <= 0) continue;
      const userId = paid.get(id) ?? null;
      const key = viewer.platform === 'kick' ? `block:${endIso}:${viewer.platformUserId}` : `block:${endIso}:twitch:${viewer.platformUserId}`;
      rows.push({ key, kickUserId: viewer.platformUserId, platform: viewer.platform, userId, reason: 'stream_activity', amount, earnedAt: end });
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

/**
 * The activity points already earned on `at`'s day (UTC) that count against each present viewer's
 * cap (keyed 'platform:id'). The cap is the site account's: a linked one counts everything its
 * account was paid that day, from any Kick or Twitch account it had (linking, unlinking and linking
 * another does not start a new cap), plus what this platform account holds. An unlinked one counts
 * what the platform account earned.
 */
async function activityToday(tx: Tx, present: Present[], owners: Map<string, string>, at: Date): Promise<Map<string, number>> {
  const since = new Date(dayStart(at).getTime() - 1);
  const today = and(eq(streamCredits.reason, 'stream_activity'), gt(streamCredits.earnedAt, since));
  const byAccount = new Map<string, { held: number; all: number }>();
  const byUser = new Map<string, number>();
  const userIds = [...new Set(owners.values())];
  for (const platform of ['kick', 'twitch'] as const) {
    const ids = present.filter((p) => p.platform === platform).map((p) => p.platformUserId);
    for (let i = 0; i < ids.length; i += CHUNK) {
      const rows = await tx
        .select({
          kickUserId: streamCredits.kickUserId,
          held: sql<string>`coalesce(sum(${streamCredits.amount}) filter (where ${streamCredits.userId} is null), 0)`,
          all: sql<string>`sum(${streamCredits.amount})`,
        })
        .from(streamCredits)
        .where(and(eq(streamCredits.platform, platform), inArray(streamCredits.kickUserId, ids.slice(i, i + CHUNK)), today))
        .groupBy(streamCredits.kickUserId);
      for (const r of rows) byAccount.set(`${platform}:${r.kickUserId}`, { held: Number(r.held), all: Number(r.all) });
    }
  }
  for (let i = 0; i < userIds.length; i += CHUNK) {
    const rows = await tx
      .select({ userId: streamCredits.userId, sum: sql<string>`sum(${streamCredits.amount})` })
      .from(streamCredits)
      .where(and(inArray(streamCredits.userId, userIds.slice(i, i + CHUNK)), today))
      .groupBy(streamCredits.userId);
    for (const r of rows) byUser.set(r.userId!, Number(r.sum));
  }
  const earned = new Map<string, number>();
  for (const viewer of present) {
    const id = identity(viewer);
    const owner = owners.get(id);
    const account = byAccount.get(id) ?? { held: 0, all: 0 };
    earned.set(id, owner ? (byUser.get(owner) ?? 0) + account.held : account.all);
  }
  return earned;
}

/** Held rows' reasons: the stream's, and the public API's adjustments and points imports (modules/developers). */
type HeldReason = StreamReason | 'api_adjustment' | 'import';

const RELEASE_WHAT: Record<HeldReason, string> = {
  stream_activity: 'Stream points',
  stream_follow: 'Follow bonus',
  stream_subscription: 'Subscription bonus',
  stream_gift: 'Gift bonus',
  stream_kicks: 'KICKs bonus',
  api_adjustment: 'Points adjusted through the API',
  import: 'Imported points',
};

/** What paid the holding balance out: linking the Kick or Twitch account, or verifying the linked account's e-mail. */
export type ReleaseCause = 'link' | 'verify';

const RELEASE_WHY: Record<ReleaseCause, string> = {
  link: 'earned before linking Kick',
  verify: 'held until your e-mail was verified',
};

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Pays out the holding balance of that Kick account (the last 30 days) to the user it is linked to,
 * once: the conditional update takes the held rows, so a second release finds none. Nothing while
 * the user's e-mail is not verified (the rows stay held for the verification). Activity points are
 * paid up to each day's cap less what the user was already paid that day; the part over it is
 * dropped. One ledger row a reason.
 */
export async function releaseHeldCredits(
  tx: Tx,
  userId: string,
  kickUserId: string,
  now: Date,
  cause: ReleaseCause = 'link',
  platform: ChatPlatform = 'kick',
): Promise<number> {
  const heldRef = platform === 'kick' ? `held:${kickUserId}` : `held:${platform}:${kickUserId}`;
  const why = cause === 'link' && platform === 'twitch' ? 'earned before linking Twitch' : RELEASE_WHY[cause];
  const [user] = await tx.select({ emailVerified: users.emailVerified }).from(users).where(eq(users.id, userId));
  if (!user?.emailVerified) return 0;
  const since = new Date(now.getTime() - HOLD_DAYS * DAY_MS);
  // Read before the rows are taken: they get this user's id too.
  const day = sql<string>`to_char(${streamCredits.earnedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const paidOn = new Map(
    (
      await tx
        .select({ day, sum: sql<string>`sum(${streamCredits.amount})` })
        .from(streamCredits)
        .where(and(eq(streamCredits.userId, userId), eq(streamCredits.reason, 'stream_activity'), gt(streamCredits.earnedAt, since)))
        .groupBy(day)
    ).map((r) => [r.day, Number(r.sum)]),
  );
  const taken = await tx
    .update(streamCredits)
    .set({ userId, releasedAt: now })
    .where(
      and(
        eq(streamCredits.platform, platform),
        eq(streamCredits.kickUserId, kickUserId),
        isNull(streamCredits.userId),
        isNull(streamCredits.releasedAt),
        gt(streamCredits.earnedAt, since),
      ),
    )
    .returning({ key: streamCredits.key, reason: streamCredits.reason, amount: streamCredits.amount, earnedAt: streamCredits.earnedAt });

  const { dailyCap } = await streamRules(tx);
  const dropped: string[] = [];
  const activity = taken.filter((r) => r.reason === 'stream_activity').sort((a, b) => a.earnedAt.getTime() - b.earnedAt.getTime());
  for (const r of activity) {
    const before = paidOn.get(utcDay(r.earnedAt)) ?? 0;
    const pay = Math.max(0, Math.min(r.amount, dailyCap - before));
    paidOn.set(utcDay(r.earnedAt), before + pay);
    if (pay === 0) dropped.push(r.key);
    else if (pay < r.amount) await tx.update(streamCredits).set({ amount: pay }).where(eq(streamCredits.key, r.key));
    r.amount = pay;
  }
  for (let i = 0; i < dropped.length; i += CHUNK) await tx.delete(streamCredits).where(inArray(streamCredits.key, dropped.slice(i, i + CHUNK)));

  const byReason = new Map<HeldReason, number>();
  for (const r of taken) byReason.set(r.reason as HeldReason, (byReason.get(r.reason as HeldReason) ?? 0) + r.amount);
  let total = 0;
  // Credits first, then what API debits took from the holding balance (never below zero).
  for (const [reason, amount] of [...byReason].sort((a, b) => b[1] - a[1])) {
    if (amount === 0) continue;
    if (amount < 0) {
      const taken = await debitUpTo(tx, {
        userId,
        amount: -amount,
        reason,
        refType: 'stream',
        refId: heldRef,
        note: `${RELEASE_WHAT[reason]} ${why}`,
        at: now,
      });
      total -= taken?.taken ?? 0;
      continue;
    }
    await credit(tx, {
      userId,
      amount,
      reason,
      refType: 'stream',
      refId: heldRef,
      note: `${RELEASE_WHAT[reason]} ${why}`,
      at: now,
    });
    total += amount;
  }
  return total;
}

/** On e-mail verification: the holding balances of the user's linked Kick and Twitch accounts, if any, paid out once. */
export async function releaseHeldCreditsOnVerification(tx: Tx, userId: string, now: Date): Promise<number> {
  let total = 0;
  for (const platform of ['kick', 'twitch'] as const) {
    const linked = await platformAccountOf(tx, platform, userId);
    if (linked) total += await releaseHeldCredits(tx, userId, linked.platformUserId, now, 'verify', platform);
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

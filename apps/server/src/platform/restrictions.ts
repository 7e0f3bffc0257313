import { RESTRICTION_LABELS, type OwnRestriction, type RestrictedFeature, type Restriction, type RestrictionKind } from '@app/shared/api/admin-users';
import { and, desc, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { refreshTokens, userRestrictions, users } from '../db/schema.ts';
import type { Tx } from '../db/tx.ts';
import { AppError } from '../lib/app-error.ts';

/**
 * The owner of restrictions (spec 2 §3 User): what blocks what, whether one holds at a time, the
 * check a spending route or a chat command runs, and every write of a restriction (an admin's, a
 * Kick ban's). Routes name their feature and the guard (restrictions-guard.ts) binds the check to
 * the request; chat paths ask the same check with `restrictionCheck`. Imports no module.
 */

type Db = Database | Tx;
export type RestrictionRow = typeof userRestrictions.$inferSelect;

// --- Which kinds block what (the only lists of them) ---

/** Which kinds block a feature: a timeout and a permanent ban block everything; a feature ban its feature. */
const BLOCKING_KINDS: Record<RestrictedFeature, readonly RestrictionKind[]> = {
  points_store: ['timeout', 'ban_permanent', 'ban_points_store'],
  raffle: ['timeout', 'ban_permanent', 'ban_raffle'],
  // Guessing is a chat game and a draw for prizes: a Chat ban or a Raffle ban refuses it.
  guess_the_balance: ['timeout', 'ban_permanent', 'ban_chat', 'ban_raffle'],
  // spec 2 §9: the "Deal or No Deal" feature ban refuses joining a round.
  dealornodeal: ['timeout', 'ban_permanent', 'ban_dealornodeal'],
};

/** The kinds that block `feature` (a route's `requireUnrestricted`, a chat command's feature). */
export function blockingKinds(feature: RestrictedFeature): readonly RestrictionKind[] {
  return BLOCKING_KINDS[feature];
}

/** The kinds that keep a viewer out of a giveaway's draw (entering and winning): a Chat ban, a Raffle ban, a permanent ban. */
export const GIVEAWAY_BLOCKING_KINDS = ['ban_chat', 'ban_raffle', 'ban_permanent'] as const satisfies readonly RestrictionKind[];

/** The kinds that stop stream earning (watching, chatting, subs, gifts): a Chat ban and a permanent ban. */
export const STREAM_POINTS_BLOCKING_KINDS = ['ban_chat', 'ban_permanent'] as const satisfies readonly RestrictionKind[];

// --- Whether a restriction holds ---

/*
 * The one rule of "a restriction holds at t": it is not revoked, and it has no expiry or expires
 * after t. Expiry is a comparison with the clock, so nothing has to run for a restriction to end.
 * Written twice below, once for SQL and once for rows already read; keep the two side by side.
 */

/**
 * "A user_restrictions row holds at `at`" in SQL. `at` is a time or an SQL expression (the
 * one-statement raffle entry compares with each request's own time).
 */
export function restrictionHoldsSql(at: Date | SQLWrapper): SQL {
  const t = at instanceof Date ? sql`${at.toISOString()}::timestamptz` : at;
  return sql`(${userRestrictions.revokedAt} is null and (${userRestrictions.expiresAt} is null or ${userRestrictions.expiresAt} > ${t}))`;
}

/** "This restriction holds at `at`" for a row already read. */
export function restrictionHolds(row: { revokedAt: Date | null; expiresAt: Date | null }, at: Date): boolean {
  return row.revokedAt === null && (row.expiresAt === null || row.expiresAt.getTime() > at.getTime());
}

// --- The check ---

const FEATURE_NAMES: Record<RestrictedFeature, string> = {
  points_store: 'the Points Store',
  raffle: 'raffles',
  guess_the_balance: 'Guess the Balance',
  dealornodeal: 'Deal or No Deal',
};

function untilText(expiresAt: Date | null): string {
  return expiresAt ? ` until ${expiresAt.toISOString().replace('T', ' ').slice(0, 16)} UTC` : '';
}

/**
 * Throws 403 RESTRICTED when a restriction that blocks `feature` holds at `at` (a timeout blocks
 * every feature, a Points Store ban only redeeming, a Raffle ban only entering).
 */
export async function assertNotRestricted(db: Db, userId: string, feature: RestrictedFeature, at: Date): Promise<void> {
  const [row] = await db
    .select()
    .from(userRestrictions)
    .where(and(eq(userRestrictions.userId, userId), inArray(userRestrictions.kind, [...BLOCKING_KINDS[feature]]), restrictionHoldsSql(at)))
    .orderBy(desc(userRestrictions.expiresAt))
    .limit(1);
  if (!row) return;
  const kind = row.kind as RestrictionKind;
  const message =
    kind === 'timeout'
      ? `Your account is timed out${untilText(row.expiresAt)}.`
      : kind === 'ban_permanent'
        ? 'This account is banned.'
        : `You are restricted from ${FEATURE_NAMES[feature]}${untilText(row.expiresAt)}.`;
  throw new AppError('RESTRICTED', message, { extra: { restriction: { kind, expiresAt: row.expiresAt?.toISOString() ?? null } } });
}

/**
 * One caller's restriction for one feature at one time: what a spending service runs in its
 * transaction. A route gets it from the guard (`restrictionCheckOf`), a chat command from
 * `restrictionCheck`; the service runs `assert` at the point where it would spend, so a refusal
 * comes in its order among the service's other refusals (and, for a route, inside the
 * Idempotency-Key's transaction).
 */
export type RestrictionCheck = {
  readonly feature: RestrictedFeature;
  readonly userId: string;
  readonly at: Date;
  /** 403 RESTRICTED when a restriction blocking the feature holds (in the caller's transaction). */
  assert(db: Db): Promise<void>;
  /**
   * This request does not take part in the feature after all (a Level Up Reward in points is a
   * credit, not a Points Store order): the guard does not run the check before commit.
   */
  exempt(): void;
  /** True once the check ran or was exempted: the guard's backstop runs it otherwise. */
  readonly settled: boolean;
};

/** The check for `userId` and `feature` at `at` (a chat command asks it the way a route's guard does). */
export function restrictionCheck(feature: RestrictedFeature, userId: string, at: Date): RestrictionCheck {
  let settled = false;
  return {
    feature,
    userId,
    at,
    get settled() {
      return settled;
    },
    async assert(db) {
      settled = true;
      await assertNotRestricted(db, userId, feature, at);
    },
    exempt() {
      settled = true;
    },
  };
}

/**
 * The transaction of a restricted feature's work: `work` runs the check at its own point (or
 * exempts the request), and when it did neither, the check runs here before the commit, so a
 * service cannot spend past a restriction by forgetting it. runIdempotent does the same for the
 * routes it runs (restrictions-guard.ts, settleRestriction).
 */
export async function restrictedTransaction<T>(db: Database, check: RestrictionCheck, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const out = await work(tx);
    if (!check.settled) await check.assert(tx);
    return out;
  });
}

// --- Reads ---

/** The restrictions of a user that hold at `now`, the one ending last first (null expiry = never). */
export async function activeRestrictions(db: Db, userId: string, now: Date): Promise<RestrictionRow[]> {
  const rows = await db
    .select()
    .from(userRestrictions)
    .where(and(eq(userRestrictions.userId, userId), restrictionHoldsSql(now)))
    .orderBy(desc(userRestrictions.createdAt));
  return rows.sort((a, b) => (b.expiresAt?.getTime() ?? Infinity) - (a.expiresAt?.getTime() ?? Infinity));
}

/** The 403 login, refresh and authenticated calls answer for a permanently banned account. */
export function accountBannedError(): AppError {
  return new AppError('ACCOUNT_BANNED', 'This account has been banned. Contact support if you think this is a mistake.');
}

/** The contract shape of a restriction row. */
export function presentRestriction(row: RestrictionRow, now: Date, creator: { id: string; username: string } | null): Restriction {
  const kind = row.kind as RestrictionKind;
  return {
    id: row.id,
    userId: row.userId,
    kind,
    label: RESTRICTION_LABELS[kind],
    reason: row.reason,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    days: row.days,
    createdAt: row.createdAt.toISOString(),
    createdBy: creator,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    active: restrictionHolds(row, now),
  };
}

/** What the user's own profile shows: the restrictions that hold now and until when. */
export async function ownRestrictions(db: Db, userId: string, now: Date): Promise<OwnRestriction[]> {
  const rows = await activeRestrictions(db, userId, now);
  return rows.map((row) => {
    const kind = row.kind as RestrictionKind;
    return { kind, label: RESTRICTION_LABELS[kind], expiresAt: row.expiresAt?.toISOString() ?? null };
  });
}

/*
 * spec 2 §3 User status, Banned, Timeout or Active: written twice, in SQL for lists and searches and
 * for rows already read; keep the two side by side.
 */

/** SQL status of a user at `now` (over a query of `users`): a ban mark is Banned, a holding timeout is Timeout, else Active. */
export function statusSql(now: Date): SQL<string> {
  return sql<string>`case when ${users.bannedAt} is not null then 'Banned'
    when exists (select 1 from ${userRestrictions} where ${userRestrictions.userId} = "users"."id" and ${userRestrictions.kind} = 'timeout'
      and ${restrictionHoldsSql(now)}) then 'Timeout'
    else 'Active' end`;
}

/** spec 2 §3 User status from the restrictions that hold: Banned, Timeout or Active. */
export function statusFrom(rows: readonly RestrictionRow[], now: Date): 'Active' | 'Timeout' | 'Banned' {
  const holding = rows.filter((r) => restrictionHolds(r, now));
  if (holding.some((r) => r.kind === 'ban_permanent')) return 'Banned';
  if (holding.some((r) => r.kind === 'timeout')) return 'Timeout';
  return 'Active';
}

// --- Writes ---

export type ApplyRestrictionInput = {
  userId: string;
  actorId: string;
  kind: RestrictionKind;
  days: number | null;
  reason: string;
  now: Date;
};

/**
 * Applies a restriction (inside the caller's transaction). A permanent ban also marks the account
 * banned and revokes every refresh token at once, so no session outlives it.
 */
export async function applyRestriction(tx: Tx, input: ApplyRestrictionInput): Promise<RestrictionRow> {
  const expiresAt = input.days === null ? null : new Date(input.now.getTime() + input.days * 86_400_000);
  const [row] = await tx
    .insert(userRestrictions)
    .values({
      userId: input.userId,
      kind: input.kind,
      reason: input.reason,
      days: input.days,
      expiresAt,
      createdBy: input.actorId,
      createdAt: input.now,
    })
    .returning();
  if (input.kind === 'ban_permanent') {
    await tx.update(users).set({ bannedAt: input.now }).where(eq(users.id, input.userId));
    await tx
      .update(refreshTokens)
      .set({ revokedAt: input.now })
      .where(and(eq(refreshTokens.userId, input.userId), isNull(refreshTokens.revokedAt)));
  }
  return row!;
}

/**
 * A ban in a stream platform's chat (Kick's `moderation.banned`), recorded as a Chat restriction
 * with the platform's expiry (null: until an admin lifts it). A Chat restriction that holds already
 * gets the expiry instead of a second row: one from an earlier platform ban follows the platform;
 * an admin's is never shortened by one (the chat moderation's capped timeout of a long site ban
 * comes back as a ban event too). Returns the restriction's id.
 */
export async function recordPlatformChatBan(tx: Tx, input: { userId: string; expiresAt: Date | null; reason: string; at: Date }): Promise<string> {
  const { userId, expiresAt, at } = input;
  const [existing] = await tx
    .select({ id: userRestrictions.id, createdBy: userRestrictions.createdBy, expiresAt: userRestrictions.expiresAt })
    .from(userRestrictions)
    .where(and(eq(userRestrictions.userId, userId), eq(userRestrictions.kind, 'ban_chat'), restrictionHoldsSql(at)));
  if (existing) {
    const isAdmins = existing.createdBy !== null;
    const later = existing.expiresAt === null || expiresAt === null ? null : existing.expiresAt > expiresAt ? existing.expiresAt : expiresAt;
    await tx
      .update(userRestrictions)
      .set({ expiresAt: isAdmins ? later : expiresAt })
      .where(eq(userRestrictions.id, existing.id));
    return existing.id;
  }
  const [inserted] = await tx
    .insert(userRestrictions)
    .values({
      userId,
      kind: 'ban_chat',
      reason: input.reason,
      days: expiresAt ? Math.max(1, Math.ceil((expiresAt.getTime() - at.getTime()) / 86_400_000)) : null,
      expiresAt,
      createdBy: null,
      createdAt: at,
    })
    .returning({ id: userRestrictions.id });
  return inserted!.id;
}

/** Removes (revokes) a restriction; lifting the last permanent ban clears the account's ban mark. */
export async function revokeRestriction(tx: Tx, input: { userId: string; restrictionId: string; actorId: string; now: Date }): Promise<RestrictionRow> {
  const [row] = await tx
    .update(userRestrictions)
    .set({ revokedAt: input.now, revokedBy: input.actorId })
    .where(and(eq(userRestrictions.id, input.restrictionId), eq(userRestrictions.userId, input.userId), isNull(userRestrictions.revokedAt)))
    .returning();
  if (!row) {
    const [existing] = await tx
      .select({ id: userRestrictions.id })
      .from(userRestrictions)
      .where(and(eq(userRestrictions.id, input.restrictionId), eq(userRestrictions.userId, input.userId)));
    if (existing) throw new AppError('ALREADY_REMOVED', 'This restriction was already removed.');
    throw new AppError('NOT_FOUND', 'No such restriction for this user.');
  }
  if (row.kind === 'ban_permanent') {
    const stillBanned = await tx
      .select({ id: userRestrictions.id })
      .from(userRestrictions)
      .where(and(eq(userRestrictions.userId, input.userId), eq(userRestrictions.kind, 'ban_permanent'), isNull(userRestrictions.revokedAt)))
      .limit(1);
    if (stillBanned.length === 0) await tx.update(users).set({ bannedAt: null }).where(eq(users.id, input.userId));
  }
  return row;
}

import { RESTRICTION_LABELS, type OwnRestriction, type Restriction, type RestrictionKind } from '@app/shared/api/admin-users';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { refreshTokens, userRestrictions, users } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { restrictionHolds, restrictionHoldsSql } from '../../platform/restrictions-guard.ts';
import { sha256Hex } from '../auth/tokens.ts';

/**
 * Restrictions as admins apply and remove them (spec 2 §3 User), and what a user's profile and the
 * admin screens show of them. What blocks what and whether one holds at a time is the guard's
 * (platform/restrictions-guard.ts), the one rule every reader here uses.
 */

type Db = Database | Tx;
export type RestrictionRow = typeof userRestrictions.$inferSelect;

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

/** True when the presented refresh token belongs to a banned account (the refresh route answers ACCOUNT_BANNED). */
export async function isRefreshOwnerBanned(db: Database, presented: string): Promise<boolean> {
  const [row] = await db
    .select({ bannedAt: users.bannedAt })
    .from(refreshTokens)
    .innerJoin(users, eq(users.id, refreshTokens.userId))
    .where(eq(refreshTokens.tokenHash, sha256Hex(presented)))
    .limit(1);
  return Boolean(row?.bannedAt);
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

/** spec 2 §3 User status from the restrictions that hold: Banned, Timeout or Active. */
export function statusFrom(rows: readonly RestrictionRow[], now: Date): 'Active' | 'Timeout' | 'Banned' {
  const holding = rows.filter((r) => restrictionHolds(r, now));
  if (holding.some((r) => r.kind === 'ban_permanent')) return 'Banned';
  if (holding.some((r) => r.kind === 'timeout')) return 'Timeout';
  return 'Active';
}

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

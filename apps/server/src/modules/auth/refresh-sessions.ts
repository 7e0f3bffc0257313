import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { REFRESH_TOKEN_TTL_DAYS, SESSION_MAX_HOURS_WITHOUT_REMEMBER } from '@app/shared/api/auth';
import type { Database } from '../../db/client.ts';
import { authSessions, refreshTokens } from '../../db/schema.ts';
import { endSessionsWhere } from './session-end.ts';
import { randomToken, sameDigest, sha256Hex } from './tokens.ts';

const HOUR_MS = 60 * 60 * 1000;

/** When a session signed in at `now` ends for good, whatever its refreshes (see SESSION_MAX_HOURS_WITHOUT_REMEMBER). */
export function sessionEndsAt(persistent: boolean, now: Date): Date {
  return new Date(now.getTime() + (persistent ? REFRESH_TOKEN_TTL_DAYS * 24 : SESSION_MAX_HOURS_WITHOUT_REMEMBER) * HOUR_MS);
}

export type IssuedRefresh = { token: string; persistent: boolean; expiresAt: Date };

async function insertToken(
  db: Database,
  values: { id?: string; userId: string; familyId: string; persistent: boolean },
  now: Date,
  expiresAt: Date,
): Promise<IssuedRefresh> {
  const token = randomToken();
  await db.insert(refreshTokens).values({ ...values, tokenHash: sha256Hex(token), expiresAt, createdAt: now });
  return { token, persistent: values.persistent, expiresAt };
}

/** A new session (login, register): the first token of a new family. */
export function startRefreshFamily(db: Database, userId: string, persistent: boolean, now: Date, familyId: string = randomUUID()): Promise<IssuedRefresh> {
  return insertToken(db, { userId, familyId, persistent }, now, sessionEndsAt(persistent, now));
}

export type RotateResult =
  { kind: 'rotated'; userId: string; familyId: string; next: IssuedRefresh } | { kind: 'unknown' | 'expired' } | { kind: 'reused'; familyId: string };

/**
 * The family's tokens are revoked and its session row ends (the family is the session), so the
 * access tokens of the session stop working too, not only its refresh, and its event streams close.
 */
async function revokeFamily(db: Database, familyId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    // Also a family without a session row (from before sessions were recorded).
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    await endSessionsWhere(tx as unknown as Database, eq(authSessions.id, familyId), now);
  });
}

/**
 * Rotation with reuse detection: the presented token is revoked and replaced by a new one of the
 * same family. A token that was already revoked (a replay, or the loser of two concurrent
 * refreshes) revokes the whole family, so the newest token stops working too.
 */
export async function rotateRefreshToken(db: Database, presented: string, now: Date): Promise<RotateResult> {
  const hash = sha256Hex(presented);
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash)).limit(1);
  if (!row || !sameDigest(row.tokenHash, hash)) return { kind: 'unknown' };
  if (row.revokedAt) {
    await revokeFamily(db, row.familyId, now);
    return { kind: 'reused', familyId: row.familyId };
  }
  if (row.expiresAt.getTime() <= now.getTime()) return { kind: 'expired' };

  const nextId = randomUUID();
  return db.transaction(async (tx) => {
    // The WHERE on revoked_at makes the claim atomic: of two concurrent refreshes only one wins.
    const claimed = await tx
      .update(refreshTokens)
      .set({ revokedAt: now, replacedBy: nextId })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    if (claimed.length === 0) {
      await revokeFamily(tx as unknown as Database, row.familyId, now);
      return { kind: 'reused' as const, familyId: row.familyId };
    }
    const next = await insertToken(
      tx as unknown as Database,
      { id: nextId, userId: row.userId, familyId: row.familyId, persistent: row.persistent },
      now,
      // The absolute end travels from token to token: a rotation never extends the session.
      row.expiresAt,
    );
    return { kind: 'rotated' as const, userId: row.userId, familyId: row.familyId, next };
  });
}

/** Logout: the presented token's family is revoked (unknown tokens are ignored). */
export async function revokeRefreshToken(db: Database, presented: string, now: Date): Promise<void> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256Hex(presented)))
    .limit(1);
  if (!row) return;
  // The family is the session: it leaves the sessions list, and its access tokens stop working.
  await revokeFamily(db, row.familyId, now);
}

import { randomUUID } from 'node:crypto';
import Bowser from 'bowser';
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { SessionInfo } from '@app/shared/api/auth';
import type { Database } from '../../db/client.ts';
import { authSessions, refreshTokens } from '../../db/schema.ts';
import { startRefreshFamily, type IssuedRefresh } from './refresh-sessions.ts';

/** Where a request comes from, as the sessions list shows it. */
export type ClientInfo = { userAgent: string; ip: string };

const USER_AGENT_MAX = 512;

export function clientOf(request: FastifyRequest): ClientInfo {
  const userAgent = String(request.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX);
  return { userAgent, ip: request.ip };
}

/** "Chrome 140 on Linux" from a user agent; "Unknown device" when it says nothing usable. */
export function describeDevice(userAgent: string): string {
  if (!userAgent) return 'Unknown device';
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name ? `${parsed.browser.name}${parsed.browser.version ? ` ${parsed.browser.version.split('.')[0]}` : ''}` : '';
  const os = parsed.os.name ?? '';
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || userAgent.slice(0, 60);
}

/** A new session: its row (id = the refresh family) and the family's first refresh token. */
export async function startSession(
  db: Database,
  input: { userId: string; persistent: boolean; client: ClientInfo | undefined; mfa: boolean },
): Promise<{ sessionId: string; refresh: IssuedRefresh }> {
  const sessionId = randomUUID();
  await db.insert(authSessions).values({
    id: sessionId,
    userId: input.userId,
    userAgent: input.client?.userAgent ?? '',
    ip: input.client?.ip ?? '',
    mfaVerifiedAt: input.mfa ? sql`now()` : null,
  });
  const refresh = await startRefreshFamily(db, input.userId, input.persistent, sessionId);
  return { sessionId, refresh };
}

/**
 * A refresh used the session: last use, address and device are brought up to date. Null when the
 * session was ended (or never recorded): its refresh must fail.
 */
export async function touchSession(db: Database, sessionId: string, client: ClientInfo): Promise<{ mfa: boolean } | null> {
  const [row] = await db
    .update(authSessions)
    .set({ lastUsedAt: sql`now()`, ip: client.ip, ...(client.userAgent ? { userAgent: client.userAgent } : {}) })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.endedAt)))
    .returning({ mfaVerifiedAt: authSessions.mfaVerifiedAt });
  return row ? { mfa: row.mfaVerifiedAt !== null } : null;
}

/** True when the session exists, is the user's and has not ended. */
export async function isSessionLive(db: Database, userId: string, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId), isNull(authSessions.endedAt)))
    .limit(1);
  return Boolean(row);
}

/** The session passed the second factor (login code, enrolment or a step-up code). */
export async function markSessionMfa(db: Database, sessionId: string): Promise<void> {
  await db.update(authSessions).set({ mfaVerifiedAt: sql`now()` }).where(eq(authSessions.id, sessionId));
}

/** The user's live sessions, most recently used first; `current` marks the caller's. */
export async function listSessions(db: Database, userId: string, currentId: string | null): Promise<SessionInfo[]> {
  const rows = await db
    .select()
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.endedAt)))
    .orderBy(desc(authSessions.lastUsedAt));
  // A session whose every refresh token expired is over too, although nobody ended it.
  const live = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), sql`${refreshTokens.expiresAt} > now()`));
  const liveFamilies = new Set(live.map((r) => r.familyId));
  return rows
    .filter((row) => liveFamilies.has(row.id))
    .map((row) => ({
      id: row.id,
      device: describeDevice(row.userAgent),
      ip: row.ip || 'Unknown',
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt.toISOString(),
      current: row.id === currentId,
    }));
}

async function endWhere(db: Database, where: ReturnType<typeof and>): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(authSessions)
      .set({ endedAt: sql`now()` })
      .where(and(where, isNull(authSessions.endedAt)))
      .returning({ id: authSessions.id, userId: authSessions.userId });
    for (const session of ended) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(refreshTokens.familyId, session.id), isNull(refreshTokens.revokedAt)));
    }
    return ended.length;
  });
}

/** Ends one of the user's sessions; false when it is not theirs or already ended. */
export async function endSession(db: Database, userId: string, sessionId: string): Promise<boolean> {
  return (await endWhere(db, and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId)))) > 0;
}

/** Ends every session of the user but `keepId` (all of them when it is null); the number ended. */
export function endOtherSessions(db: Database, userId: string, keepId: string | null): Promise<number> {
  return endWhere(db, keepId ? and(eq(authSessions.userId, userId), ne(authSessions.id, keepId)) : eq(authSessions.userId, userId));
}

/** Ends every session of the user and revokes every refresh token (a password reset). */
export async function endAllSessions(db: Database, userId: string): Promise<void> {
  await endOtherSessions(db, userId, null);
  // Families without a session row (none are made since issue 12, but be thorough).
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

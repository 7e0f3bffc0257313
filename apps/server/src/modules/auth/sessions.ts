import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionInfo } from '@app/shared/api/auth';
import { AppError } from '../../lib/app-error.ts';
import type { Database } from '../../db/client.ts';
import { authSessions, refreshTokens } from '../../db/schema.ts';
import { startRefreshFamily, type IssuedRefresh } from './refresh-sessions.ts';
import { endSessionsWhere } from './session-end.ts';
import { presentSession } from './session-presenter.ts';

/** Where a request comes from, as the sessions list shows it. */
export type ClientInfo = { userAgent: string; ip: string };

const USER_AGENT_MAX = 512;

export function clientOf(request: FastifyRequest): ClientInfo {
  const userAgent = String(request.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX);
  return { userAgent, ip: request.ip };
}

/** A new session: its row (id = the refresh family) and the family's first refresh token. */
export async function startSession(
  db: Database,
  input: { userId: string; persistent: boolean; client: ClientInfo | undefined; mfa: boolean },
  now: Date,
): Promise<{ sessionId: string; refresh: IssuedRefresh }> {
  const sessionId = randomUUID();
  await db.insert(authSessions).values({
    id: sessionId,
    userId: input.userId,
    userAgent: input.client?.userAgent ?? '',
    ip: input.client?.ip ?? '',
    mfaVerifiedAt: input.mfa ? now : null,
    createdAt: now,
    lastUsedAt: now,
  });
  const refresh = await startRefreshFamily(db, input.userId, input.persistent, now, sessionId);
  return { sessionId, refresh };
}

/**
 * A refresh used the session: last use, address and device are brought up to date. Null when the
 * session was ended (or never recorded): its refresh must fail.
 */
export async function touchSession(db: Database, sessionId: string, client: ClientInfo, now: Date): Promise<{ mfa: boolean } | null> {
  const [row] = await db
    .update(authSessions)
    .set({ lastUsedAt: now, ip: client.ip, ...(client.userAgent ? { userAgent: client.userAgent } : {}) })
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

/**
 * The caller of a public call that reads differently for a member (e.g. `entered`): the user of a
 * valid Bearer token whose session is live; null for a visitor, a bad token or an ended session.
 */
export async function optionalViewerOf(app: FastifyInstance, authorization: string | undefined): Promise<string | null> {
  const match = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
  const claims = match ? await app.accessTokens.verifyClaims(match[1]!) : null;
  if (!claims?.sessionId) return null;
  return (await isSessionLive(app.db, claims.userId, claims.sessionId)) ? claims.userId : null;
}

/** The session passed the second factor (login code, enrolment or a step-up code). */
export async function markSessionMfa(db: Database, sessionId: string, now: Date): Promise<void> {
  await db.update(authSessions).set({ mfaVerifiedAt: now }).where(eq(authSessions.id, sessionId));
}

/** The user's live sessions, most recently used first; `current` marks the caller's. */
export async function listSessions(db: Database, userId: string, currentId: string | null, now: Date): Promise<SessionInfo[]> {
  const rows = await db
    .select()
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.endedAt)))
    .orderBy(desc(authSessions.lastUsedAt));
  // A session whose every refresh token expired is over too, although nobody ended it.
  const live = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now)));
  const liveFamilies = new Set(live.map((r) => r.familyId));
  return rows.filter((row) => liveFamilies.has(row.id)).map((row) => presentSession(row, currentId));
}

async function endWhere(db: Database, where: ReturnType<typeof and>, now: Date): Promise<number> {
  return (await endSessionsWhere(db, where, now)).length;
}

/** Ends one of the user's sessions; 404 when it is not theirs or already ended (one answer for both). */
export async function endSession(db: Database, userId: string, sessionId: string, now: Date): Promise<void> {
  const ended = await endWhere(db, and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId)), now);
  if (ended === 0) throw new AppError('NOT_FOUND', 'This session does not exist or has already ended.');
}

/** Ends every session of the user but `keepId` (all of them when it is null); the number ended. */
export function endOtherSessions(db: Database, userId: string, keepId: string | null, now: Date): Promise<number> {
  return endWhere(db, keepId ? and(eq(authSessions.userId, userId), ne(authSessions.id, keepId)) : eq(authSessions.userId, userId), now);
}

/** Ends every session of the user and revokes every refresh token (a password reset). */
export async function endAllSessions(db: Database, userId: string, now: Date): Promise<void> {
  await endOtherSessions(db, userId, null, now);
  // Families without a session row (from before sessions were recorded; none are made now, but be thorough).
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

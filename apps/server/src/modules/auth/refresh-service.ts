import type { AccessResponse } from '@app/shared/api/auth';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { refreshTokens, users } from '../../db/schema.ts';
import { accountBannedError } from '../../platform/restrictions.ts';
import { unauthorized } from './auth-plugin.ts';
import type { AuthDeps } from './auth-service.ts';
import type { RefreshCookieJar } from './refresh-cookie.ts';
import { revokeRefreshToken, rotateRefreshToken } from './refresh-sessions.ts';
import { touchSession, type ClientInfo } from './sessions.ts';
import { sha256Hex } from './tokens.ts';

const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/** True when the presented refresh token belongs to a banned account (the refresh route answers ACCOUNT_BANNED). */
async function isRefreshOwnerBanned(db: Database, presented: string): Promise<boolean> {
  const [row] = await db
    .select({ bannedAt: users.bannedAt })
    .from(refreshTokens)
    .innerJoin(users, eq(users.id, refreshTokens.userId))
    .where(eq(refreshTokens.tokenHash, sha256Hex(presented)))
    .limit(1);
  return Boolean(row?.bannedAt);
}

/**
 * POST /api/auth/refresh: a new access token for the refresh cookie, whose token rotates (reuse
 * detection in refresh-sessions.ts). Every way a session can be over clears the cookie, so the
 * browser stops presenting it: a banned owner, an unknown, expired or reused token, an ended session.
 */
export async function refreshAccess(deps: AuthDeps & { client: ClientInfo }, cookie: RefreshCookieJar): Promise<AccessResponse> {
  const presented = cookie.read();
  // No cookie at all is a plain 401 (the web client skips its start-up refresh when it never
  // signed in, so visitors do not send this request).
  if (!presented) throw unauthorized('No session. Please sign in.');
  // A banned account's refresh is refused with a clear message (its tokens are revoked too).
  if (await isRefreshOwnerBanned(deps.db, presented)) {
    cookie.clear();
    throw accountBannedError();
  }
  const now = deps.clock.now();
  const result = await rotateRefreshToken(deps.db, presented, now);
  if (result.kind !== 'rotated') {
    if (result.kind === 'reused') deps.log.warn({ familyId: result.familyId }, 'refresh token reused: family revoked');
    cookie.clear();
    throw unauthorized(SESSION_ENDED);
  }
  // The family is a session; an ended one cannot refresh (its tokens are revoked too).
  const session = await touchSession(deps.db, result.familyId, deps.client, now);
  if (!session) {
    cookie.clear();
    throw unauthorized(SESSION_ENDED);
  }
  cookie.set(result.next);
  return { access: await deps.accessTokens.sign(result.userId, { sid: result.familyId, mfa: session.mfa }) };
}

/** POST /api/auth/logout: the presented token's session ends (if any), and the cookie is cleared either way. */
export async function logout(deps: AuthDeps, cookie: RefreshCookieJar): Promise<void> {
  const presented = cookie.read();
  if (presented) await revokeRefreshToken(deps.db, presented, deps.clock.now());
  cookie.clear();
}

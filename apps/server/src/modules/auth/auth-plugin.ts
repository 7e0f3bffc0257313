import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import { findUserForSession, type UserRow } from '../users/index.ts';
import { Redis } from 'ioredis';
import { MemoryAttemptStore, redisAttemptStore, type AttemptStore } from './attempt-limits.ts';
import { loadJwtKey } from '../../platform/jwt-secret.ts';
import { getDummyHash } from './passwords.ts';
import { isSessionLive } from './sessions.ts';
import { AccessTokens } from './tokens.ts';
import { accountBannedError } from '../../platform/restrictions.ts';
import { secretBox, secretsKeyOf, type SecretBox } from '../../platform/secret-box.ts';

type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
    /** Seals the TOTP secrets at rest (second-factor.ts). */
    totpBox: SecretBox;
    /**
     * preHandler: a valid Bearer access token whose session is live (not logged out, ended, reset or
     * revoked by a refresh reuse alarm); sets request.userId. 401 otherwise.
     */
    authenticate: PreHandler;
    /**
     * preHandler: the token's signature and expiry only. The route's own statement MUST check that
     * the session is live (GET /api/auth/me and the raffle entry's one statement fold it into the
     * query they run anyway); everything else uses authenticate or loadUser.
     */
    verifyAccessTokenOnly: PreHandler;
    /** preHandler: authenticate, then load the user (request.currentUser); 401 if it no longer exists. */
    loadUser: PreHandler;
    /** preHandler: loadUser and a verified e-mail (403 EMAIL_NOT_VERIFIED). */
    requireVerified: PreHandler;
    /**
     * preHandler: loadUser and isAdmin, read from the database on every call (403 FORBIDDEN); with
     * ADMIN_MFA=required also a live session that passed the second factor (403 MFA_REQUIRED).
     */
    requireAdmin: PreHandler;
    /** Work that runs after the answer was sent (mail for resend); awaited on close and by tests. */
    backgroundWork: { run: (label: string, work: () => Promise<void>) => void; idle: () => Promise<void> };
  }
  interface FastifyRequest {
    userId: string | null;
    currentUser: UserRow | null;
    /** The session (refresh family) of the access token, when it names one. */
    sessionId: string | null;
    /** The access token's session passed the second factor. */
    mfaPassed: boolean;
  }
}

export function unauthorized(message = 'Please sign in to continue.'): AppError {
  return new AppError('UNAUTHORIZED', message);
}

/** The access token names a session that was ended (logout, "end this session", a password reset...). */
export const sessionEnded = () => unauthorized('Your session has ended. Please sign in again.');

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Access tokens and the guards other modules put in front of their routes
 * (`preHandler: app.authenticate`, `app.requireVerified`, `app.requireAdmin`).
 */
async function authPlugin(app: FastifyInstance, opts: { config: Config }): Promise<void> {
  const tokens = new AccessTokens(loadJwtKey(opts.config.jwtSecret, opts.config.dataDir), app.clock);
  app.decorate('accessTokens', tokens);
  app.decorate('totpBox', secretBox(secretsKeyOf(opts.config)));
  let attempts: AttemptStore = new MemoryAttemptStore(app.clock);
  if (opts.config.redisUrl) {
    const redis = new Redis(opts.config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 });
    // A lost connection fails the requests that need it (500), as the rate limits' own client does; logged once per error.
    redis.on('error', (error: unknown) => app.log.warn({ err: error }, 'attempt counters: Redis error'));
    attempts = redisAttemptStore(redis);
  }
  app.decorate('attempts', attempts);
  app.addHook('onClose', async () => void (await attempts.close?.()));
  app.decorateRequest('userId', null);
  app.decorateRequest('currentUser', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('mfaPassed', false);

  // Computed once, in the background, so the first unknown-user login costs one hash like the others.
  void getDummyHash();

  // Every token the server issues names its session; one without is refused (its session cannot be checked).
  const verifyAccessTokenOnly: PreHandler = async (request) => {
    const token = bearerToken(request);
    const claims = token ? await tokens.verifyClaims(token) : null;
    if (!claims?.sessionId) throw unauthorized(token ? 'Your session has expired. Please sign in again.' : undefined);
    request.userId = claims.userId;
    request.sessionId = claims.sessionId;
    request.mfaPassed = claims.mfa;
  };
  // One indexed lookup (the session's primary key) per call.
  const authenticate: PreHandler = async (request, reply) => {
    await verifyAccessTokenOnly(request, reply);
    if (!(await isSessionLive(app.db, request.userId!, request.sessionId!))) throw sessionEnded();
  };
  // The user and the session in one statement.
  const loadUser: PreHandler = async (request, reply) => {
    await verifyAccessTokenOnly(request, reply);
    const user = await findUserForSession(app.db, request.userId!, request.sessionId!);
    if (!user) throw unauthorized();
    if (!user.sessionLive) throw sessionEnded();
    if (user.bannedAt) throw accountBannedError(); // a permanent ban ends every session at once
    const { sessionLive: _live, ...row } = user;
    request.currentUser = row;
  };
  app.decorate('verifyAccessTokenOnly', verifyAccessTokenOnly);
  app.decorate('authenticate', authenticate);
  app.decorate('loadUser', loadUser);
  app.decorate('requireVerified', async (request: FastifyRequest, reply: FastifyReply) => {
    await loadUser(request, reply);
    if (!request.currentUser!.emailVerified) {
      throw new AppError('EMAIL_NOT_VERIFIED', 'Please verify your email first.');
    }
  });
  app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
    await loadUser(request, reply);
    if (!request.currentUser!.isAdmin) throw new AppError('FORBIDDEN', 'This is for admins only.');
    if (opts.config.adminMfa === 'required') {
      // ASVS 4.0.3 V4.3.1: the token must come from a session that passed the second factor
      // (loadUser checked that it has not been ended since).
      if (!request.mfaPassed) throw new AppError('MFA_REQUIRED', 'Admin access needs two-factor sign-in. Sign in with your authenticator code.');
    }
  });

  const pending = new Set<Promise<void>>();
  app.decorate('backgroundWork', {
    run: (label: string, work: () => Promise<void>) => {
      const job = work()
        .catch((error: unknown) => app.log.error({ err: error }, `${label} failed`))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    idle: async () => {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  });
  app.addHook('onClose', async () => {
    while (pending.size > 0) await Promise.all([...pending]);
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['db'] });

import type { FastifyReply, FastifyRequest } from 'fastify';
import { REFRESH_COOKIE_NAME } from '@app/shared/api/auth';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { IssuedRefresh } from './refresh-sessions.ts';

function baseOptions(config: Config) {
  return {
    httpOnly: true,
    path: '/api/auth',
    sameSite: 'strict' as const,
    secure: config.appOrigin.startsWith('https://'),
  };
}

/** Persistent until the token expires (counted from `now`) with rememberMe, else a session cookie (no Max-Age). */
export function setRefreshCookie(reply: FastifyReply, config: Config, refresh: IssuedRefresh, now: Date): void {
  reply.setCookie(REFRESH_COOKIE_NAME, refresh.token, {
    ...baseOptions(config),
    ...(refresh.persistent ? { maxAge: Math.max(0, Math.floor((refresh.expiresAt.getTime() - now.getTime()) / 1000)) } : {}),
  });
}

export function clearRefreshCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(REFRESH_COOKIE_NAME, baseOptions(config));
}

export function readRefreshCookie(request: FastifyRequest): string | null {
  const value = request.cookies[REFRESH_COOKIE_NAME];
  return value && value.length <= 256 ? value : null;
}

/**
 * The refresh cookie of one request, as the services see it: they decide when it is set or
 * cleared, the route only hands them this.
 */
export type RefreshCookieJar = {
  /** The presented token; null when there is none (or it cannot be one). */
  read: () => string | null;
  set: (refresh: IssuedRefresh) => void;
  clear: () => void;
};

export function refreshCookieJar(request: FastifyRequest, reply: FastifyReply, config: Config, clock: Clock): RefreshCookieJar {
  return {
    read: () => readRefreshCookie(request),
    set: (refresh) => setRefreshCookie(reply, config, refresh, clock.now()),
    clear: () => clearRefreshCookie(reply, config),
  };
}

/**
 * CSRF defence for the cookie-authenticated calls (refresh, logout): the Origin header must be
 * APP_ORIGIN. Browsers send Origin on every POST, so a missing one is refused too.
 */
export function assertSameOrigin(request: FastifyRequest, config: Config): void {
  const origin = request.headers.origin;
  if (origin !== config.appOrigin) {
    throw new AppError('BAD_ORIGIN', 'This request must come from the app itself.');
  }
}

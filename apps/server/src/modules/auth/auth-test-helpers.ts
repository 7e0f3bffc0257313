import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { LoginResponse } from '@app/shared/api/auth';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { expect } from 'vitest';
import { authSessions } from '../../db/schema.ts';
import { ManualClock, type Clock } from '../../platform/clock.ts';
import { outboxDir } from '../../mail/mailer.ts';
import { createMfaChallenge, presetTotp } from './second-factor.ts';

/** Test-only helpers for the accounts API (small factories, no shared fixtures). */

export const ORIGIN = 'http://localhost:3000';
let counter = 0;

export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}_${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A random client address, so one test's rate-limit counters do not touch another's. */
export function randomIp(): string {
  const n = () => Math.floor(Math.random() * 254) + 1;
  return `10.${n()}.${n()}.${n()}`;
}

export const GOOD_PASSWORD = 'Correct-Horse-42';

export async function registerUser(app: FastifyInstance, body: { email?: string; password?: string; username?: string } = {}) {
  const email = body.email ?? uniqueEmail();
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: randomIp(),
    payload: { email, password: body.password ?? GOOD_PASSWORD, ...(body.username ? { username: body.username } : {}) },
  });
  expect(res.statusCode, res.body).toBe(202);
  // The mails go after the answer; the tests read them from the outbox.
  await app.backgroundWork.idle();
  // Registration signs nobody in (it answers a taken address alike): the client logs in next, as the web does.
  const password = body.password ?? GOOD_PASSWORD;
  const login = await loginUser(app, email, password);
  expect(login.statusCode, login.body).toBe(200);
  const json = login.json() as LoginResponse;
  return { email, password, access: json.tokens.access, user: json.user, refresh: refreshCookieOf(login)! };
}

export async function loginUser(app: FastifyInstance, email: string, password = GOOD_PASSWORD, rememberMe = false) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: randomIp(),
    payload: { email, password, rememberMe },
  });
}

export function refreshCookie(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === 'refresh_token');
}

export function refreshCookieOf(res: LightMyRequestResponse): string | undefined {
  return refreshCookie(res)?.value;
}

/** origin null: no Origin header. */
export function refresh(app: FastifyInstance, token: string | undefined, origin: string | null = ORIGIN) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers: origin ? { origin } : {},
    cookies: token ? { refresh_token: token } : {},
    payload: { refresh: null },
  });
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Every mail in the dev outbox for this address, oldest first, decoded enough to read links. */
export function outboxMailsTo(dataDir: string, email: string): string[] {
  let files: string[];
  try {
    files = readdirSync(outboxDir(dataDir)).sort();
  } catch {
    return [];
  }
  return files
    .map((f) => decodeQuotedPrintable(readFileSync(path.join(outboxDir(dataDir), f), 'utf8')))
    .filter((mail) => mail.toLowerCase().includes(`to: ${email.toLowerCase()}`));
}

/** The token of the newest verification link mailed to this address. */
export function latestVerificationToken(dataDir: string, email: string): string {
  const mails = outboxMailsTo(dataDir, email);
  const last = mails.at(-1);
  expect(last, `no mail to ${email}`).toBeDefined();
  const match = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(last!);
  expect(match, 'no verification link in the mail').not.toBeNull();
  return match![1]!;
}

/** registerUser, then the address verified through the link of its verification mail (the real flow). */
export async function verifiedUser(app: FastifyInstance, dataDir: string, body: { email?: string; password?: string } = {}) {
  const u = await registerUser(app, body);
  await app.backgroundWork.idle();
  const res = await app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: latestVerificationToken(dataDir, u.email) } });
  expect(res.statusCode, res.body).toBe(200);
  return { ...u, user: { ...u.user, emailVerified: true } };
}

/** A fixed base32 TOTP secret for tests (as ADMIN_TOTP_SECRET would preset it). */
export const TEST_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
/** RFC 6238's time step, as otplib uses it by default. */
export const TOTP_STEP_MS = 30_000;

/** The authenticator code of `secret` at a time, computed by otplib like an app would. */
export function totpCode(secret: string, atMs: number): Promise<string> {
  return generate({ secret, epoch: Math.floor(atMs / 1000) });
}

/**
 * Sends a second-factor code, as of `clock` (the clock the server checks codes against). A code is
 * accepted once per time step (replays are refused) and one step of drift is allowed, so when this
 * step's code was used already the next step's is sent; when that was used too, a ManualClock moves
 * on one step instead of the test waiting for it. (A server in another process, on the system clock,
 * gets the two tries only.)
 */
export async function withTotpCode<T extends { statusCode: number }>(secret: string, send: (code: string) => Promise<T>, clock: Clock): Promise<T> {
  const now = () => clock.now().getTime();
  let res = await send(await totpCode(secret, now()));
  if (res.statusCode !== 401) return res;
  res = await send(await totpCode(secret, now() + TOTP_STEP_MS));
  if (res.statusCode !== 401 || !(clock instanceof ManualClock)) return res;
  clock.advance(TOTP_STEP_MS);
  return send(await totpCode(secret, now() + TOTP_STEP_MS));
}

/**
 * Gives the user TOTP with `secret` and signs them in through the real second step (POST
 * /api/auth/mfa) of a login whose password step is taken as passed: the access token of a session
 * that passed the second factor, as every admin call needs with ADMIN_MFA=required.
 */
export async function passSecondFactor(app: FastifyInstance, userId: string, secret = TEST_TOTP_SECRET): Promise<string> {
  await presetTotp(app.db, app.totpBox, userId, secret, app.clock.now());
  const res = await withTotpCode(
    secret,
    async (code) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/mfa',
        remoteAddress: randomIp(),
        payload: { mfaToken: await createMfaChallenge(app.db, userId, false, app.clock.now()), code },
      }),
    app.clock,
  );
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as LoginResponse).tokens.access;
}

/** Long enough for any clock move of a test (they move by hours and days). */
const FACTORY_TOKEN_TTL_SECONDS = 366 * 24 * 60 * 60;

/**
 * A factory user's access token. The server checks a token's expiry against app.clock, so a
 * 15-minute token would expire when a test moves the clock by a day; a real client refreshes it,
 * a factory user keeps one that outlives the test's moves instead. With `secondFactor`, the session
 * passes the real second step of a login first (passSecondFactor) and the token names it.
 */
export async function factoryAccessToken(app: FastifyInstance, userId: string, opts: { secondFactor?: boolean } = {}): Promise<string> {
  // Every access token names a live session (the server refuses one whose session has ended).
  // The session's row only: a factory user never refreshes, so it gets no refresh token.
  if (!opts.secondFactor) {
    const sessionId = randomUUID();
    await app.db.insert(authSessions).values({ id: sessionId, userId, createdAt: app.clock.now(), lastUsedAt: app.clock.now() });
    return app.accessTokens.sign(userId, { sid: sessionId }, FACTORY_TOKEN_TTL_SECONDS);
  }
  const claims = await app.accessTokens.verifyClaims(await passSecondFactor(app, userId));
  expect(claims).not.toBeNull();
  return app.accessTokens.sign(userId, { sid: claims!.sessionId ?? undefined, mfa: claims!.mfa }, FACTORY_TOKEN_TTL_SECONDS);
}

/** POST /api/auth/logout with the session's refresh cookie, from the app's origin (as the web sends it). */
export function logout(app: FastifyInstance, refreshToken: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    headers: { origin: ORIGIN },
    cookies: { refresh_token: refreshToken },
    payload: { refresh: null },
  });
}

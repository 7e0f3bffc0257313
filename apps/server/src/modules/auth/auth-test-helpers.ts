import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { LoginResponse } from '@app/shared/api/auth';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { outboxDir } from '../../mail/mailer.ts';

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

export async function registerUser(
  app: FastifyInstance,
  body: { email?: string; password?: string; username?: string } = {},
) {
  const email = body.email ?? uniqueEmail();
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: randomIp(),
    payload: { email, password: body.password ?? GOOD_PASSWORD, ...(body.username ? { username: body.username } : {}) },
  });
  expect(res.statusCode, res.body).toBe(201);
  const json = res.json() as LoginResponse;
  return { email, password: body.password ?? GOOD_PASSWORD, access: json.tokens.access, user: json.user, refresh: refreshCookieOf(res)! };
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

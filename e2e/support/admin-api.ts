import type { APIRequestContext } from '@playwright/test';
import { admin, expect, signInWith, type Credentials } from './fixtures';

// Access tokens live 15 minutes; one token per account and worker is reused for 10, so the calls do
// not run into the per-IP sign-in limit (nor, for an account with a second factor, wait for codes).
const cached = new Map<string, { token: string; until: number }>();

/** An access token for calls made on someone's behalf (use a request context of its own: no shared cookies). */
export async function tokenFor(request: APIRequestContext, credentials: Credentials): Promise<string> {
  const hit = cached.get(credentials.email);
  if (hit && hit.until > Date.now()) return hit.token;
  const token = (await signInWith(request, credentials)).tokens.access;
  cached.set(credentials.email, { token, until: Date.now() + 10 * 60_000 });
  return token;
}

/** A call as the configured admin (with a fresh Idempotency-Key); fails the test unless it succeeds. */
export async function adminCall<T>(request: APIRequestContext, method: 'get' | 'post', path: string, data?: unknown): Promise<T> {
  const token = await tokenFor(request, admin);
  const response = await request[method](path, {
    data,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() },
  });
  expect(response.ok(), `${method.toUpperCase()} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A name no other test or run uses. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/** A store reward created through the admin API. */
export async function createReward(
  request: APIRequestContext,
  price: number,
  options: { featured?: boolean; prefix?: string } = {},
): Promise<{ id: string; name: string }> {
  const name = uniqueName(options.prefix ?? 'E2E Reward');
  const body = await adminCall<{ reward: { id: string } }>(request, 'post', '/api/admin/rewards', {
    name,
    description: 'Created by an end-to-end test.',
    category: 'bonuses',
    price,
    featured: options.featured ?? false,
    stock: null,
    active: true,
  });
  return { id: body.reward.id, name };
}

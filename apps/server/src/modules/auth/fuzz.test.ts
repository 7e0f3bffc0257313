import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ORIGIN, randomIp, registerUser } from './auth-test-helpers.ts';

// Seeded, so a failure reproduces; ~150 runs per route and shape.
const SEED = 20261121;
const RUNS = 150;

type Route = { method: 'POST' | 'PATCH' | 'GET'; url: string; keys: string[] };

const ROUTES: Route[] = [
  { method: 'POST', url: '/api/auth/register', keys: ['email', 'password', 'username'] },
  { method: 'POST', url: '/api/auth/login', keys: ['email', 'password', 'rememberMe'] },
  { method: 'POST', url: '/api/auth/refresh', keys: ['refresh'] },
  { method: 'POST', url: '/api/auth/logout', keys: ['refresh'] },
  { method: 'POST', url: '/api/auth/resend-verification', keys: ['email'] },
  { method: 'POST', url: '/api/auth/verify-email', keys: ['token'] },
  { method: 'PATCH', url: '/api/profile/complete', keys: ['partners', 'crypto'] },
];

/** Values that are almost right: strings of odd shapes, numbers, nulls, nested junk. */
const fieldValue = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.emailAddress(),
  fc.constantFrom('', ' ', 'admin', 'a@b.co', 'x'.repeat(5000), '\u0000', '__proto__', 'constructor'),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(fc.record({ partner: fc.jsonValue({ maxDepth: 1 }), username: fc.jsonValue({ maxDepth: 1 }) }), { maxLength: 12 }),
  fc.dictionary(fc.constantFrom('btc', 'eth', 'usdt', 'sol', 'doge'), fc.jsonValue({ maxDepth: 1 })),
);

function shapedBody(keys: string[]) {
  return fc.dictionary(fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 10 })), fieldValue, { maxKeys: keys.length + 1 });
}

/** Raw bodies that are not valid JSON, or JSON that breaks in odd ways. */
const rawBody = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.constantFrom('{', '{"email":', 'null', '[]', '"text"', '1e999', '{"__proto__":{"isAdmin":true}}', '\ufeff{}', '{"a":1,"a":2}'),
  fc.jsonValue().map((v) => JSON.stringify(v)),
);

describe(`fuzz: no malformed body gets a 5xx (${process.env.TEST_DB})`, () => {
  let t: TestApp;
  let access = '';
  let refreshToken = '';
  beforeAll(async () => {
    t = await createTestApp();
    const u = await registerUser(t.app);
    access = u.access;
    refreshToken = u.refresh;
    // Verified, so that profile completion (which needs a verified e-mail) reaches its save path
    // with every body that passes validation, not only the 403.
    await t.app.db.update(users).set({ emailVerified: true }).where(eq(users.id, u.user.id));
  });
  afterAll(async () => {
    await t?.app.backgroundWork.idle();
    await t?.close();
  });

  async function send(route: Route, payload: string, contentType = 'application/json') {
    const res = await t.app.inject({
      method: route.method,
      url: route.url,
      remoteAddress: randomIp(),
      headers: {
        'content-type': contentType,
        origin: ORIGIN,
        authorization: `Bearer ${access}`,
      },
      cookies: { refresh_token: refreshToken },
      payload,
    });
    expect(res.statusCode, `${route.url} ${payload.slice(0, 200)} -> ${res.body.slice(0, 200)}`).toBeLessThan(500);
    if (res.statusCode >= 400) expect(res.json()).toMatchObject({ ok: false, error: expect.any(String), code: expect.any(String) });
    return res;
  }

  for (const route of ROUTES) {
    it(`${route.method} ${route.url}: arbitrary JSON values`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.jsonValue(), async (value) => {
          await send(route, JSON.stringify(value) ?? 'null');
        }),
        { seed: SEED, numRuns: RUNS },
      );
    });

    it(`${route.method} ${route.url}: objects with the route's keys and odd values`, async () => {
      await fc.assert(
        fc.asyncProperty(shapedBody(route.keys), async (value) => {
          await send(route, JSON.stringify(value));
        }),
        { seed: SEED, numRuns: RUNS },
      );
    });

    it(`${route.method} ${route.url}: malformed bodies and content types`, async () => {
      await fc.assert(
        fc.asyncProperty(
          rawBody,
          fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1'),
          async (payload, contentType) => {
            await send(route, payload, contentType);
          },
        ),
        { seed: SEED, numRuns: RUNS },
      );
    });
  }

  it('GET /api/auth/me and /api/profile: arbitrary Authorization headers', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), fc.constantFrom('/api/auth/me', '/api/profile'), async (header, url) => {
        const value = header.replace(/[^\t\x20-\x7e]/g, '');
        const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${value}` } });
        expect(res.statusCode).toBe(401);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

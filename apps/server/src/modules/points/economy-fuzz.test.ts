import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser, pointsOf, type TestUser, useTestAppWithAdmin } from '../../test/factories.ts';

// Seeded, so a failure reproduces. Malformed bodies, ids and Idempotency-Keys on the points, store
// and raffle calls: never a 5xx, always the envelope, and no point moves.
const SEED = 20261123;
const RUNS = 60;

type Route = { method: 'POST' | 'PUT' | 'GET'; url: (ids: Ids) => string; keys: string[] };
type Ids = { reward: string; raffle: string; order: string; user: string };

const ROUTES: Route[] = [
  { method: 'POST', url: (i) => `/api/admin/users/${i.user}/points`, keys: ['amount', 'reason'] },
  { method: 'POST', url: (i) => `/api/admin/orders/${i.order}/decline`, keys: ['reason'] },
  { method: 'POST', url: () => '/api/admin/rewards', keys: ['name', 'description', 'category', 'price', 'featured', 'stock', 'active'] },
  { method: 'PUT', url: (i) => `/api/admin/rewards/${i.reward}`, keys: ['name', 'category', 'price', 'stock'] },
  { method: 'POST', url: () => '/api/admin/raffles', keys: ['title', 'prize', 'pointsCost', 'winners', 'startDate', 'endDate', 'minLevel', 'prizePoints'] },
  { method: 'PUT', url: (i) => `/api/admin/raffles/${i.raffle}`, keys: ['title', 'prize', 'pointsCost', 'startDate', 'endDate'] },
];

const fieldValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 1.5, 2 ** 53, -(2 ** 53), '100', '', ' ', 'cashbacks', 'vip', '2026-11-23T12:00:00Z', 'x'.repeat(3000)),
);
function shapedBody(keys: string[]) {
  return fc.dictionary(fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 8 })), fieldValue, { maxKeys: keys.length + 1 });
}

describe(`fuzz: points, store and raffle calls (${process.env.TEST_DB})`, () => {
  let user: TestUser;
  let ids: Ids;
  const { t, admin } = useTestAppWithAdmin();
  beforeAll(async () => {
    user = await makeUser(t.app, { points: 300 });
    const reward = (
      await t.app.inject({ method: 'POST', url: '/api/admin/rewards', headers: admin.auth, payload: { name: 'Fuzz', category: 'vip', price: 1000 } })
    ).json().reward.id;
    const now = Date.now();
    const raffle = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/raffles',
        headers: admin.auth,
        payload: { title: 'Fuzz', prize: 'x', pointsCost: 1000, startDate: new Date(now - 1e6).toISOString(), endDate: new Date(now + 1e7).toISOString() },
      })
    ).json().raffle.id;
    ids = { reward, raffle, order: '00000000-0000-4000-8000-000000000000', user: '00000000-0000-4000-8000-000000000001' };
  });

  function expectEnvelope(res: { statusCode: number; body: string; json: () => unknown }, what: string) {
    expect(res.statusCode, `${what} -> ${res.body.slice(0, 200)}`).toBeLessThan(500);
    if (res.statusCode >= 400) expect(res.json()).toMatchObject({ ok: false, error: expect.any(String), code: expect.any(String) });
  }

  for (const route of ROUTES) {
    it(`${route.method} ${route.url({ reward: ':id', raffle: ':id', order: ':id', user: ':id' })}: shaped and raw bodies`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            shapedBody(route.keys).map((b) => JSON.stringify(b)),
            fc.jsonValue().map((v) => JSON.stringify(v)),
            fc.string({ maxLength: 100 }),
          ),
          async (payload) => {
            const res = await t.app.inject({
              method: route.method,
              url: route.url(ids),
              headers: { ...admin.auth, 'content-type': 'application/json' },
              payload,
            });
            expectEnvelope(res, `${route.method} ${payload.slice(0, 200)}`);
          },
        ),
        { seed: SEED, numRuns: RUNS },
      );
    });
  }

  it('redeem and enter: arbitrary ids and Idempotency-Keys never 5xx and spend nothing the balance does not cover', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constant(ids.reward), fc.constant(ids.raffle), fc.string({ maxLength: 40 }), fc.uuid()),
        fc.option(fc.string({ maxLength: 300 }), { nil: undefined }),
        fc.boolean(),
        async (id, key, isRaffle) => {
          const url = isRaffle ? `/api/raffles/${encodeURIComponent(id)}/enter` : `/api/store/rewards/${encodeURIComponent(id)}/redeem`;
          const headers: Record<string, string> = { ...user.auth };
          if (key !== undefined) {
            // Header values cannot carry control characters at all; those are the client's problem.
            headers['idempotency-key'] = [...key].map((c) => (c >= ' ' && c <= '~' ? c : '?')).join('');
          }
          const res = await t.app.inject({ method: 'POST', url, headers });
          expectEnvelope(res, `${url} key=${key}`);
          expect(res.statusCode).not.toBe(201);
        },
      ),
      { seed: SEED, numRuns: RUNS * 2 },
    );
    expect(await pointsOf(t.app, user.id)).toBe(300);
    const check = await t.app.inject({ method: 'GET', url: '/api/admin/ledger/check', headers: admin.auth });
    expect(check.json()).toMatchObject({ ok: true });
  });

  it('ledger and order queries: arbitrary query strings never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 60 }), fc.string({ maxLength: 20 }), async (a, b) => {
        for (const url of [
          `/api/points/ledger?page=${encodeURIComponent(a)}&pageSize=${encodeURIComponent(b)}`,
          `/api/admin/orders?status=${encodeURIComponent(a)}`,
        ]) {
          const res = await t.app.inject({ method: 'GET', url, headers: url.includes('admin') ? admin.auth : user.auth });
          expectEnvelope(res, url);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

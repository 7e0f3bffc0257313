import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser, type TestUser, useTestAppWithAdmin } from '../../test/factories.ts';

type Route = { method: string; url: string };

/**
 * Fastify's route table (printRoutes' tree: one node per line, 4 characters of indent per level,
 * each node's path continuing its parent's) turned into method + full path pairs.
 */
function routeTable(tree: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.+?) \(([^)]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const full = (depth > 0 ? stack[depth - 1]! : '') + match[2]!;
    stack[depth] = full;
    stack.length = depth + 1;
    for (const method of match[3]!.split(',').map((m) => m.trim())) {
      if (method !== 'HEAD') routes.push({ method, url: full });
    }
  }
  return routes;
}

describe(`every /api/admin route is guarded (${process.env.TEST_DB})`, () => {
  let user: TestUser;
  let adminRoutes: Route[];
  const { t, admin } = useTestAppWithAdmin({ SEED_CATALOGUE: 'false' });
  beforeAll(async () => {
    user = await makeUser(t.app, { points: 100 });
    adminRoutes = routeTable(t.app.printRoutes({ commonPrefix: false })).filter((r) => r.url.startsWith('/api/admin/'));
  });

  const concrete = (url: string) => url.replace('/bot-features/:id', '/bot-features/points').replace(/:[A-Za-z]+/g, () => randomUUID());

  it("finds the admin console's routes in the table", () => {
    const keys = adminRoutes.map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'GET /api/admin/leaderboards',
      'POST /api/admin/leaderboards',
      'PUT /api/admin/leaderboards/:id',
      'DELETE /api/admin/leaderboards/:id',
      'POST /api/admin/affiliates/:id/payouts',
      'POST /api/admin/users/:id/restrictions',
      'DELETE /api/admin/users/:id/restrictions/:rid',
      'GET /api/admin/activity',
      'GET /api/admin/overview',
      'PUT /api/admin/bot-features/:id',
      'GET /api/admin/search',
      'GET /api/admin/raffles',
      'POST /api/admin/orders/:id/decline',
      'POST /api/admin/users/:id/points',
    ]) {
      expect(keys).toContain(expected);
    }
    expect(adminRoutes.length).toBeGreaterThanOrEqual(30);
  });

  it('answers 401 without a token and 403 for a non-admin, on every admin route', async () => {
    for (const route of adminRoutes) {
      const url = concrete(route.url);
      const payload = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
      const anonymous = await t.app.inject({ method: route.method as 'GET', url, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode, `${route.method} ${route.url} without a token`).toBe(401);
      expect(anonymous.json()).toMatchObject({ ok: false, code: 'UNAUTHORIZED' });
      const nonAdmin = await t.app.inject({ method: route.method as 'GET', url, headers: user.auth, ...(payload ? { payload } : {}) });
      expect(nonAdmin.statusCode, `${route.method} ${route.url} as a non-admin`).toBe(403);
      expect(nonAdmin.json()).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    }
  });

  it('lets the admin through (the guard is not refusing everyone)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/leaderboards', headers: admin.auth });
    expect(res.statusCode).toBe(200);
  });

  it('lists every admin route under the admin tag of the OpenAPI page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, { tags?: string[] }>>;
    for (const route of adminRoutes) {
      const openapiPath = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
      const op = paths[openapiPath]?.[route.method.toLowerCase()];
      expect(op?.tags, `${route.method} ${route.url} in OpenAPI`).toContain('admin');
    }
  });
});

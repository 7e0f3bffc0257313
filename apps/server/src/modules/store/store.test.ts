import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, rewards } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { ledgerSumOf, makeUser, pointsOf, type TestUser, useTestAppWithAdmin } from '../../test/factories.ts';

describe(`store and orders (${process.env.TEST_DB})`, () => {
  const clock = new ManualClock('2026-11-23T12:00:00.000Z');
  const { t, admin } = useTestAppWithAdmin({}, { clock });

  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string> = {}, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  async function newReward(fields: Record<string, unknown> = {}) {
    const res = await inject('POST', '/api/admin/rewards', admin.auth, {
      name: `Reward ${Math.random().toString(36).slice(2, 7)}`,
      description: 'A test reward',
      category: 'bonuses',
      price: 500,
      ...fields,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().reward as { id: string; name: string; price: number; stock: number | null; active: boolean };
  }
  const redeem = (user: TestUser | null, rewardId: string, key?: string) =>
    inject('POST', `/api/store/rewards/${rewardId}/redeem`, { ...(user ? user.auth : {}), ...(key ? { 'idempotency-key': key } : {}) });

  it('lists active rewards publicly, featured first, without inactive ones', async () => {
    const featured = await newReward({ featured: true, price: 4000, category: 'vip' });
    const hidden = await newReward({ active: false });
    const res = await inject('GET', '/api/store/rewards');
    expect(res.statusCode).toBe(200);
    const list = res.json().rewards as { id: string; featured: boolean }[];
    expect(list.some((r) => r.id === featured.id)).toBe(true);
    expect(list.some((r) => r.id === hidden.id)).toBe(false);
    expect(list[0]!.featured).toBe(true);
  });

  it('redeems: 201 with a pending order, the price through the ledger and one unit of stock', async () => {
    const reward = await newReward({ price: 1200, stock: 3 });
    const user = await makeUser(t.app, { points: 5000 });
    const res = await redeem(user, reward.id);
    expect(res.statusCode, res.body).toBe(201);
    const { order, points } = res.json();
    expect(points).toBe(3800);
    expect(order).toMatchObject({
      rewardId: reward.id,
      rewardName: reward.name,
      pointsSpent: 1200,
      status: 'pending',
      balanceBefore: 5000,
      balanceAfter: 3800,
      refunded: false,
      decidedAt: null,
      timestamp: '2026-11-23T12:00:00.000Z',
    });
    expect(order.denialReason).toBeUndefined();
    expect(await pointsOf(t.app, user.id)).toBe(3800);
    expect(await ledgerSumOf(t.app, user.id)).toEqual({ sum: 3800, rows: 2 });
    const [row] = await t.app.db.select().from(rewards).where(eq(rewards.id, reward.id));
    expect(row!.stock).toBe(2);
    const mine = await inject('GET', '/api/store/orders', user.auth);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().orders).toEqual([order]);
    const ledger = await inject('GET', '/api/points/ledger', user.auth);
    expect(ledger.json()).toMatchObject({ total: 2, page: 1, points: 3800 });
    expect(ledger.json().entries[0]).toMatchObject({
      amount: -1200,
      balanceAfter: 3800,
      reason: 'store_redeem',
      refType: 'order',
      refId: order.id,
      note: reward.name,
    });
  });

  it('refuses a redemption the balance does not cover: 409 with the shortfall, nothing changed', async () => {
    const reward = await newReward({ price: 2500, stock: 5 });
    const user = await makeUser(t.app, { points: 1000 });
    const res = await redeem(user, reward.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      ok: false,
      code: 'INSUFFICIENT_POINTS',
      shortfall: 1500,
      error: 'You need 1,500 more points to redeem this reward.',
    });
    expect(await pointsOf(t.app, user.id)).toBe(1000);
    expect(await ledgerSumOf(t.app, user.id)).toEqual({ sum: 1000, rows: 1 });
    const [row] = await t.app.db.select().from(rewards).where(eq(rewards.id, reward.id));
    expect(row!.stock).toBe(5);
    expect(await t.app.db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
  });

  it('sells out: 409 SOLD_OUT once the stock is gone, and the buyer keeps the points', async () => {
    const reward = await newReward({ price: 100, stock: 1 });
    const first = await makeUser(t.app, { points: 1000 });
    const second = await makeUser(t.app, { points: 1000 });
    expect((await redeem(first, reward.id)).statusCode).toBe(201);
    const res = await redeem(second, reward.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ ok: false, code: 'SOLD_OUT' });
    expect(await pointsOf(t.app, second.id)).toBe(1000);
  });

  it('401 for a visitor, 403 for an unverified user, 404 for an unknown or inactive reward, 400 for a malformed id or key', async () => {
    const reward = await newReward();
    const inactive = await newReward({ active: false });
    const unverified = await makeUser(t.app, { points: 5000, verified: false });
    const user = await makeUser(t.app, { points: 5000 });
    expect((await redeem(null, reward.id)).statusCode).toBe(401);
    const forbidden = await redeem(unverified, reward.id);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ ok: false, code: 'EMAIL_NOT_VERIFIED' });
    expect((await redeem(user, '00000000-0000-4000-8000-000000000000')).json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await redeem(user, inactive.id)).statusCode).toBe(404);
    const malformed = await redeem(user, 'not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    const longKey = await redeem(user, reward.id, 'k'.repeat(256));
    expect(longKey.statusCode).toBe(400);
    expect(longKey.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR', error: 'Idempotency-Key is at most 255 characters' });
    expect((await redeem(user, reward.id, 'has space')).statusCode).toBe(400);
    expect(await pointsOf(t.app, user.id)).toBe(5000);
    expect(await pointsOf(t.app, unverified.id)).toBe(5000);
    expect((await inject('GET', '/api/store/orders')).statusCode).toBe(401);
    expect((await inject('GET', '/api/points/ledger')).statusCode).toBe(401);
  });

  it('replays a retried redemption with the same key: one spend, the same answer; another reward with that key is a 422', async () => {
    const reward = await newReward({ price: 700 });
    const other = await newReward({ price: 300 });
    const user = await makeUser(t.app, { points: 2000 });
    const first = await redeem(user, reward.id, 'click-1');
    const again = await redeem(user, reward.id, 'click-1');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await pointsOf(t.app, user.id)).toBe(1300);
    const reused = await redeem(user, other.id, 'click-1');
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ ok: false, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await pointsOf(t.app, user.id)).toBe(1300);
    // Keys are per user: another user's "click-1" is their own.
    const someoneElse = await makeUser(t.app, { points: 1000 });
    expect((await redeem(someoneElse, reward.id, 'click-1')).statusCode).toBe(201);
    // A refusal is replayed too, and spends nothing even once the balance would cover it.
    const poor = await makeUser(t.app, { points: 100 });
    expect((await redeem(poor, reward.id, 'k2')).statusCode).toBe(409);
    await inject('POST', `/api/admin/users/${poor.id}/points`, admin.auth, { amount: 5000, reason: 'top up' });
    const replayed = await redeem(poor, reward.id, 'k2');
    expect(replayed.statusCode).toBe(409);
    expect(replayed.json()).toMatchObject({ code: 'INSUFFICIENT_POINTS', shortfall: 600 });
    expect(await pointsOf(t.app, poor.id)).toBe(5100);
  });

  it('admin decisions: approve → paid; decline → declined with the reason and one refund; deciding twice is a 409', async () => {
    const reward = await newReward({ price: 900, stock: 2 });
    const user = await makeUser(t.app, { points: 3000 });
    const a = (await redeem(user, reward.id)).json().order;
    const b = (await redeem(user, reward.id)).json().order;
    expect(await pointsOf(t.app, user.id)).toBe(1200);

    const pending = await inject('GET', '/api/admin/orders?status=pending', admin.auth);
    expect(pending.statusCode).toBe(200);
    expect(pending.json().orders.filter((o: { userId: string }) => o.userId === user.id)).toHaveLength(2);
    expect(pending.json().orders[0]).toMatchObject({ username: expect.any(String), userId: expect.any(String) });

    clock.advance(60_000);
    const approved = await inject('POST', `/api/admin/orders/${a.id}/approve`, admin.auth);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().order).toMatchObject({ id: a.id, status: 'paid', refunded: false, decidedAt: clock.now().toISOString(), username: user.username });

    const declined = await inject('POST', `/api/admin/orders/${b.id}/decline`, admin.auth, { reason: 'Out of region' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().order).toMatchObject({ id: b.id, status: 'declined', denialReason: 'Out of region', refunded: true });
    expect(await pointsOf(t.app, user.id)).toBe(2100);
    const [row] = await t.app.db.select().from(rewards).where(eq(rewards.id, reward.id));
    expect(row!.stock).toBe(1);

    const twice = await inject('POST', `/api/admin/orders/${b.id}/decline`, admin.auth, { reason: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'ORDER_ALREADY_DECIDED' });
    expect((await inject('POST', `/api/admin/orders/${a.id}/decline`, admin.auth, { reason: 'late' })).statusCode).toBe(409);
    expect((await inject('POST', `/api/admin/orders/${b.id}/approve`, admin.auth)).statusCode).toBe(409);
    expect(await pointsOf(t.app, user.id)).toBe(2100);
    expect(await ledgerSumOf(t.app, user.id)).toEqual({ sum: 2100, rows: 4 });

    const mine = (await inject('GET', '/api/store/orders', user.auth)).json().orders;
    expect(mine.map((o: { status: string }) => o.status).sort()).toEqual(['declined', 'paid']);
    const paid = await inject('GET', '/api/admin/orders?status=paid', admin.auth);
    expect(paid.json().orders.every((o: { status: string }) => o.status === 'paid')).toBe(true);
    expect((await inject('GET', '/api/admin/orders?status=lost', admin.auth)).statusCode).toBe(400);
    expect((await inject('POST', `/api/admin/orders/${b.id}/decline`, admin.auth, { reason: '  ' })).statusCode).toBe(400);
    expect((await inject('POST', `/api/admin/orders/${b.id}/decline`, admin.auth, {})).statusCode).toBe(400);
    expect((await inject('POST', '/api/admin/orders/00000000-0000-4000-8000-000000000000/approve', admin.auth)).statusCode).toBe(404);
    expect((await inject('POST', '/api/admin/orders/xyz/approve', admin.auth)).statusCode).toBe(400);
  });

  it('a retried decline with the same key refunds once and answers the same', async () => {
    const reward = await newReward({ price: 400 });
    const user = await makeUser(t.app, { points: 1000 });
    const order = (await redeem(user, reward.id)).json().order;
    const headers = { ...admin.auth, 'idempotency-key': `decline-${order.id}` };
    const first = await inject('POST', `/api/admin/orders/${order.id}/decline`, headers, { reason: 'No stock' });
    const second = await inject('POST', `/api/admin/orders/${order.id}/decline`, headers, { reason: 'No stock' });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await pointsOf(t.app, user.id)).toBe(1000);
    const other = await inject('POST', `/api/admin/orders/${order.id}/decline`, headers, { reason: 'Another reason' });
    expect(other.statusCode).toBe(422);
  });

  it('admin calls: 401 without a token, 403 for a non-admin, 400 for bad input', async () => {
    const user = await makeUser(t.app, { points: 10 });
    const reward = await newReward();
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown][] = [
      ['GET', '/api/admin/orders', undefined],
      ['POST', `/api/admin/orders/${reward.id}/approve`, undefined],
      ['POST', `/api/admin/orders/${reward.id}/decline`, { reason: 'x' }],
      ['GET', '/api/admin/rewards', undefined],
      ['POST', '/api/admin/rewards', { name: 'X', category: 'vip', price: 1 }],
      ['PUT', `/api/admin/rewards/${reward.id}`, { name: 'X', category: 'vip', price: 1 }],
      ['DELETE', `/api/admin/rewards/${reward.id}`, undefined],
      ['POST', `/api/admin/users/${user.id}/points`, { amount: 5, reason: 'x' }],
      ['GET', '/api/admin/ledger/check', undefined],
    ];
    for (const [method, url, body] of calls) {
      const anonymous = await inject(method, url, {}, body);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.json()).toMatchObject({ ok: false, code: 'UNAUTHORIZED' });
      const plain = await inject(method, url, user.auth, body);
      expect(plain.statusCode, `${method} ${url}`).toBe(403);
      expect(plain.json()).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    }
    const bad: ['POST' | 'PUT', string, unknown][] = [
      ['POST', '/api/admin/rewards', { name: '', category: 'vip', price: 1 }],
      ['POST', '/api/admin/rewards', { name: 'X', category: 'cars', price: 1 }],
      ['POST', '/api/admin/rewards', { name: 'X', category: 'vip', price: 0 }],
      ['POST', '/api/admin/rewards', { name: 'X', category: 'vip', price: 1.5 }],
      ['POST', '/api/admin/rewards', { name: 'X', category: 'vip', price: '100' }],
      ['POST', '/api/admin/rewards', { name: 'X', category: 'vip', price: 1, extra: true }],
      ['PUT', '/api/admin/rewards/nope', { name: 'X', category: 'vip', price: 1 }],
      ['POST', `/api/admin/users/${user.id}/points`, { amount: 'ten', reason: 'x' }],
      ['POST', `/api/admin/users/${user.id}/points`, { amount: 0, reason: 'x' }],
      ['POST', `/api/admin/users/${user.id}/points`, { amount: 1.5, reason: 'x' }],
      ['POST', `/api/admin/users/${user.id}/points`, { amount: 5 }],
      ['POST', '/api/admin/users/nope/points', { amount: 5, reason: 'x' }],
    ];
    for (const [method, url, body] of bad) {
      const res = await inject(method, url, admin.auth, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    }
    expect(await pointsOf(t.app, user.id)).toBe(10);
  });

  it('admin rewards: create, replace, delete an unordered one, deactivate an ordered one', async () => {
    const reward = await newReward({ price: 50, stock: 4 });
    const put = await inject('PUT', `/api/admin/rewards/${reward.id}`, admin.auth, {
      name: 'Renamed',
      category: 'merchandise',
      price: 60,
      stock: null,
      featured: true,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().reward).toMatchObject({
      id: reward.id,
      name: 'Renamed',
      category: 'merchandise',
      price: 60,
      stock: null,
      featured: true,
      active: true,
      description: '',
    });
    expect(
      (await inject('PUT', '/api/admin/rewards/00000000-0000-4000-8000-000000000000', admin.auth, { name: 'X', category: 'vip', price: 1 })).statusCode,
    ).toBe(404);

    const user = await makeUser(t.app, { points: 100 });
    expect((await redeem(user, reward.id)).statusCode).toBe(201);
    const kept = await inject('DELETE', `/api/admin/rewards/${reward.id}`, admin.auth);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ deleted: false, reward: { id: reward.id, active: false } });
    expect((await inject('GET', '/api/store/orders', user.auth)).json().orders).toHaveLength(1);

    const unused = await newReward();
    const gone = await inject('DELETE', `/api/admin/rewards/${unused.id}`, admin.auth);
    expect(gone.json()).toEqual({ deleted: true, reward: null });
    expect((await inject('DELETE', `/api/admin/rewards/${unused.id}`, admin.auth)).statusCode).toBe(404);
    const all = (await inject('GET', '/api/admin/rewards', admin.auth)).json().rewards as { id: string }[];
    expect(all.some((r) => r.id === reward.id)).toBe(true);
    expect(all.some((r) => r.id === unused.id)).toBe(false);
  });

  it('admin points: grants and revokes through the ledger, never below zero; the ledger check agrees', async () => {
    const user = await makeUser(t.app, { points: 100 });
    const grant = await inject('POST', `/api/admin/users/${user.id}/points`, admin.auth, { amount: 250, reason: 'Stream giveaway' });
    expect(grant.statusCode, grant.body).toBe(200);
    expect(grant.json()).toMatchObject({
      userId: user.id,
      points: 350,
      entry: { amount: 250, balanceAfter: 350, reason: 'admin_grant', note: 'Stream giveaway', refType: 'admin' },
    });
    const revoke = await inject('POST', `/api/admin/users/${user.id}/points`, admin.auth, { amount: -50, reason: 'Correction' });
    expect(revoke.json()).toMatchObject({ points: 300, entry: { amount: -50, reason: 'admin_revoke' } });
    const tooMuch = await inject('POST', `/api/admin/users/${user.id}/points`, admin.auth, { amount: -301, reason: 'Too much' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({ code: 'INSUFFICIENT_POINTS', shortfall: 1 });
    expect(await pointsOf(t.app, user.id)).toBe(300);
    const unknown = await inject('POST', '/api/admin/users/00000000-0000-4000-8000-000000000000/points', admin.auth, { amount: 5, reason: 'x' });
    expect(unknown.statusCode).toBe(404);

    const key = { ...admin.auth, 'idempotency-key': 'grant-1' };
    const g1 = await inject('POST', `/api/admin/users/${user.id}/points`, key, { amount: 10, reason: 'once' });
    const g2 = await inject('POST', `/api/admin/users/${user.id}/points`, key, { amount: 10, reason: 'once' });
    expect(g2.json()).toEqual(g1.json());
    const g3 = await inject('POST', `/api/admin/users/${user.id}/points`, key, { amount: 20, reason: 'once' });
    expect(g3.statusCode).toBe(422);
    expect(await pointsOf(t.app, user.id)).toBe(310);

    const check = await inject('GET', '/api/admin/ledger/check', admin.auth);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ ok: true, mismatches: [] });
    expect(check.json().users).toBeGreaterThan(5);

    const page = await inject('GET', '/api/points/ledger?page=1&pageSize=2', user.auth);
    expect(page.json()).toMatchObject({ page: 1, pageSize: 2, total: 4, points: 310 });
    expect(page.json().entries.map((e: { amount: number }) => e.amount)).toEqual([10, -50]);
    expect((await inject('GET', '/api/points/ledger?pageSize=101', user.auth)).statusCode).toBe(400);
    expect((await inject('GET', '/api/points/ledger?page=0', user.auth)).statusCode).toBe(400);
  });
});

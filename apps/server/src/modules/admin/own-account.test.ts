import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, orders } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { ledgerSumOf, makeUser, pointsOf, type TestUser, useTestAppWithAdmin } from '../../test/factories.ts';

/** Separation of duties: an admin never moves their own balance or decides their own order. */
describe(`admins acting on their own account (${process.env.TEST_DB})`, () => {
  const clock = new ManualClock('2026-11-23T12:00:00.000Z');
  const { t, admin } = useTestAppWithAdmin({}, { clock });

  const inject = (url: string, by: TestUser, payload?: unknown, key?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...by.auth, ...(key ? { 'idempotency-key': key } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const refusals = (action: string, targetId: string) =>
    t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

  it('a points grant or revoke on their own account is 403 OWN_ACCOUNT_ACT, moves nothing and is audited', async () => {
    const before = await pointsOf(t.app, admin.id);
    const grant = await inject(`/api/admin/users/${admin.id}/points`, admin, { amount: 1_000_000, reason: 'for me' }, 'own-grant-1');
    expect(grant.statusCode, grant.body).toBe(403);
    expect(grant.json()).toEqual({
      ok: false,
      code: 'OWN_ACCOUNT_ACT',
      error: 'You cannot grant or revoke points on your own account; another admin has to do it.',
    });
    const revoke = await inject(`/api/admin/users/${admin.id}/points`, admin, { amount: -1, reason: 'oops' });
    expect(revoke.statusCode, revoke.body).toBe(403);
    expect(await pointsOf(t.app, admin.id)).toBe(before);
    expect((await ledgerSumOf(t.app, admin.id)).sum).toBe(before);
    expect(await refusals('points.grant', admin.id)).toEqual([]);
    const [refused] = await refusals('points.grant_refused', admin.id);
    expect(refused).toMatchObject({ actorId: admin.id, targetType: 'user', changes: { summary: 'Refused (own account): +1000000 points: for me' } });
    expect(await refusals('points.revoke_refused', admin.id)).toHaveLength(1);
    // The same key again is refused again (and audited again): nothing was stored as its answer.
    expect((await inject(`/api/admin/users/${admin.id}/points`, admin, { amount: 1_000_000, reason: 'for me' }, 'own-grant-1')).statusCode).toBe(403);
    expect(await refusals('points.grant_refused', admin.id)).toHaveLength(2);

    // Another admin may grant to them, and they to anyone else.
    const other = await makeUser(t.app, { admin: true, prefix: 'adm' });
    const byOther = await inject(`/api/admin/users/${admin.id}/points`, other, { amount: 50, reason: 'prize' });
    expect(byOther.statusCode, byOther.body).toBe(200);
    const member = await makeUser(t.app);
    expect((await inject(`/api/admin/users/${member.id}/points`, admin, { amount: 50, reason: 'prize' })).statusCode).toBe(200);
    expect(await pointsOf(t.app, admin.id)).toBe(before + 50);
  });

  it('approving or declining their own order is 403 OWN_ACCOUNT_ACT, the order stays pending, the attempt audited; another admin decides it', async () => {
    const created = await inject('/api/admin/rewards', admin, { name: 'Own reward', description: 'A test reward', category: 'bonuses', price: 300 });
    expect(created.statusCode, created.body).toBe(201);
    const rewardId = created.json().reward.id as string;
    const buyer = await makeUser(t.app, { admin: true, prefix: 'adm', points: 1000 });
    const redeemed = await inject(`/api/store/rewards/${rewardId}/redeem`, buyer);
    expect(redeemed.statusCode, redeemed.body).toBe(201);
    const orderId = redeemed.json().order.id as string;

    const approve = await inject(`/api/admin/orders/${orderId}/approve`, buyer, undefined, 'own-approve-1');
    expect(approve.statusCode, approve.body).toBe(403);
    expect(approve.json()).toEqual({
      ok: false,
      code: 'OWN_ACCOUNT_ACT',
      error: 'You cannot approve or decline your own order; another admin has to decide it.',
    });
    const decline = await inject(`/api/admin/orders/${orderId}/decline`, buyer, { reason: 'changed my mind' });
    expect(decline.statusCode, decline.body).toBe(403);
    expect(decline.json().code).toBe('OWN_ACCOUNT_ACT');
    const [order] = await t.app.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: 'pending', decidedBy: null });
    expect(await pointsOf(t.app, buyer.id)).toBe(700);
    expect(await refusals('order.approve', orderId)).toEqual([]);
    expect(await refusals('order.approve_refused', orderId)).toEqual([
      expect.objectContaining({ actorId: buyer.id, targetType: 'order', changes: { summary: 'Refused (own account): Own reward' } }),
    ]);
    expect(await refusals('order.decline_refused', orderId)).toHaveLength(1);

    // The activity feed names the refusal (every item of this test has the test clock's one instant,
    // so the whole page of store items is read rather than the first ten of a tie).
    const feed = await t.app.inject({ method: 'GET', url: '/api/admin/activity?type=store&pageSize=100', headers: admin.auth });
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.body).toContain('Own order approval refused');

    const byOther = await inject(`/api/admin/orders/${orderId}/approve`, admin);
    expect(byOther.statusCode, byOther.body).toBe(200);
    expect(byOther.json().order.status).toBe('paid');
  });
});

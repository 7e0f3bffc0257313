import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, ledgerEntries, levelRewardClaims, orders, rewards, users } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { testDbKind } from '../../test/test-app.ts';
import { ledgerSumOf, makeUser, pointsOf, type TestUser, useTestAppWithAdmin } from '../../test/factories.ts';

describe(`level up rewards (${process.env.TEST_DB})`, () => {
  const clock = new ManualClock('2026-11-23T12:00:00.000Z');
  const { t, admin } = useTestAppWithAdmin({}, { clock });

  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, by: TestUser | null = null, payload?: unknown) =>
    t.app.inject({ method, url, headers: by ? by.auth : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const withXp = async (xp: number) => {
    const user = await makeUser(t.app);
    await t.app.db.update(users).set({ xp }).where(eq(users.id, user.id));
    return user;
  };

  it('lists nothing until an admin sets rewards; setting is audited and validated', async () => {
    expect((await inject('GET', '/api/levelup-rewards')).json()).toEqual({ rewards: [] });
    const set = await inject('PUT', '/api/admin/levelup-rewards/3', admin, { title: 'Bronze 3 bonus', points: 250 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ level: 3, levelName: 'Bronze 3', title: 'Bronze 3 bonus', points: 250, item: null });
    await inject('PUT', '/api/admin/levelup-rewards/1', admin, { title: 'First steps', points: 20 });
    expect((await inject('GET', '/api/levelup-rewards')).json().rewards.map((r: { level: number }) => r.level)).toEqual([1, 3]);
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'level_reward.update'), eq(auditLog.targetId, '3')));
    expect(audit).toMatchObject({ actorId: admin.id, targetType: 'level_reward' });
    const user = await makeUser(t.app);
    expect((await inject('PUT', '/api/admin/levelup-rewards/3', null, { title: 'x', points: 1 })).statusCode).toBe(401);
    expect((await inject('PUT', '/api/admin/levelup-rewards/3', user, { title: 'x', points: 1 })).statusCode).toBe(403);
    for (const [level, body] of [
      ['25', { title: 'x', points: 1 }],
      ['0', { title: 'x', points: 1 }],
      ['abc', { title: 'x', points: 1 }],
      ['3', { title: '', points: 1 }],
      ['3', { title: 'x', points: 0 }],
      ['3', { title: 'x', points: 1.5 }],
      ['3', { title: 'x', points: 1, extra: true }],
      ['3', { title: 'x' }],
      ['3', { title: 'x', points: 1, rewardId: '00000000-0000-4000-8000-000000000000' }],
      ['3', { title: 'x', rewardId: 'not-a-uuid' }],
    ] as const) {
      expect((await inject('PUT', `/api/admin/levelup-rewards/${level}`, admin, body)).statusCode, `${level} ${JSON.stringify(body)}`).toBe(400);
    }
    expect((await inject('GET', '/api/levelup-rewards')).json().rewards.find((r: { level: number }) => r.level === 3).points).toBe(250);
  });

  it('limits claims per member: the 31st in a minute is 429 with Retry-After, whatever the answers before', async () => {
    const eager = await withXp(2500);
    for (let i = 0; i < 30; i += 1) expect((await inject('POST', '/api/levelup-rewards/24/claim', eager)).statusCode).toBe(404);
    const limited = await inject('POST', '/api/levelup-rewards/24/claim', eager);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await inject('POST', '/api/levelup-rewards/24/claim', await withXp(2500))).statusCode).toBe(404);
  });

  it('a user who reached the level claims once through the ledger; below it is a 403; a second claim 409', async () => {
    const low = await withXp(199); // Bronze 1
    const denied = await inject('POST', '/api/levelup-rewards/3/claim', low);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ ok: false, code: 'REQUIREMENTS_NOT_MET', error: 'Reach Bronze 3 to claim this reward.' });
    const high = await withXp(2_500); // Bronze 3
    const claimed = await inject('POST', '/api/levelup-rewards/3/claim', high);
    expect(claimed.statusCode, claimed.body).toBe(201);
    expect(claimed.json()).toEqual({ level: 3, points: 250, balance: 250, orderId: null, itemName: null });
    const again = await inject('POST', '/api/levelup-rewards/3/claim', high);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_CLAIMED' });
    expect(await ledgerSumOf(t.app, high.id)).toEqual({ sum: 250, rows: 1 });
    const [entry] = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, high.id));
    expect(entry).toMatchObject({ reason: 'level_reward', refType: 'level', refId: '3', note: 'Bronze 3: Bronze 3 bonus' });
    expect((await inject('GET', '/api/levelup-rewards/mine', high)).json()).toEqual({ xp: 2500, level: 3, claimed: [3] });
    expect((await inject('POST', '/api/levelup-rewards/7/claim', high)).statusCode).toBe(404);
    expect((await inject('POST', '/api/levelup-rewards/99/claim', high)).statusCode).toBe(400);
    expect((await inject('POST', '/api/levelup-rewards/3/claim')).statusCode).toBe(401);
    const unverified = await makeUser(t.app, { verified: false });
    expect((await inject('POST', '/api/levelup-rewards/1/claim', unverified)).statusCode).toBe(403);
    expect((await inject('GET', '/api/levelup-rewards/mine')).statusCode).toBe(401);
  });

  it('removing a reward is audited; unknown is 404', async () => {
    await inject('PUT', '/api/admin/levelup-rewards/5', admin, { title: 'Temporary', points: 5 });
    expect((await inject('DELETE', '/api/admin/levelup-rewards/5', admin)).statusCode).toBe(204);
    expect((await inject('DELETE', '/api/admin/levelup-rewards/5', admin)).statusCode).toBe(404);
    expect((await inject('DELETE', '/api/admin/levelup-rewards/5', await makeUser(t.app))).statusCode).toBe(403);
    const rows = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'level_reward.delete'));
    expect(rows).toHaveLength(1);
  });

  it.runIf(testDbKind() === 'postgres')('ten claims at once pay once', async () => {
    const user = await withXp(50);
    const results = await Promise.all(Array.from({ length: 10 }, () => inject('POST', '/api/levelup-rewards/1/claim', user)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    expect(await pointsOf(t.app, user.id)).toBe(20);
    expect(await t.app.db.select().from(levelRewardClaims).where(eq(levelRewardClaims.userId, user.id))).toHaveLength(1);
  });

  describe('a store item as the reward', () => {
    const item = async (fields: Record<string, unknown> = {}) => {
      const res = await inject('POST', '/api/admin/rewards', admin, {
        name: `Hoodie ${Math.random().toString(36).slice(2, 6)}`,
        category: 'merchandise',
        price: 4000,
        ...fields,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().reward as { id: string; name: string };
    };

    it('an admin sets an active store item (audited); unknown is 404, inactive 400, and the level lists it', async () => {
      const hoodie = await item({ stock: 5 });
      const set = await inject('PUT', '/api/admin/levelup-rewards/4', admin, { title: 'Bronze 4 merch', rewardId: hoodie.id });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json()).toEqual({
        level: 4,
        levelName: 'Bronze 4',
        title: 'Bronze 4 merch',
        points: null,
        item: { id: hoodie.id, name: hoodie.name, stock: 5, active: true },
      });
      expect((await inject('GET', '/api/levelup-rewards')).json().rewards.find((r: { level: number }) => r.level === 4)).toEqual(set.json());
      const [audit] = await t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'level_reward.update'), eq(auditLog.targetId, '4')));
      expect((audit!.changes as { summary: string }).summary).toBe(`Bronze 4: Bronze 4 merch (store item: ${hoodie.name})`);
      const missing = await inject('PUT', '/api/admin/levelup-rewards/4', admin, { title: 'x', rewardId: '00000000-0000-4000-8000-000000000000' });
      expect(missing.statusCode).toBe(404);
      const retired = await item({ active: false });
      const inactive = await inject('PUT', '/api/admin/levelup-rewards/4', admin, { title: 'x', rewardId: retired.id });
      expect(inactive.statusCode).toBe(400);
      expect(inactive.json()).toMatchObject({ error: 'That store item is not active in the store.' });
      expect(
        await t.app.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'level_reward.update'), eq(auditLog.targetId, '4'))),
      ).toHaveLength(1);
      expect((await inject('PUT', '/api/admin/levelup-rewards/4', null, { title: 'x', rewardId: hoodie.id })).statusCode).toBe(401);
      expect((await inject('PUT', '/api/admin/levelup-rewards/4', await makeUser(t.app), { title: 'x', rewardId: hoodie.id })).statusCode).toBe(403);
      // Deleting the store item keeps it (deactivated): the level reward still points at it.
      const deleted = await inject('DELETE', `/api/admin/rewards/${hoodie.id}`, admin);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json()).toMatchObject({ deleted: false, reward: { active: false } });
      await t.app.db.update(rewards).set({ active: true }).where(eq(rewards.id, hoodie.id));
    });

    it('claiming creates a pending order at 0 points, takes one unit, and works once; SOLD_OUT when none is left', async () => {
      const cap = await item({ stock: 1, name: 'Signed cap' });
      expect((await inject('PUT', '/api/admin/levelup-rewards/2', admin, { title: 'Bronze 2 cap', rewardId: cap.id })).statusCode).toBe(200);
      const user = await withXp(1_000); // Bronze 2
      await t.app.db.update(users).set({ points: 0 }).where(eq(users.id, user.id));
      const claimed = await inject('POST', '/api/levelup-rewards/2/claim', user);
      expect(claimed.statusCode, claimed.body).toBe(201);
      expect(claimed.json()).toEqual({ level: 2, points: null, balance: 0, orderId: expect.any(String), itemName: 'Signed cap' });
      const [order] = await t.app.db.select().from(orders).where(eq(orders.id, claimed.json().orderId));
      expect(order).toMatchObject({
        userId: user.id,
        rewardId: cap.id,
        rewardName: 'Signed cap',
        pointsSpent: 0,
        status: 'pending',
        balanceBefore: 0,
        balanceAfter: 0,
      });
      const [claim] = await t.app.db.select().from(levelRewardClaims).where(eq(levelRewardClaims.userId, user.id));
      expect(claim).toMatchObject({ level: 2, points: null, orderId: order!.id });
      expect((await t.app.db.select().from(rewards).where(eq(rewards.id, cap.id)))[0]!.stock).toBe(0);
      // Nothing moved in the ledger; the user's orders list shows it; the admin sees it pending in Orders.
      expect(await ledgerSumOf(t.app, user.id)).toEqual({ sum: 0, rows: 0 });
      expect((await inject('GET', '/api/store/orders', user)).json().orders).toEqual([
        expect.objectContaining({ id: order!.id, pointsSpent: 0, status: 'pending' }),
      ]);
      const pending = (await inject('GET', '/api/admin/orders?status=pending', admin)).json().orders;
      expect(pending.map((o: { id: string }) => o.id)).toContain(order!.id);
      expect((await inject('GET', '/api/levelup-rewards/mine', user)).json()).toMatchObject({ claimed: [2] });
      // A second claim: 409, no second order, no stock taken.
      const again = await inject('POST', '/api/levelup-rewards/2/claim', user);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'ALREADY_CLAIMED' });
      expect(await t.app.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
      // Another user at that level: sold out, nothing claimed (the claim can be made once restocked).
      const other = await withXp(1_000);
      const sold = await inject('POST', '/api/levelup-rewards/2/claim', other);
      expect(sold.statusCode).toBe(409);
      expect(sold.json()).toMatchObject({ code: 'SOLD_OUT', error: 'This reward is sold out.' });
      expect(await t.app.db.select().from(levelRewardClaims).where(eq(levelRewardClaims.userId, other.id))).toEqual([]);
      expect(await t.app.db.select().from(orders).where(eq(orders.userId, other.id))).toEqual([]);
      // Below the level: 403; an item removed from the store: 409.
      expect((await inject('POST', '/api/levelup-rewards/2/claim', await withXp(10))).statusCode).toBe(403);
      await t.app.db.update(rewards).set({ stock: 3, active: false }).where(eq(rewards.id, cap.id));
      const gone = await inject('POST', '/api/levelup-rewards/2/claim', other);
      expect(gone.statusCode).toBe(409);
      expect(gone.json()).toMatchObject({ code: 'REWARD_UNAVAILABLE' });
      await t.app.db.update(rewards).set({ active: true }).where(eq(rewards.id, cap.id));
      // A Points Store ban blocks the item like a redemption (403 RESTRICTED, nothing claimed); lifted, it works.
      const ban = await inject('POST', `/api/admin/users/${other.id}/restrictions`, admin, { kind: 'ban_points_store', days: 1, reason: 'abuse' });
      expect(ban.statusCode, ban.body).toBe(201);
      const banned = await inject('POST', '/api/levelup-rewards/2/claim', other);
      expect(banned.statusCode).toBe(403);
      expect(banned.json()).toMatchObject({ code: 'RESTRICTED' });
      expect(await t.app.db.select().from(levelRewardClaims).where(eq(levelRewardClaims.userId, other.id))).toEqual([]);
      expect((await inject('DELETE', `/api/admin/users/${other.id}/restrictions/${ban.json().restriction.id}`, admin)).statusCode).toBe(200);
      expect((await inject('POST', '/api/levelup-rewards/2/claim', other)).statusCode).toBe(201);
    });

    it('the admin fulfils or declines the order in Orders; a decline returns the unit and refunds nothing', async () => {
      const mug = await item({ stock: 2, name: 'Mug' });
      expect((await inject('PUT', '/api/admin/levelup-rewards/1', admin, { title: 'Starter mug', rewardId: mug.id })).statusCode).toBe(200);
      const user = await withXp(50);
      const { orderId } = (await inject('POST', '/api/levelup-rewards/1/claim', user)).json();
      const declined = await t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/decline`,
        headers: admin.auth,
        payload: { reason: 'Out of sizes' },
      });
      expect(declined.statusCode, declined.body).toBe(200);
      expect(declined.json().order).toMatchObject({ status: 'declined', pointsSpent: 0, refunded: false });
      expect(await ledgerSumOf(t.app, user.id)).toEqual({ sum: 0, rows: 0 });
      expect((await t.app.db.select().from(rewards).where(eq(rewards.id, mug.id)))[0]!.stock).toBe(2);
      const second = await withXp(50);
      const { orderId: paidId } = (await inject('POST', '/api/levelup-rewards/1/claim', second)).json();
      const approved = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${paidId}/approve`, headers: admin.auth });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().order).toMatchObject({ status: 'paid', pointsSpent: 0 });
      const check = (await inject('GET', '/api/admin/ledger/check', admin)).json();
      expect(check.ok).toBe(true);
    });

    it.runIf(testDbKind() === 'postgres')('concurrent claims: one order per user and level, and never more orders than stock', async () => {
      const poster = await item({ stock: 3, name: 'Poster' });
      expect((await inject('PUT', '/api/admin/levelup-rewards/6', admin, { title: 'Silver 2 poster', rewardId: poster.id })).statusCode).toBe(200);
      const user = await withXp(100_000);
      const same = await Promise.all(Array.from({ length: 10 }, () => inject('POST', '/api/levelup-rewards/6/claim', user)));
      expect(same.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
      expect(await t.app.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
      // Eight users for the two units left.
      const users8 = await Promise.all(Array.from({ length: 8 }, () => withXp(100_000)));
      const many = await Promise.all(users8.map((u) => inject('POST', '/api/levelup-rewards/6/claim', u)));
      expect(many.filter((r) => r.statusCode === 201)).toHaveLength(2);
      expect(many.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'SOLD_OUT')).toBe(true);
      expect(await t.app.db.select().from(orders).where(eq(orders.rewardId, poster.id))).toHaveLength(3);
      expect((await t.app.db.select().from(rewards).where(eq(rewards.id, poster.id)))[0]!.stock).toBe(0);
    });
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ledgerEntries, levelRewardClaims, users } from '../../db/schema.ts';
import { ManualClock } from '../../lib/clock.ts';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { ledgerSumOf, makeUser, pointsOf, type TestUser } from '../points/economy-test-helpers.ts';

describe(`level up rewards (${process.env.TEST_DB})`, () => {
  let t: TestApp;
  let admin: TestUser;
  const clock = new ManualClock('2026-11-23T12:00:00.000Z');
  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    admin = await makeUser(t.app, { admin: true, prefix: 'adm' });
  });
  afterAll(async () => {
    await t?.close();
  });

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
    expect(set.json()).toEqual({ level: 3, levelName: 'Bronze 3', title: 'Bronze 3 bonus', points: 250 });
    await inject('PUT', '/api/admin/levelup-rewards/1', admin, { title: 'First steps', points: 20 });
    expect((await inject('GET', '/api/levelup-rewards')).json().rewards.map((r: { level: number }) => r.level)).toEqual([1, 3]);
    const [audit] = await t.app.db.select().from(auditLog).where(and(eq(auditLog.action, 'level_reward.update'), eq(auditLog.targetId, '3')));
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
    ] as const) {
      expect((await inject('PUT', `/api/admin/levelup-rewards/${level}`, admin, body)).statusCode, `${level} ${JSON.stringify(body)}`).toBe(400);
    }
    expect((await inject('GET', '/api/levelup-rewards')).json().rewards.find((r: { level: number }) => r.level === 3).points).toBe(250);
  });

  it('a user who reached the level claims once through the ledger; below it is a 403; a second claim 409', async () => {
    const low = await withXp(199); // Bronze 1
    const denied = await inject('POST', '/api/levelup-rewards/3/claim', low);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ ok: false, code: 'REQUIREMENTS_NOT_MET', error: 'Reach Bronze 3 to claim this reward.' });
    const high = await withXp(2_500); // Bronze 3
    const claimed = await inject('POST', '/api/levelup-rewards/3/claim', high);
    expect(claimed.statusCode, claimed.body).toBe(201);
    expect(claimed.json()).toEqual({ level: 3, points: 250, balance: 250 });
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
});

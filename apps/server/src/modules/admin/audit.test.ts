import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeUser, type TestUser } from '../points/economy-test-helpers.ts';

const DAY = 86_400_000;

describe(`every admin write leaves exactly one audit row (${process.env.TEST_DB})`, () => {
  let t: TestApp;
  let admin: TestUser;
  const clock = new ManualClock('2026-11-23T12:00:00.000Z');
  beforeAll(async () => {
    t = await createTestApp({ SEED_CATALOGUE: 'false' }, { clock });
    admin = await makeUser(t.app, { admin: true, prefix: 'adm' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url,
      remoteAddress: '10.1.2.3',
      headers: { ...admin.auth, 'user-agent': 'AuditAgent/2', ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function auditRows() {
    return t.app.db.select().from(auditLog).orderBy(desc(auditLog.seq));
  }

  /** Runs one write and checks it added exactly one row with this action, actor, IP and user agent. */
  async function expectOneRow<T>(action: string, write: () => Promise<{ statusCode: number; body: string; json: () => T }>): Promise<T> {
    const before = (await auditRows()).length;
    const res = await write();
    expect(res.statusCode, `${action}: ${res.body}`).toBeLessThan(300);
    const rows = await auditRows();
    expect(rows.length, action).toBe(before + 1);
    expect(rows[0]).toMatchObject({ action, actorId: admin.id, ip: '10.1.2.3', userAgent: 'AuditAgent/2' });
    return (res.body ? res.json() : null) as T;
  }

  async function expectNoRow(label: string, write: () => Promise<{ statusCode: number }>, status: number) {
    const before = (await auditRows()).length;
    expect((await write()).statusCode, label).toBe(status);
    expect((await auditRows()).length, label).toBe(before);
  }

  it('races, affiliates and payouts', async () => {
    const race = await expectOneRow<{ id: string }>('leaderboard.create', () =>
      inject('POST', '/api/admin/leaderboards', {
        metric: 'Total Wager',
        partnerId: 'p4',
        prizes: [],
        prizePool: 100,
        isGlobalRaffle: false,
        wagerToTicketRatio: 1000,
        isActive: false,
      }),
    );
    await expectOneRow('leaderboard.update', () =>
      inject('PUT', `/api/admin/leaderboards/${race.id}`, {
        metric: 'Total Wager',
        partnerId: 'p4',
        prizes: [],
        prizePool: 200,
        isGlobalRaffle: false,
        wagerToTicketRatio: 1000,
        isActive: true,
      }),
    );
    await expectOneRow('leaderboard.delete', () => inject('DELETE', `/api/admin/leaderboards/${race.id}`));
    await expectNoRow('delete a missing race', () => inject('DELETE', `/api/admin/leaderboards/${race.id}`), 404);

    const { affiliate } = await expectOneRow<{ affiliate: { id: string } }>('affiliate.create', () =>
      inject('POST', '/api/admin/affiliates', { name: 'Audit Media', email: 'audit@example.com', partner: 'Stake' }),
    );
    await expectOneRow('affiliate.update', () =>
      inject('PUT', `/api/admin/affiliates/${affiliate.id}`, { name: 'Audit Media', email: 'audit@example.com', partner: 'Stake', status: 'Active' }),
    );
    await expectOneRow('payout.create', () => inject('POST', `/api/admin/affiliates/${affiliate.id}/payouts`, { amount: 125.5 }));
    await expectNoRow('a zero payout', () => inject('POST', `/api/admin/affiliates/${affiliate.id}/payouts`, { amount: 0 }), 400);
    await expectOneRow('affiliate.delete', () => inject('DELETE', `/api/admin/affiliates/${affiliate.id}`));
  });

  it('restrictions, grants and revokes (a repeated Idempotency-Key adds no second row)', async () => {
    const user = await makeUser(t.app, { points: 100 });
    const { restriction } = await expectOneRow<{ restriction: { id: string } }>('restriction.apply', () =>
      inject('POST', `/api/admin/users/${user.id}/restrictions`, { kind: 'ban_chat', days: 7 }),
    );
    await expectOneRow('restriction.remove', () => inject('DELETE', `/api/admin/users/${user.id}/restrictions/${restriction.id}`));
    await expectOneRow('points.grant', () =>
      inject('POST', `/api/admin/users/${user.id}/points`, { amount: 50, reason: 'Stream giveaway' }, { 'idempotency-key': 'grant-1' }),
    );
    await expectNoRow(
      'a replayed grant',
      () => inject('POST', `/api/admin/users/${user.id}/points`, { amount: 50, reason: 'Stream giveaway' }, { 'idempotency-key': 'grant-1' }),
      200,
    );
    await expectOneRow('points.revoke', () => inject('POST', `/api/admin/users/${user.id}/points`, { amount: -20, reason: 'Correction' }));
    await expectNoRow('a revoke below zero', () => inject('POST', `/api/admin/users/${user.id}/points`, { amount: -100000, reason: 'Too much' }), 409);
    const [row] = await auditRows();
    expect(row).toMatchObject({ targetType: 'user', targetId: user.id });
    const activity = await inject('GET', `/api/admin/users/${user.id}/activity?type=admin`);
    expect(activity.json().items.map((i: { action: string }) => i.action)).toEqual(['Points revoked', 'Points granted']);
  });

  it('store items and order decisions', async () => {
    const { reward } = await expectOneRow<{ reward: { id: string } }>('reward.create', () =>
      inject('POST', '/api/admin/rewards', { name: 'Audit Bonus', description: 'x', category: 'bonuses', price: 100 }),
    );
    await expectOneRow('reward.update', () =>
      inject('PUT', `/api/admin/rewards/${reward.id}`, { name: 'Audit Bonus 2', description: 'x', category: 'bonuses', price: 100 }),
    );
    const buyer = await makeUser(t.app, { points: 1000 });
    const redeem = () => t.app.inject({ method: 'POST', url: `/api/store/rewards/${reward.id}/redeem`, headers: buyer.auth });
    const first = (await redeem()).json().order.id as string;
    const second = (await redeem()).json().order.id as string;
    await expectOneRow('order.approve', () => inject('POST', `/api/admin/orders/${first}/approve`));
    await expectNoRow('approving twice', () => inject('POST', `/api/admin/orders/${first}/approve`), 409);
    await expectOneRow('order.decline', () => inject('POST', `/api/admin/orders/${second}/decline`, { reason: 'Out of region' }));
    const [row] = await auditRows();
    expect(row!.changes).toMatchObject({ refunded: 100, status: { from: 'pending', to: 'declined' } });
    await expectOneRow('reward.delete', () => inject('DELETE', `/api/admin/rewards/${reward.id}`));
  });

  it('raffles: create, update, delete and draw', async () => {
    const now = clock.now().getTime();
    const body = (title: string) => ({
      title,
      prize: '$50',
      startDate: new Date(now - DAY).toISOString(),
      endDate: new Date(now + DAY).toISOString(),
    });
    const { raffle } = await expectOneRow<{ raffle: { id: string } }>('raffle.create', () => inject('POST', '/api/admin/raffles', body('Audit raffle')));
    await expectOneRow('raffle.update', () => inject('PUT', `/api/admin/raffles/${raffle.id}`, body('Audit raffle 2')));
    const doomed = (await inject('POST', '/api/admin/raffles', body('Doomed'))).json().raffle.id as string;
    await expectOneRow('raffle.delete', () => inject('DELETE', `/api/admin/raffles/${doomed}`));
    await expectNoRow('drawing before the end', () => inject('POST', `/api/admin/raffles/${raffle.id}/draw`), 409);
    clock.advance(2 * DAY);
    await expectOneRow('raffle.draw', () => inject('POST', `/api/admin/raffles/${raffle.id}/draw`));
    await expectNoRow('drawing twice', () => inject('POST', `/api/admin/raffles/${raffle.id}/draw`), 409);
  });

  it('bot switches, saved', async () => {
    const res = await expectOneRow<{ feature: { id: string; status: boolean } }>('bot_feature.update', () =>
      inject('PUT', '/api/admin/bot-features/moderation', { status: true }),
    );
    expect(res.feature).toMatchObject({ id: 'moderation', status: true });
    const [row] = await auditRows();
    expect(row!.changes).toMatchObject({ status: { from: false, to: true } });
    await expectNoRow('an unknown feature', () => inject('PUT', '/api/admin/bot-features/lasers', { status: true }), 400);
    await expectNoRow('a non-boolean status', () => inject('PUT', '/api/admin/bot-features/points', { status: 'on' }), 400);
    const list = (await inject('GET', '/api/admin/bot-features')).json().features as { id: string; status: boolean }[];
    expect(list.map((f) => f.id)).toEqual(['dealornodeal', 'giveaway', 'points', 'commands', 'moderation']);
    expect(list.find((f) => f.id === 'moderation')!.status).toBe(true);
  });
});

import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, ledgerEntries, notifications, predictionStakes, webhookDeliveries, webhooks } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { ledgerSumOf, makeUser, pointsOf, useTestAppWithAdmin, type TestUser } from '../../test/factories.ts';
import { testDbKind } from '../../test/test-app.ts';

const clock = new ManualClock('2026-07-01T20:00:00Z');

const input = (extra: Record<string, unknown> = {}) => ({
  title: 'Who wins the duel?',
  outcomes: ['Red', 'Blue', 'Green'],
  windowSeconds: 120,
  minStake: 10,
  maxStake: 5000,
  ...extra,
});

type Outcome = { id: string; number: number; label: string; pool: number; percent: number; stakeCount: number };
type Prediction = {
  id: string;
  status: string;
  pool: number;
  outcomes: Outcome[];
  myStake: { outcomeId: string; amount: number; payout: number | null } | null;
};

describe(`Predictions (${process.env.TEST_DB})`, () => {
  const { t, admin } = useTestAppWithAdmin({}, { clock });
  let keys = 0;
  const inject = (method: 'GET' | 'POST', url: string, user?: TestUser, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...user?.auth, ...headers }, ...(payload === undefined ? {} : { payload }) });

  async function open(extra: Record<string, unknown> = {}): Promise<Prediction> {
    // Newest first is by creation time: each opens a second after the last.
    clock.advance(1000);
    const res = await inject('POST', '/api/admin/predictions', admin, input(extra));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().prediction;
  }
  const stake = (user: TestUser, p: Prediction, outcome: number, amount: number, key = `k${++keys}`) =>
    inject('POST', `/api/predictions/${p.id}/stakes`, user, { outcomeId: p.outcomes[outcome - 1]!.id, amount }, { 'idempotency-key': key });
  const resolve = (p: Prediction, outcome: number, headers: Record<string, string> = {}) =>
    inject('POST', `/api/admin/predictions/${p.id}/resolve`, admin, { outcomeId: p.outcomes[outcome - 1]!.id }, headers);
  const cancel = (p: Prediction) => inject('POST', `/api/admin/predictions/${p.id}/cancel`, admin);
  const read = async (p: Prediction, user?: TestUser): Promise<Prediction> => (await inject('GET', `/api/predictions/${p.id}`, user)).json();
  /** Ends whatever runs, so each test opens its own. */
  async function endRunning(): Promise<void> {
    const { current } = (await inject('GET', '/api/predictions')).json();
    if (current) expect((await cancel(current)).statusCode).toBe(200);
  }

  it('admin calls need an admin; staking needs a verified member; admins are refused (403, audited); bad input is 400', async () => {
    await endRunning();
    const member = await makeUser(t.app, { points: 100 });
    expect((await inject('POST', '/api/admin/predictions', undefined, input())).statusCode).toBe(401);
    expect((await inject('POST', '/api/admin/predictions', member, input())).statusCode).toBe(403);
    expect((await inject('GET', '/api/admin/predictions', member)).statusCode).toBe(403);
    for (const body of [
      {},
      input({ outcomes: ['Only one'] }),
      input({ outcomes: Array.from({ length: 11 }, (_, i) => `o${i}`) }),
      input({ outcomes: ['Red', ''] }),
      input({ outcomes: ['Red', 'x'.repeat(61)] }),
      input({ windowSeconds: 29 }),
      input({ windowSeconds: 1801 }),
      input({ minStake: 0 }),
      input({ maxStake: 1_000_001 }),
      input({ minStake: 100, maxStake: 50 }),
      input({ extra: 1 }),
    ]) {
      expect((await inject('POST', '/api/admin/predictions', admin, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const p = await open();
    expect(p.outcomes.map((o) => [o.number, o.label, o.pool])).toEqual([
      [1, 'Red', 0],
      [2, 'Blue', 0],
      [3, 'Green', 0],
    ]);
    expect((await inject('POST', '/api/admin/predictions', admin, input())).json().code).toBe('PREDICTION_RUNNING');
    expect((await inject('POST', `/api/predictions/${p.id}/stakes`, undefined, { outcomeId: p.outcomes[0]!.id, amount: 10 })).statusCode).toBe(401);
    const unverified = await makeUser(t.app, { points: 100, verified: false });
    expect((await stake(unverified, p, 1, 10)).json().code).toBe('EMAIL_NOT_VERIFIED');
    const admin2 = await makeUser(t.app, { admin: true, points: 100 });
    const refused = await stake(admin2, p, 1, 10);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('OWN_ACCOUNT_ACT');
    expect(
      await t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorId, admin2.id), eq(auditLog.action, 'prediction_stake.place_refused'))),
    ).toHaveLength(1);
    // Limits: 400 below the minimum, above the maximum (per stake and in total), a foreign outcome.
    expect((await stake(member, p, 1, 9)).statusCode).toBe(400);
    expect((await stake(member, p, 1, 5001)).statusCode).toBe(400);
    const bad = await inject(
      'POST',
      `/api/predictions/${p.id}/stakes`,
      member,
      { outcomeId: '00000000-0000-4000-8000-000000000000', amount: 10 },
      { 'idempotency-key': 'bad-outcome' },
    );
    expect(bad.statusCode).toBe(400);
    expect((await stake(member, p, 1, 101)).json()).toMatchObject({ code: 'INSUFFICIENT_POINTS', shortfall: 1 });
    // A Raffle ban refuses a stake.
    const banned = await makeUser(t.app, { points: 100 });
    expect((await inject('POST', `/api/admin/users/${banned.id}/restrictions`, admin, { kind: 'ban_raffle', reason: 'abuse' })).statusCode).toBe(201);
    expect((await stake(banned, p, 1, 10)).json().code).toBe('RESTRICTED');
    expect(await pointsOf(t.app, banned.id)).toBe(100);
    expect(await pointsOf(t.app, member.id)).toBe(100);
    expect(await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'prediction.create'))).not.toHaveLength(0);
  });

  it('debits at once, adds to the same outcome, refuses a second outcome, and locks by time (the job) and by the admin', async () => {
    await endRunning();
    const p = await open({ windowSeconds: 60 });
    const member = await makeUser(t.app, { points: 1000 });
    const first = await stake(member, p, 2, 100, 'same-key');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ stake: { outcomeId: p.outcomes[1]!.id, amount: 100, payout: null }, balance: 900 });
    // The same Idempotency-Key replays the answer: one debit.
    const replay = await stake(member, p, 2, 100, 'same-key');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await stake(member, p, 2, 50)).json().stake.amount).toBe(150);
    expect((await stake(member, p, 1, 50)).json().code).toBe('PREDICTION_OTHER_OUTCOME');
    expect(await pointsOf(t.app, member.id)).toBe(850);
    const [row] = await t.app.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, member.id), eq(ledgerEntries.reason, 'prediction_stake')));
    expect(row).toMatchObject({ amount: -100, refType: 'prediction', refId: p.id });
    const mine = await read(p, member);
    expect(mine.myStake).toEqual({ outcomeId: p.outcomes[1]!.id, amount: 150, payout: null });
    expect(mine.outcomes[1]).toMatchObject({ pool: 150, percent: 100, stakeCount: 1 });
    expect((await read(p)).myStake).toBeNull();

    clock.advance(60_000);
    // Past the window: refused at once, whatever the job has done.
    expect((await stake(member, p, 2, 10)).json().code).toBe('PREDICTION_LOCKED');
    expect(await t.app.runJobs()).toMatchObject({ predictionsLocked: 1 });
    expect((await read(p)).status).toBe('locked');
    expect((await inject('POST', `/api/admin/predictions/${p.id}/lock`, admin)).json().code).toBe('PREDICTION_ENDED');
    expect((await cancel(p)).statusCode).toBe(200);

    const q = await open();
    const locked = await inject('POST', `/api/admin/predictions/${q.id}/lock`, admin);
    expect(locked.json().prediction.status).toBe('locked');
    expect((await stake(member, q, 1, 10)).json().code).toBe('PREDICTION_LOCKED');
    expect(
      await t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'prediction.lock'), eq(auditLog.targetId, q.id))),
    ).toHaveLength(1);
    await cancel(q);
  });

  it('pays pari-mutuel with the rounding remainder to the largest winning stake, once, and tells the winners', async () => {
    await endRunning();
    const p = await open({ minStake: 1 });
    const [a, b, c, loser] = await Promise.all([
      makeUser(t.app, { points: 100 }),
      makeUser(t.app, { points: 100 }),
      makeUser(t.app, { points: 100 }),
      makeUser(t.app, { points: 100 }),
    ]);
    // Winning pool 3 + 3 + 1 = 7, pool 10: floor(30/7) = 4, 4, floor(10/7) = 1 → 9; the 1 left goes to the earliest 3 (a).
    expect((await stake(a, p, 1, 3)).statusCode).toBe(201);
    expect((await stake(b, p, 1, 3)).statusCode).toBe(201);
    expect((await stake(c, p, 1, 1)).statusCode).toBe(201);
    expect((await stake(loser, p, 2, 3)).statusCode).toBe(201);
    const [first, second] = await Promise.all([resolve(p, 1, { 'idempotency-key': 'r1' }), resolve(p, 1, { 'idempotency-key': 'r2' })]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect((await resolve(p, 1)).json().code).toBe('PREDICTION_ENDED');
    expect(await Promise.all([a, b, c, loser].map((u) => pointsOf(t.app, u.id)))).toEqual([102, 101, 100, 97]);
    for (const u of [a, b, c, loser]) expect((await ledgerSumOf(t.app, u.id)).sum).toBe(await pointsOf(t.app, u.id));
    const payouts = await t.app.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.refId, p.id), eq(ledgerEntries.reason, 'prediction_payout')));
    expect(payouts.map((r) => r.amount).sort()).toEqual([1, 4, 5]);
    const won = await t.app.db.select().from(notifications).where(eq(notifications.userId, a.id));
    expect(won).toEqual([
      expect.objectContaining({ type: 'prediction_won', body: 'Who wins the duel?: your stake of 3 points paid 5 points, credited to your balance.' }),
    ]);
    expect(await t.app.db.select().from(notifications).where(eq(notifications.userId, loser.id))).toEqual([]);
    const after = await read(p, a);
    expect(after).toMatchObject({ status: 'resolved', winningOutcomeId: p.outcomes[0]!.id, pool: 10, myStake: { amount: 3, payout: 5 } });
    expect(
      await t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'prediction.resolve'), eq(auditLog.targetId, p.id))),
    ).toHaveLength(1);
  });

  it('a resolve is an outgoing webhook event (prediction.resolved), written once with the payout', async () => {
    await endRunning();
    const [hook] = await t.app.db
      .insert(webhooks)
      .values({ url: 'https://hooks.example.com/p', events: ['prediction.resolved'], format: 'standard', secret: 'whsec_test' })
      .returning();
    const p = await open({ minStake: 1 });
    const [a, b] = await Promise.all([makeUser(t.app, { points: 100 }), makeUser(t.app, { points: 100 })]);
    expect((await stake(a, p, 1, 10)).statusCode).toBe(201);
    expect((await stake(b, p, 2, 30)).statusCode).toBe(201);
    expect((await resolve(p, 1)).statusCode).toBe(200);
    expect((await resolve(p, 1)).statusCode).toBe(409);
    const sent = await t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook!.id));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      event: 'prediction.resolved',
      payload: {
        type: 'prediction.resolved',
        data: { predictionId: p.id, outcome: p.outcomes[0]!.label, paid: 40, winners: 1, refunded: 0, link: '/predictions' },
      },
    });
    await t.app.db.delete(webhooks);
  });

  it('refunds every stake when nobody picked the winner, and on cancel', async () => {
    await endRunning();
    const [a, b] = await Promise.all([makeUser(t.app, { points: 500 }), makeUser(t.app, { points: 500 })]);
    const p = await open();
    await stake(a, p, 1, 200);
    await stake(b, p, 2, 300);
    expect((await resolve(p, 3)).statusCode).toBe(200);
    expect([await pointsOf(t.app, a.id), await pointsOf(t.app, b.id)]).toEqual([500, 500]);
    const refunds = await t.app.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.refId, p.id), eq(ledgerEntries.reason, 'prediction_refund')));
    expect(refunds.map((r) => r.amount).sort()).toEqual([200, 300]);

    const q = await open();
    await stake(a, q, 1, 50);
    await stake(b, q, 1, 70);
    expect((await cancel(q)).json().prediction.status).toBe('cancelled');
    expect((await cancel(q)).json().code).toBe('PREDICTION_ENDED');
    expect([await pointsOf(t.app, a.id), await pointsOf(t.app, b.id)]).toEqual([500, 500]);
    expect(await t.app.db.select().from(predictionStakes).where(eq(predictionStakes.predictionId, q.id))).toEqual(
      expect.arrayContaining([expect.objectContaining({ amount: 50, payout: 50 }), expect.objectContaining({ amount: 70, payout: 70 })]),
    );
    expect(await t.app.db.select().from(notifications).where(eq(notifications.userId, a.id))).toEqual([]);
  });

  it('lists the running prediction and the newest; masks the top stakes', async () => {
    await endRunning();
    const p = await open();
    const member = await makeUser(t.app, { points: 100 });
    await stake(member, p, 1, 40);
    const list = (await inject('GET', '/api/predictions', member)).json();
    expect(list.current).toMatchObject({ id: p.id, myStake: { amount: 40 } });
    expect(list.recent[0].id).toBe(p.id);
    expect(list.current.topStakes[0].username).not.toBe(member.username);
    expect(list.current.topStakes[0]).toMatchObject({ amount: 40, outcomeId: p.outcomes[0]!.id });
    await cancel(p);
  });

  describe.runIf(testDbKind() === 'postgres')('races (postgres)', () => {
    it('50 concurrent stakes by one member and by 50 members keep the ledger exact', async () => {
      await endRunning();
      const p = await open({ minStake: 1, maxStake: 1_000_000 });
      const one = await makeUser(t.app, { points: 1000 });
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => stake(one, p, 1, 30, `one-${i}`)));
      const ok = results.filter((r) => r.statusCode === 201).length;
      expect(results.every((r) => r.statusCode === 201 || r.json().code === 'INSUFFICIENT_POINTS')).toBe(true);
      expect(ok).toBe(33);
      expect(await pointsOf(t.app, one.id)).toBe(1000 - 33 * 30);
      expect((await ledgerSumOf(t.app, one.id)).sum).toBe(1000 - 33 * 30);

      const many = await Promise.all(Array.from({ length: 50 }, () => makeUser(t.app, { points: 100 })));
      const placed = await Promise.all(many.map((u, i) => stake(u, p, (i % 3) + 1, 10 + i)));
      expect(placed.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
      const view = await read(p);
      expect(view.pool).toBe(33 * 30 + many.reduce((sum, _, i) => sum + 10 + i, 0));
      expect((await resolve(p, 2)).statusCode).toBe(200);
      let total = 0;
      for (const u of [one, ...many]) {
        const points = await pointsOf(t.app, u.id);
        expect((await ledgerSumOf(t.app, u.id)).sum).toBe(points);
        total += points;
      }
      // Points are only moved between the stakers: what they hold together is what they started with.
      expect(total).toBe(1000 + 50 * 100);
    });
  });
});

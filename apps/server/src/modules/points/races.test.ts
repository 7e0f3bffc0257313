import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, orders, raffleEntries } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { drawRaffle } from '../raffles/draw-raffle.ts';
import { createActiveRaffle, ledgerSumOf, makeUser, pointsOf, type TestUser, useTestAppWithAdmin } from '../../test/factories.ts';

const HOUR = 60 * 60 * 1000;
// PGlite has one connection, so there the same requests run one after another (the outcome must be
// the same); the real races happen on PostgreSQL, with the pool of 10 connections.

describe(`spending under concurrency (${process.env.TEST_DB})`, () => {
  const clock = new ManualClock('2026-11-23T12:00:00.000Z');
  const { t, admin } = useTestAppWithAdmin({}, { clock });

  async function newReward(price: number, stock: number | null = null) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/rewards',
      headers: admin.auth,
      payload: { name: `R${price}`, category: 'bonuses', price, stock },
    });
    return res.json().reward.id as string;
  }
  const newRaffle = (fields: Record<string, unknown> = {}) => createActiveRaffle(t.app, admin, clock.now(), { title: 'Race', ...fields });
  const redeem = (user: TestUser, id: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/store/rewards/${id}/redeem`, headers: { ...user.auth, ...headers } });
  const enter = (user: TestUser, id: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/raffles/${id}/enter`, headers: { ...user.auth, ...headers } });
  const count = (codes: number[], code: number) => codes.filter((c) => c === code).length;

  it('50 concurrent redemptions by a user whose balance covers 10 → exactly 10 orders, never below zero', async () => {
    const reward = await newReward(100);
    const user = await makeUser(t.app, { points: 1_000 });
    const results = await Promise.all(Array.from({ length: 50 }, () => redeem(user, reward)));
    const codes = results.map((r) => r.statusCode);
    expect(count(codes, 201)).toBe(10);
    expect(count(codes, 409)).toBe(40);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json()).toMatchObject({ code: 'INSUFFICIENT_POINTS', shortfall: 100 });
    expect(await t.app.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(10);
    expect(await pointsOf(t.app, user.id)).toBe(0);
    expect(await ledgerSumOf(t.app, user.id)).toEqual({ sum: 0, rows: 11 });
    const rows = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.id));
    expect(rows.every((r) => r.balanceAfter >= 0)).toBe(true);
    expect(new Set(rows.map((r) => r.balanceAfter)).size).toBe(11);
    // Every acknowledged order reports the balance its own spend left.
    const after = results.filter((r) => r.statusCode === 201).map((r) => r.json().order.balanceAfter as number);
    expect(after.sort((a, b) => a - b)).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800, 900]);
  });

  it('the last units of stock go to exactly as many buyers', async () => {
    const reward = await newReward(10, 3);
    const buyers = await Promise.all(Array.from({ length: 12 }, () => makeUser(t.app, { points: 100 })));
    const codes = (await Promise.all(buyers.map((b) => redeem(b, reward)))).map((r) => r.statusCode);
    expect(count(codes, 201)).toBe(3);
    expect(count(codes, 409)).toBe(9);
    const total = await Promise.all(buyers.map((b) => pointsOf(t.app, b.id)));
    expect(total.reduce((a, b) => a + b, 0)).toBe(12 * 100 - 3 * 10);
  });

  it('20 concurrent entries of one raffle by one user → one entry, one debit', async () => {
    const raffle = await newRaffle({ pointsCost: 10 });
    const user = await makeUser(t.app, { points: 1_000 });
    const results = await Promise.all(Array.from({ length: 20 }, () => enter(user, raffle)));
    const codes = results.map((r) => r.statusCode);
    expect(count(codes, 201)).toBe(1);
    expect(count(codes, 409)).toBe(19);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json()).toMatchObject({ code: 'ALREADY_ENTERED' });
    expect(await t.app.db.select().from(raffleEntries).where(eq(raffleEntries.raffleId, raffle))).toHaveLength(1);
    expect(await pointsOf(t.app, user.id)).toBe(990);
    expect(await ledgerSumOf(t.app, user.id)).toEqual({ sum: 990, rows: 2 });
  });

  it('concurrent repeats with the same Idempotency-Key spend once; the repeats wait for the first and get its answer', async () => {
    const reward = await newReward(100);
    const user = await makeUser(t.app, { points: 1_000 });
    const results = await Promise.all(Array.from({ length: 10 }, () => redeem(user, reward, { 'idempotency-key': 'same-click' })));
    const ok = results.filter((r) => r.statusCode === 201);
    expect(ok).toHaveLength(10);
    expect(new Set(ok.map((r) => r.body)).size).toBe(1);
    expect(results.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    expect(await pointsOf(t.app, user.id)).toBe(900);
    // Once the first finished, a retry gets its stored answer.
    const retry = await redeem(user, reward, { 'idempotency-key': 'same-click' });
    expect(retry.statusCode).toBe(201);
    expect(retry.body).toBe(ok[0]!.body);
    expect(await t.app.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
  });

  it('10 concurrent declines of one order → one decision, one refund', async () => {
    const reward = await newReward(250);
    const user = await makeUser(t.app, { points: 250 });
    const order = (await redeem(user, reward)).json().order.id as string;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({ method: 'POST', url: `/api/admin/orders/${order}/decline`, headers: admin.auth, payload: { reason: `No ${i}` } }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(count(codes, 200)).toBe(1);
    expect(count(codes, 409)).toBe(9);
    expect(await pointsOf(t.app, user.id)).toBe(250);
    expect(await ledgerSumOf(t.app, user.id)).toEqual({ sum: 250, rows: 3 });
  });

  it('a raffle is drawn once when several servers try at the same moment; the prize is credited once', async () => {
    const raffle = await newRaffle({ pointsCost: 0, prizePoints: 500, winners: 1 });
    const user = await makeUser(t.app, { points: 0 });
    expect((await enter(user, raffle)).statusCode).toBe(201);
    const later = new Date(clock.now().getTime() + 2 * HOUR);
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => drawRaffle(t.app.db, raffle, later)));
    expect(outcomes.filter((o) => o.drawn)).toHaveLength(1);
    expect(await pointsOf(t.app, user.id)).toBe(500);
    expect(await ledgerSumOf(t.app, user.id)).toEqual({ sum: 500, rows: 1 });
  });

  it('a visitor gets 401 and an unverified user 403 on every spending call, and nothing moves', async () => {
    const reward = await newReward(10);
    const raffle = await newRaffle({ pointsCost: 10 });
    const unverified = await makeUser(t.app, { points: 100, verified: false });
    const calls = [`/api/store/rewards/${reward}/redeem`, `/api/raffles/${raffle}/enter`];
    for (const url of calls) {
      const visitor = await t.app.inject({ method: 'POST', url, headers: { 'idempotency-key': 'v1' } });
      expect(visitor.statusCode, url).toBe(401);
      expect(visitor.json()).toMatchObject({ ok: false, code: 'UNAUTHORIZED' });
      const expired = await t.app.inject({ method: 'POST', url, headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.x' } });
      expect(expired.statusCode, url).toBe(401);
      const res = await t.app.inject({ method: 'POST', url, headers: unverified.auth });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ ok: false, code: 'EMAIL_NOT_VERIFIED' });
    }
    expect(await pointsOf(t.app, unverified.id)).toBe(100);
    expect(await ledgerSumOf(t.app, unverified.id)).toEqual({ sum: 100, rows: 1 });
  });
});

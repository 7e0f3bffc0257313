import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idempotencyKeys, ledgerEntries, raffleEntries } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { createActiveRaffle, ledgerSumOf, makeUser, pointsOf, spendStateOf, type TestUser, useTestAppWithAdmin } from '../../test/factories.ts';
import { applyRestriction } from '../../platform/restrictions.ts';
import { drawRaffle } from './draw-raffle.ts';
import { enterRaffleInOneStatement } from './enter-one-statement.ts';
import { EnterRaffleResultSchema, RaffleEntrySchema } from '@app/shared/api/raffles';

const HOUR = 60 * 60 * 1000;

/**
 * The one-statement raffle entry (the raffle entry benchmark, docs/performance.md): it enters in the common case and, in every
 * other case, changes nothing and hands over to the general path, so the HTTP answers stay those of
 * raffles.test.ts and races.test.ts.
 */
describe(`raffle entry in one statement (${process.env.TEST_DB})`, () => {
  const clock = new ManualClock('2026-11-23T12:00:00.000Z');
  const { t, admin } = useTestAppWithAdmin({}, { clock });

  const newRaffle = (fields: Record<string, unknown> = {}) =>
    createActiveRaffle(t.app, admin, clock.now(), { title: 'One statement', pointsCost: 25, ...fields });
  const enter = (user: TestUser, id: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/raffles/${id}/enter`, headers: { ...user.auth, ...headers } });
  const direct = (user: TestUser, raffleId: string, key: string = randomUUID()) =>
    enterRaffleInOneStatement(t.app.db, {
      userId: user.id,
      sessionId: user.sessionId,
      raffleId,
      key,
      fingerprint: `fp-${key}`,
      at: clock.now(),
      feature: 'raffle',
    });

  const stateOf = (user: TestUser) => spendStateOf(t.app, user.id);

  it('enters: debit, entry, ledger row and the stored answer in one go, the same answer the route sends', async () => {
    const raffle = await newRaffle();
    const user = await makeUser(t.app, { points: 100 });
    const result = await direct(user, raffle, 'key-1');
    expect(result).toMatchObject({ points: 75, entry: { raffleId: raffle, userId: user.id, pointsSpent: 25, createdAt: clock.now().toISOString() } });
    const [entry] = await t.app.db.select().from(raffleEntries).where(eq(raffleEntries.userId, user.id));
    expect(entry!.id).toBe(result!.entry.id);
    const [ledger] = await t.app.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, user.id), eq(ledgerEntries.reason, 'raffle_entry')));
    expect(ledger).toMatchObject({ amount: -25, balanceAfter: 75, refType: 'raffle', refId: raffle, note: 'One statement' });
    const [key] = await t.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id));
    expect(key).toMatchObject({ key: 'key-1', fingerprint: 'fp-key-1', statusCode: 201, response: result });
    expect(await ledgerSumOf(t.app, user.id)).toEqual({ sum: 75, rows: 2 });

    // Through HTTP: 201, and a retry with the same key replays the stored answer without spending.
    const other = await newRaffle();
    const first = await enter(user, other, { 'idempotency-key': 'click-1' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ points: 50, entry: { raffleId: other, pointsSpent: 25 } });
    const retry = await enter(user, other, { 'idempotency-key': 'click-1' });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await pointsOf(t.app, user.id)).toBe(50);
  });

  it('sends the stored answer as JSON with exactly the contract fields, the same a replay sends', async () => {
    const raffle = await newRaffle();
    const user = await makeUser(t.app, { points: 100 });
    const res = await enter(user, raffle, { 'idempotency-key': 'exact-1' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json();
    // Exactly EnterRaffleResult's fields (a strict parse fails on any extra one), with their values.
    const strict = EnterRaffleResultSchema.extend({ entry: RaffleEntrySchema.strict() }).strict();
    expect(strict.safeParse(body).success).toBe(true);
    const [entry] = await t.app.db.select().from(raffleEntries).where(eq(raffleEntries.userId, user.id));
    expect(body).toEqual({
      entry: { id: entry!.id, raffleId: raffle, userId: user.id, pointsSpent: 25, createdAt: clock.now().toISOString() },
      points: 75,
    });
    const [key] = await t.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id));
    expect(key!.response).toEqual(body);
    const replay = await enter(user, raffle, { 'idempotency-key': 'exact-1' });
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(body);
  });

  it('changes nothing and hands over in every other case; the route then gives the usual answers', async () => {
    const raffle = await newRaffle();
    const user = await makeUser(t.app, { points: 30 });
    expect(await direct(user, raffle)).not.toBeNull();
    const entered = await stateOf(user);
    expect(entered).toEqual({ points: 5, ledger: { sum: 5, rows: 2 }, entries: 1, keys: 1 });

    // Already entered (another key): the debit of that statement is undone.
    const rich = await makeUser(t.app, { points: 1_000 });
    expect(await direct(rich, raffle)).not.toBeNull();
    const before = await stateOf(rich);
    expect(await direct(rich, raffle)).toBeNull();
    expect(await stateOf(rich)).toEqual(before);
    expect((await enter(rich, raffle, { 'idempotency-key': 'again' })).json()).toMatchObject({ code: 'ALREADY_ENTERED' });

    // The same key once more for another raffle: nothing spent; the route answers 422.
    const [usedKey] = await t.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, rich.id));
    const second = await newRaffle();
    const richBefore = await stateOf(rich);
    expect(await direct(rich, second, usedKey!.key)).toBeNull();
    expect(await stateOf(rich)).toEqual(richBefore);
    const reused = await t.app.inject({
      method: 'POST',
      url: `/api/raffles/${second}/enter`,
      headers: { ...rich.auth, 'idempotency-key': 'shared-key' },
    });
    expect(reused.statusCode).toBe(201);
    const third = await newRaffle();
    const conflict = await enter(rich, third, { 'idempotency-key': 'shared-key' });
    expect(conflict.statusCode).toBe(422);
    expect((await t.app.db.select().from(raffleEntries).where(eq(raffleEntries.raffleId, third))).length).toBe(0);

    // Too few points, a free raffle, a restricted one, one not started, one ended, an unknown id.
    const poor = await makeUser(t.app, { points: 10 });
    const poorBefore = await stateOf(poor);
    const free = await newRaffle({ pointsCost: 0 });
    const restricted = await newRaffle({ restricted: true, minLevel: 24 });
    const upcoming = await newRaffle({
      startDate: new Date(clock.now().getTime() + HOUR).toISOString(),
      endDate: new Date(clock.now().getTime() + 2 * HOUR).toISOString(),
    });
    const ended = await newRaffle({
      startDate: new Date(clock.now().getTime() - 2 * HOUR).toISOString(),
      endDate: new Date(clock.now().getTime() - 1).toISOString(),
    });
    for (const id of [raffle, free, restricted, upcoming, ended, randomUUID()]) expect(await direct(poor, id)).toBeNull();
    expect(await stateOf(poor)).toEqual(poorBefore);
    expect((await enter(poor, raffle, { 'idempotency-key': 'p1' })).json()).toMatchObject({ code: 'INSUFFICIENT_POINTS' });
    expect((await enter(poor, upcoming, { 'idempotency-key': 'p2' })).json()).toMatchObject({ code: 'RAFFLE_CLOSED' });
    expect((await enter(poor, ended, { 'idempotency-key': 'p3' })).json()).toMatchObject({ code: 'RAFFLE_CLOSED' });
    expect((await enter(poor, restricted, { 'idempotency-key': 'p4' })).statusCode).toBe(403);
    const freeEntry = await enter(poor, free, { 'idempotency-key': 'p5' });
    expect(freeEntry.statusCode).toBe(201);
    expect(freeEntry.json()).toMatchObject({ points: 10, entry: { pointsSpent: 0 } });
    expect(await ledgerSumOf(t.app, poor.id)).toEqual({ sum: 10, rows: 1 });

    // An account that is not verified: nothing changes here, and the route's guard answers 403.
    const unverified = await makeUser(t.app, { points: 1_000, verified: false });
    const unverifiedBefore = await stateOf(unverified);
    expect(await direct(unverified, raffle)).toBeNull();
    expect(await stateOf(unverified)).toEqual(unverifiedBefore);
    const refused = await enter(unverified, raffle, { 'idempotency-key': 'u1' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect(await stateOf(unverified)).toEqual(unverifiedBefore);

    // A drawn raffle takes no more entries.
    const drawnRaffle = await newRaffle({ endDate: new Date(clock.now().getTime() + 1_000).toISOString() });
    expect(await drawRaffle(t.app.db, drawnRaffle, new Date(clock.now().getTime() + 2_000))).toMatchObject({ drawn: true });
    expect(await direct(rich, drawnRaffle)).toBeNull();
  });

  it('a ban, a timeout or a raffle ban stops it too, and the route answers 403; a Points Store ban or an expired timeout does not', async () => {
    const raffle = await newRaffle();
    const restricted = async (kind: 'ban_permanent' | 'timeout' | 'ban_raffle' | 'ban_points_store', days: number | null, at = clock.now()) => {
      const user = await makeUser(t.app, { points: 1_000 });
      await t.app.db.transaction((tx) => applyRestriction(tx, { userId: user.id, actorId: admin.id, kind, days, reason: 'test', now: at }));
      return user;
    };
    for (const [kind, days, code] of [
      ['ban_permanent', null, 'ACCOUNT_BANNED'],
      ['timeout', 1, 'RESTRICTED'],
      ['ban_raffle', 7, 'RESTRICTED'],
    ] as const) {
      const user = await restricted(kind, days);
      const before = await stateOf(user);
      expect(await direct(user, raffle), kind).toBeNull();
      expect(await stateOf(user)).toEqual(before);
      const res = await enter(user, raffle, { 'idempotency-key': `r-${kind}` });
      expect(res.statusCode, kind).toBe(403);
      expect(res.json()).toMatchObject({ code });
      expect((await stateOf(user)).entries).toBe(0);
      expect((await stateOf(user)).points).toBe(1_000);
    }
    expect(await direct(await restricted('ban_points_store', null), raffle)).not.toBeNull();
    const expired = await restricted('timeout', 1, new Date(clock.now().getTime() - 2 * 86_400_000));
    expect(await direct(expired, raffle)).not.toBeNull();
  });

  it('20 concurrent entries of one raffle by one user, each with its own key (and some without) → one entry, one debit, no 5xx', async () => {
    const raffle = await newRaffle({ pointsCost: 10 });
    const user = await makeUser(t.app, { points: 1_000 });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => enter(user, raffle, i % 4 === 3 ? {} : { 'idempotency-key': `race-${i}` })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json()).toMatchObject({ code: 'ALREADY_ENTERED' });
    expect(await t.app.db.select().from(raffleEntries).where(eq(raffleEntries.raffleId, raffle))).toHaveLength(1);
    expect(await pointsOf(t.app, user.id)).toBe(990);
    expect(await ledgerSumOf(t.app, user.id)).toEqual({ sum: 990, rows: 2 });
  });

  it('concurrent repeats with the same key spend once and all get the first answer', async () => {
    const raffle = await newRaffle({ pointsCost: 10 });
    const user = await makeUser(t.app, { points: 1_000 });
    const results = await Promise.all(Array.from({ length: 10 }, () => enter(user, raffle, { 'idempotency-key': 'same-click' })));
    const ok = results.filter((r) => r.statusCode === 201);
    // A repeat that arrives while the first runs waits for it (or, never a second spend, gets a 409).
    expect(results.every((r) => r.statusCode === 201 || r.json().code === 'IDEMPOTENCY_IN_PROGRESS')).toBe(true);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of ok) expect(r.json()).toEqual(ok[0]!.json());
    expect(await pointsOf(t.app, user.id)).toBe(990);
    expect(await ledgerSumOf(t.app, user.id)).toEqual({ sum: 990, rows: 2 });
  });
});

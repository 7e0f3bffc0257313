import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { EnterRaffleResult } from '@app/shared/api/raffles';
import { idempotencyKeys, raffleEntries } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { createActiveRaffle, makeUser, spendStateOf, type TestUser, useTestAppWithAdmin } from '../../test/factories.ts';
import { EntryBatcher } from './entry-batcher.ts';
import { enterRafflesInOneStatement, type OneStatementEntry } from './enter-one-statement.ts';

/**
 * The batched common-case raffle entry (the raffle entry benchmark, docs/performance.md): entries that wait while an earlier
 * statement runs go together in one statement, and each still gets exactly its own answer.
 */
describe(`raffle entries in batches (${process.env.TEST_DB})`, () => {
  const clock = new ManualClock('2026-11-23T12:00:00.000Z');
  const { t, admin } = useTestAppWithAdmin({}, { clock });

  const newRaffle = (pointsCost = 25) => createActiveRaffle(t.app, admin, clock.now(), { title: `Batch ${pointsCost}`, pointsCost });

  const entry = (user: TestUser, raffleId: string, key: string = randomUUID()): OneStatementEntry => ({
    userId: user.id,
    sessionId: user.sessionId,
    raffleId,
    key,
    fingerprint: `fp-${key}`,
    at: clock.now(),
    feature: 'raffle',
  });

  /** A batcher whose statement is the real one, recording the users of each batch it sends. */
  function recordingBatcher(options: { maxInFlight?: number; maxBatch?: number }) {
    const batches: string[][] = [];
    const batcher = new EntryBatcher(t.app.db, {
      ...options,
      send: (db, inputs) => {
        batches.push(inputs.map((i) => i.userId));
        return enterRafflesInOneStatement(db, inputs);
      },
    });
    return { batcher, batches };
  }

  const stateOf = (user: TestUser) => spendStateOf(t.app, user.id);

  it('a burst goes in a few statements (up to maxBatch each), and each request gets its own answer', async () => {
    const raffle = await newRaffle();
    const members = await Promise.all(Array.from({ length: 12 }, () => makeUser(t.app, { points: 100 })));
    const { batcher, batches } = recordingBatcher({
      maxInFlight: 1,
      maxBatch: 5,
    });
    const answers = await Promise.all(members.map((m) => batcher.enter(entry(m, raffle, `burst-${m.id}`))));

    expect(batches.map((b) => b.length)).toEqual([5, 5, 2]);
    expect(batches.flat()).toEqual(members.map((m) => m.id));
    const rows = await t.app.db.select().from(raffleEntries).where(eq(raffleEntries.raffleId, raffle));
    expect(rows).toHaveLength(12);
    for (const [i, member] of members.entries()) {
      const answer = JSON.parse(answers[i]!) as EnterRaffleResult;
      const own = rows.find((r) => r.userId === member.id)!;
      expect(answer).toEqual({
        entry: {
          id: own.id,
          raffleId: raffle,
          userId: member.id,
          pointsSpent: 25,
          createdAt: clock.now().toISOString(),
        },
        points: 75,
      });
      expect(await stateOf(member)).toEqual({ points: 75, ledger: { sum: 75, rows: 2 }, entries: 1, keys: 1 });
      const [key] = await t.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, member.id));
      expect(key).toMatchObject({
        key: `burst-${member.id}`,
        statusCode: 201,
        response: answer,
      });
    }
  });

  it('one entry that conflicts fails its statement, and the others of the batch are entered on their own', async () => {
    const raffle = await newRaffle();
    const [entered, b, c, poor] = await Promise.all([
      makeUser(t.app, { points: 100 }),
      makeUser(t.app, { points: 100 }),
      makeUser(t.app, { points: 100 }),
      makeUser(t.app, { points: 10 }),
    ]);
    expect(await enterRafflesInOneStatement(t.app.db, [entry(entered, raffle)])).toEqual([expect.any(String)]);
    const before = await stateOf(entered);
    const poorBefore = await stateOf(poor);

    // `entered` is in already (another key): a unique violation. `poor` is simply not the common case.
    const answers = await enterRafflesInOneStatement(t.app.db, [entry(b, raffle), entry(entered, raffle), entry(poor, raffle), entry(c, raffle)]);
    expect(answers[1]).toBeNull();
    expect(answers[2]).toBeNull();
    expect(JSON.parse(answers[0]!)).toMatchObject({
      points: 75,
      entry: { userId: b.id, raffleId: raffle },
    });
    expect(JSON.parse(answers[3]!)).toMatchObject({
      points: 75,
      entry: { userId: c.id, raffleId: raffle },
    });
    expect(await stateOf(entered)).toEqual(before);
    expect(await stateOf(poor)).toEqual(poorBefore);
    expect(await stateOf(b)).toEqual({ points: 75, ledger: { sum: 75, rows: 2 }, entries: 1, keys: 1 });
    expect(await stateOf(c)).toEqual({ points: 75, ledger: { sum: 75, rows: 2 }, entries: 1, keys: 1 });
  });

  it('entries that arrive in the same turn of the event loop share a statement, even with statements free', async () => {
    const raffle = await newRaffle();
    const members = await Promise.all(Array.from({ length: 8 }, () => makeUser(t.app, { points: 100 })));
    const { batcher, batches } = recordingBatcher({ maxInFlight: 8 });
    // Each entry from its own callback, as the server reads each request: on PGlite a statement
    // settles before the next callback, and with a slot free each entry would go alone.
    const answers = await Promise.all(
      members.map((m) => new Promise<string | null>((resolve, reject) => setImmediate(() => batcher.enter(entry(m, raffle)).then(resolve, reject)))),
    );

    expect(batches.map((b) => b.length)).toEqual([8]);
    expect(answers.every(Boolean)).toBe(true);
  });

  it('a user is in one statement at a time: two raffles at once both enter, the same raffle twice enters once', async () => {
    const [first, second] = [await newRaffle(10), await newRaffle(20)];
    const [busy, other] = await Promise.all([makeUser(t.app, { points: 100 }), makeUser(t.app, { points: 100 })]);
    const { batcher, batches } = recordingBatcher({ maxInFlight: 2 });
    const answers = await Promise.all([
      batcher.enter(entry(other, first)),
      batcher.enter(entry(busy, first)),
      batcher.enter(entry(busy, second)),
      batcher.enter(entry(busy, first)),
    ]);

    for (const batch of batches) expect(new Set(batch).size).toBe(batch.length);
    expect(batches.filter((b) => b.includes(busy.id))).toHaveLength(3);
    expect(answers[0]).not.toBeNull();
    expect(JSON.parse(answers[1]!)).toMatchObject({
      points: 90,
      entry: { raffleId: first },
    });
    expect(JSON.parse(answers[2]!)).toMatchObject({
      points: 70,
      entry: { raffleId: second },
    });
    expect(answers[3]).toBeNull();
    expect(await stateOf(busy)).toEqual({ points: 70, ledger: { sum: 70, rows: 3 }, entries: 2, keys: 2 });
  });

  it('a statement that fails for another reason fails each request of its batch, and the batcher goes on', async () => {
    const raffle = await newRaffle();
    const [a, b] = await Promise.all([makeUser(t.app, { points: 100 }), makeUser(t.app, { points: 100 })]);
    const batcher = new EntryBatcher(t.app.db, { maxInFlight: 1 });
    // Not a uuid: PostgreSQL refuses the cast (the route's schema never lets such an id through).
    // The first statement takes b and a, and fails both; b's second entry waits for the next one.
    const results = await Promise.allSettled([
      batcher.enter(entry(b, raffle)),
      batcher.enter({ ...entry(a, raffle), raffleId: 'not-a-uuid' }),
      batcher.enter(entry(b, raffle)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    expect(await stateOf(a)).toMatchObject({
      points: 100,
      entries: 0,
      keys: 0,
    });
    expect(await stateOf(b)).toMatchObject({ points: 75, entries: 1, keys: 1 });
    expect(JSON.parse((await batcher.enter(entry(a, raffle)))!)).toMatchObject({
      points: 75,
      entry: { userId: a.id },
    });
  });

  it('through the route: 20 members entering at once each get 201 with their own entry and balance', async () => {
    const raffle = await newRaffle(30);
    const members = await Promise.all(Array.from({ length: 20 }, (_, i) => makeUser(t.app, { points: 100 + i })));
    const results = await Promise.all(
      members.map((m) =>
        t.app.inject({
          method: 'POST',
          url: `/api/raffles/${raffle}/enter`,
          headers: { ...m.auth, 'idempotency-key': `route-${m.id}` },
        }),
      ),
    );
    for (const [i, member] of members.entries()) {
      expect(results[i]!.statusCode, results[i]!.body).toBe(201);
      expect(results[i]!.json()).toMatchObject({
        points: 70 + i,
        entry: { userId: member.id, raffleId: raffle, pointsSpent: 30 },
      });
      expect(await stateOf(member)).toEqual({ points: 70 + i, ledger: { sum: 70 + i, rows: 2 }, entries: 1, keys: 1 });
    }
  });

  it("announces the raffles' entry counts once per batch after its statement, one announcement at a time, and nothing for an entry that did not happen", async () => {
    const [a, b] = [await newRaffle(), await newRaffle(30)];
    const members = await Promise.all(Array.from({ length: 12 }, () => makeUser(t.app, { points: 100 })));
    const poor = await makeUser(t.app, { points: 1 });
    const announced: string[][] = [];
    let release: () => void = () => {};
    const batcher = new EntryBatcher(t.app.db, {
      maxInFlight: 1,
      maxBatch: 5,
      // The first announcement is slow: the batches that end meanwhile are announced together, after it.
      announce: (ids) => {
        announced.push([...ids].sort());
        return announced.length === 1 ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
      },
    });
    // The first entry alone, then the others in a burst.
    expect(await batcher.enter(entry(members[0]!, b))).toBeTruthy();
    const answers = await Promise.all(members.slice(1).map((m, i) => batcher.enter(entry(m, i % 2 ? b : a))));
    expect(answers.every(Boolean)).toBe(true);
    expect(await batcher.enter(entry(poor, a))).toBeNull();
    // Four statements ([1], then [5, 5, 1]); the first announced at once, the three others wait for it.
    expect(announced).toEqual([[b]]);
    release();
    await batcher.announcing;
    await batcher.announcing;
    expect(announced).toEqual([[b], [a, b].sort()]);
  });

  it('an announcement that fails loses nothing but itself: the next batch is announced', async () => {
    const raffle = await newRaffle();
    const [m1, m2] = [await makeUser(t.app, { points: 100 }), await makeUser(t.app, { points: 100 })];
    let calls = 0;
    const batcher = new EntryBatcher(t.app.db, {
      announce: async () => {
        calls += 1;
        if (calls === 1) throw new Error('bus down');
      },
    });
    expect(await batcher.enter(entry(m1, raffle))).toBeTruthy();
    await batcher.announcing;
    expect(await batcher.enter(entry(m2, raffle))).toBeTruthy();
    await batcher.announcing;
    expect(calls).toBe(2);
  });
});

import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { maskUsername } from '@app/shared/api/races';
import { auditLog, huntGuesses, ledgerEntries, userRestrictions, users } from '../../db/schema.ts';
import { ledgerSumOf, makeUser, pointsOf } from '../../test/factories.ts';
import { testDbKind } from '../../test/test-app.ts';
import { useHuntTestApp } from './hunt-test-helpers.ts';

/** Guess the Balance: one guess a member, the entry cost once, restrictions, admins never guess nor win, the rate limit, and the races on PostgreSQL. */
describe(`Guess the Balance (${process.env.TEST_DB})`, () => {
  const { clock, t, admin, inject, guess, status, tick, newHunt, addBonus, win } = useHuntTestApp();

  it('Guess the Balance: one guess a member, changeable while collecting, locked and published at opening, closest wins with ties to the earliest', async () => {
    const hunt = await newHunt({ prizes: [1000, 300] });
    const [a, b, c, d] = await Promise.all([makeUser(t.app), makeUser(t.app), makeUser(t.app), makeUser(t.app)]);
    const unverified = await makeUser(t.app, { verified: false });
    const bonus = (await addBonus(hunt.id, 100))[0]!;
    expect((await inject('PUT', `/api/bonus-hunts/${hunt.id}/guess`, {}, { amount: 1 })).statusCode).toBe(401);
    expect((await guess(unverified, hunt.id, 100)).statusCode).toBe(403);
    expect((await guess(a!, hunt.id, -5)).statusCode).toBe(400);

    expect((await guess(a!, hunt.id, 50000)).statusCode).toBe(200);
    tick();
    expect((await guess(b!, hunt.id, 30000)).statusCode).toBe(200);
    tick();
    // c ties with b's distance (10,000 from 40,000) but guessed later; d changes to the exact figure... later.
    expect((await guess(c!, hunt.id, 30000)).statusCode).toBe(200);
    tick();
    expect((await guess(d!, hunt.id, 10)).statusCode).toBe(200);
    tick();
    const changed = await guess(a!, hunt.id, 50001);
    expect(changed.json()).toMatchObject({ guess: { amount: 50001 }, charged: 0 });
    const mine = await inject('GET', `/api/bonus-hunts/${hunt.id}`, a!.auth);
    expect(mine.json().myGuess.amount).toBe(50001);
    expect(mine.json().guesses).toBeNull();
    expect(mine.json().hunt.guessCount).toBe(4);
    expect((await inject('GET', `/api/bonus-hunts/${hunt.id}/guesses`)).json().code).toBe('HUNT_WRONG_STATUS');

    await status(hunt.id, 'opening');
    const late = await guess(d!, hunt.id, 40000);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('HUNT_WRONG_STATUS');
    const locked = await inject('GET', `/api/bonus-hunts/${hunt.id}`);
    expect(locked.json().guesses).toHaveLength(4);
    const paged = await inject('GET', `/api/bonus-hunts/${hunt.id}/guesses?page=1`);
    expect(paged.json()).toMatchObject({ total: 4, page: 1 });
    expect(paged.json().guesses.map((g: { amount: number }) => g.amount)).toEqual([10, 30000, 30000, 50001]);

    await win(hunt.id, bonus.id, 40000);
    const before = await Promise.all([a, b, c, d].map((u) => pointsOf(t.app, u!.id)));
    const done = await status(hunt.id, 'finished');
    expect(done.statusCode, done.body).toBe(200);
    const table = done.json().guesses as { username: string; difference: number; place: number | null; prize: number | null }[];
    expect(table.slice(0, 3).map((g) => [g.username, g.difference, g.place, g.prize])).toEqual([
      [maskUsername(b!.username), 10000, 1, 1000],
      [maskUsername(c!.username), 10000, 2, 300],
      [maskUsername(a!.username), 10001, null, null],
    ]);
    const afterPoints = await Promise.all([a, b, c, d].map((u) => pointsOf(t.app, u!.id)));
    expect(afterPoints.map((p, i) => p - before[i]!)).toEqual([0, 1000, 300, 0]);
    // Finishing again is refused and credits nothing.
    expect((await status(hunt.id, 'finished')).json().code).toBe('HUNT_WRONG_STATUS');
    expect(await pointsOf(t.app, b!.id)).toBe(afterPoints[1]);
    const prizes = await t.app.db
      .select({ n: count() })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.reason, 'gtb_prize'), eq(ledgerEntries.refId, hunt.id)));
    expect(Number(prizes[0]!.n)).toBe(2);
  });

  it('takes the entry cost once per Idempotency-Key and once per member; a replay answers the same', async () => {
    const hunt = await newHunt({ entryCost: 100 });
    const member = await makeUser(t.app, { points: 250 });
    const poor = await makeUser(t.app, { points: 50 });
    const first = await guess(member, hunt.id, 12345, 'gtb-key-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().charged).toBe(100);
    const replay = await guess(member, hunt.id, 12345, 'gtb-key-1');
    expect(replay.json()).toEqual(first.json());
    expect((await guess(member, hunt.id, 999, 'gtb-key-1')).statusCode).toBe(422);
    const change = await guess(member, hunt.id, 999, 'gtb-key-2');
    expect(change.json().charged).toBe(0);
    expect(await pointsOf(t.app, member.id)).toBe(150);
    expect(await ledgerSumOf(t.app, member.id)).toEqual({ sum: 150, rows: 2 });
    const short = await guess(poor, hunt.id, 1, 'gtb-poor');
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({ code: 'INSUFFICIENT_POINTS', shortfall: 50 });
    expect(await pointsOf(t.app, poor.id)).toBe(50);
  });

  it('refuses a member with a Chat or a Raffle ban, not one with a Points Store ban', async () => {
    const hunt = await newHunt();
    const [chat, raffle, store] = await Promise.all([makeUser(t.app), makeUser(t.app), makeUser(t.app)]);
    await t.app.db.insert(userRestrictions).values([
      { userId: chat!.id, kind: 'ban_chat', createdAt: clock.now() },
      { userId: raffle!.id, kind: 'ban_raffle', createdAt: clock.now() },
      { userId: store!.id, kind: 'ban_points_store', createdAt: clock.now() },
    ]);
    for (const user of [chat!, raffle!]) {
      const res = await guess(user, hunt.id, 100);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('RESTRICTED');
    }
    expect((await guess(store!, hunt.id, 100)).statusCode).toBe(200);
  });

  it('an admin cannot guess (403 OWN_ACCOUNT_ACT, audited, nothing stored or spent), neither the balance nor a bonus', async () => {
    const hunt = await newHunt({ entryCost: 10 });
    await t.app.db.update(users).set({ points: 0 }).where(eq(users.id, admin.id));
    const before = await ledgerSumOf(t.app, admin.id);
    // Bad input is still a 400 (checked first), as for anyone.
    expect((await guess(admin, hunt.id, -1)).statusCode).toBe(400);
    const refused = await guess(admin, hunt.id, 12345, 'admin-guess');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'OWN_ACCOUNT_ACT', error: 'Admins run the bonus hunts, so an admin account cannot guess.' });
    // A repeat with the same key is refused (and audited) again: a refusal is not the key's answer.
    expect((await guess(admin, hunt.id, 12345, 'admin-guess')).statusCode).toBe(403);
    expect(await t.app.db.select().from(huntGuesses).where(eq(huntGuesses.userId, admin.id))).toEqual([]);
    expect(await ledgerSumOf(t.app, admin.id)).toEqual(before);
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.id), eq(auditLog.action, 'bonus_hunt.guess_refused')));
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({ targetType: 'bonus_hunt', targetId: hunt.id });

    await addBonus(hunt.id, 100);
    const [bonus] = (await status(hunt.id, 'opening')).json().bonuses as { id: string }[];
    const x = await inject('PUT', `/api/bonus-hunts/${hunt.id}/bonuses/${bonus!.id}/guess`, admin.auth, { multiplier: 10 });
    expect(x.statusCode).toBe(403);
    expect(x.json().code).toBe('OWN_ACCOUNT_ACT');
    const xAudits = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.id), eq(auditLog.action, 'bonus_hunt.bonus_guess_refused')));
    expect(xAudits).toHaveLength(1);
    expect((await inject('GET', `/api/bonus-hunts/${hunt.id}`)).json().bonuses[0].guessCount).toBe(0);
  });

  it('no admin wins: a guess an admin made before the rule (stored directly) is passed over, the closest member wins', async () => {
    const hunt = await newHunt({ prizes: [5000] });
    const member = await makeUser(t.app);
    const [bonus] = await addBonus(hunt.id, 100);
    // The admin's exact guess, as it could have been stored before admins were refused.
    await t.app.db.insert(huntGuesses).values({ huntId: hunt.id, userId: admin.id, amount: 40000, at: clock.now(), paid: false });
    tick();
    expect((await guess(member, hunt.id, 10000)).statusCode).toBe(200);
    await status(hunt.id, 'opening');
    await win(hunt.id, bonus!.id, 40000);
    const before = await pointsOf(t.app, admin.id);
    const done = await status(hunt.id, 'finished');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().guesses.map((g: { amount: number; place: number | null }) => [g.amount, g.place])).toEqual([
      [40000, null],
      [10000, 1],
    ]);
    expect(await pointsOf(t.app, admin.id)).toBe(before);
    const prizes = await t.app.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.reason, 'gtb_prize'), eq(ledgerEntries.refId, hunt.id)));
    expect(prizes.map((p) => [p.userId, p.amount])).toEqual([[member.id, 5000]]);
  });

  it('limits guesses per member: the 11th in a minute is 429 with Retry-After; another member is not held back', async () => {
    const hunt = await newHunt();
    const [eager, other] = await Promise.all([makeUser(t.app), makeUser(t.app)]);
    for (let i = 0; i < 10; i += 1) expect((await guess(eager, hunt.id, 1000 + i)).statusCode).toBe(200);
    const limited = await guess(eager, hunt.id, 2000);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await inject('GET', `/api/bonus-hunts/${hunt.id}`, eager.auth)).json().myGuess.amount).toBe(1009);
    expect((await guess(other, hunt.id, 3000)).statusCode).toBe(200);
    // The bonus × guess shares the budget's size, counted on its own route.
    await addBonus(hunt.id, 100);
    const [bonus] = (await status(hunt.id, 'opening')).json().bonuses as { id: string }[];
    const xGuess = () => inject('PUT', `/api/bonus-hunts/${hunt.id}/bonuses/${bonus!.id}/guess`, other.auth, { multiplier: 2 });
    for (let i = 0; i < 10; i += 1) expect((await xGuess()).statusCode).toBe(200);
    expect((await xGuess()).statusCode).toBe(429);
  });

  describe.runIf(testDbKind() === 'postgres')('races (postgres)', () => {
    it('ten concurrent first guesses of one member take the entry cost once', async () => {
      const hunt = await newHunt({ entryCost: 100 });
      const member = await makeUser(t.app, { points: 1000 });
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => guess(member, hunt.id, 1000 + i, `race-${i}`)));
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
      expect(results.reduce((sum, r) => sum + r.json().charged, 0)).toBe(100);
      expect(await pointsOf(t.app, member.id)).toBe(900);
    });

    it('two concurrent finishes credit the winners once; a guess racing the opening either lands or is refused', async () => {
      const hunt = await newHunt({ prizes: [700] });
      const member = await makeUser(t.app);
      const bonus = (await addBonus(hunt.id, 100))[0]!;
      await guess(member, hunt.id, 500);
      const [opened, raced] = await Promise.all([status(hunt.id, 'opening'), guess(member, hunt.id, 600)]);
      expect(opened.statusCode).toBe(200);
      expect([200, 409]).toContain(raced.statusCode);
      await win(hunt.id, bonus.id, 500);
      const before = await pointsOf(t.app, member.id);
      const finishes = await Promise.all([status(hunt.id, 'finished'), status(hunt.id, 'finished')]);
      expect(finishes.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await pointsOf(t.app, member.id)).toBe(before + 700);
    });
  });
});

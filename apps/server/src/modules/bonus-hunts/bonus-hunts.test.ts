import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { maskUsername } from '@app/shared/api/races';
import { auditLog, slots } from '../../db/schema.ts';
import { makeUser } from '../../test/factories.ts';
import { useHuntTestApp } from './hunt-test-helpers.ts';

/** Bonus hunts: a hunt run through its statuses (audited), the public read, and the published guesses. the rules of Guess the Balance: guess-balance.test.ts. */
describe(`bonus hunts and Guess the Balance (${process.env.TEST_DB})`, () => {
  const { clock, t, admin, inject, guess, status, tick, newHunt, addBonus, win } = useHuntTestApp();

  it('runs a hunt: break-even on a known example, transitions and their refusals, each act audited', async () => {
    const member = await makeUser(t.app);
    const [slot] = await t.app.db
      .insert(slots)
      .values({ name: 'Gates of Olympus', provider: 'Pragmatic Play', rtpBp: 9650, createdAt: clock.now(), updatedAt: clock.now() })
      .returning();
    const body = { title: 'Friday hunt', casino: 'Stake', startBalance: 100000, prizes: [500] };
    expect((await inject('POST', '/api/admin/bonus-hunts', {}, body)).statusCode).toBe(401);
    expect((await inject('POST', '/api/admin/bonus-hunts', member.auth, body)).statusCode).toBe(403);
    expect((await inject('POST', '/api/admin/bonus-hunts', admin.auth, { ...body, prizes: [] })).statusCode).toBe(400);
    expect((await inject('POST', '/api/admin/bonus-hunts', admin.auth, { ...body, startBalance: 10.5 })).statusCode).toBe(400);
    const hunt = await newHunt({ title: 'Friday hunt' });
    expect((await status(hunt.id, 'opening')).json().code).toBe('HUNT_INCOMPLETE');

    await addBonus(hunt.id, 200, { slotId: slot!.id });
    await addBonus(hunt.id, 200, { slotName: 'Wanted Dead or a Wild' });
    const ids = (await addBonus(hunt.id, 200)).map((b) => b.id);
    expect((await inject('POST', `/api/admin/bonus-hunts/${hunt.id}/bonuses`, admin.auth, { bet: 200 })).statusCode).toBe(400);
    expect((await inject('POST', `/api/admin/bonus-hunts/${hunt.id}/bonuses`, member.auth, { slotName: 'x', bet: 200 })).statusCode).toBe(403);
    // Wins wait for opening.
    expect((await win(hunt.id, ids[0]!, 100)).json().code).toBe('HUNT_WRONG_STATUS');
    expect((await status(hunt.id, 'finished')).json().code).toBe('HUNT_WRONG_STATUS');

    const reordered = await inject('PUT', `/api/admin/bonus-hunts/${hunt.id}/bonuses/order`, admin.auth, { ids: [ids[2], ids[0], ids[1]] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().bonuses.map((b: { id: string }) => b.id)).toEqual([ids[2], ids[0], ids[1]]);
    expect((await inject('PUT', `/api/admin/bonus-hunts/${hunt.id}/bonuses/order`, admin.auth, { ids: [ids[0]] })).statusCode).toBe(400);

    const opened = await status(hunt.id, 'opening');
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().hunt.status).toBe('opening');
    expect((await status(hunt.id, 'opening')).json().code).toBe('HUNT_WRONG_STATUS');
    expect((await inject('POST', `/api/admin/bonus-hunts/${hunt.id}/bonuses`, admin.auth, { slotName: 'Late', bet: 100 })).json().code).toBe(
      'HUNT_WRONG_STATUS',
    );

    // $1,000 start, three $2 bonuses; $150 and $50 opened: break-even (1000 − 200) / 2 = 400×.
    await win(hunt.id, ids[0]!, 15000);
    const after = await win(hunt.id, ids[1]!, 5000);
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().hunt.figures).toMatchObject({
      totalCost: 100000,
      collected: 3,
      opened: 2,
      wonSoFar: 20000,
      profit: -80000,
      averageX: 50,
      breakEvenX: 400,
      bestX: 75,
      worstX: 25,
    });
    expect(after.json().hunt.figures.providers).toEqual([{ provider: 'Pragmatic Play', opened: 1, averageX: 75 }]);
    expect((await status(hunt.id, 'finished')).json().code).toBe('HUNT_INCOMPLETE');
    await win(hunt.id, ids[2]!, 0);
    const finished = await status(hunt.id, 'finished');
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json().hunt).toMatchObject({ status: 'finished', finalBalance: 20000 });
    expect((await win(hunt.id, ids[2]!, 10)).json().code).toBe('HUNT_WRONG_STATUS');

    const pub = await inject('GET', `/api/bonus-hunts/${hunt.id}`);
    expect(pub.statusCode).toBe(200);
    expect(pub.json().bonuses.map((b: { multiplier: number }) => b.multiplier)).toEqual([0, 75, 25]);
    const history = await inject('GET', `/api/slots/${slot!.id}`);
    expect(history.json().history).toEqual({ timesPlayed: 1, averageX: 75, bestX: 75 });
    const audits = await t.app.db.select({ n: count() }).from(auditLog).where(eq(auditLog.targetId, hunt.id));
    // create, 3 adds, reorder, open, 3 wins, finish
    expect(Number(audits[0]!.n)).toBe(10);
    expect((await inject('GET', '/api/bonus-hunts/00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
  });

  it("a hunt read with the token of an ended session is an anonymous read: no caller's own guesses", async () => {
    const hunt = await newHunt();
    const member = await makeUser(t.app);
    expect((await guess(member, hunt.id, 12345)).statusCode).toBe(200);
    expect((await inject('GET', `/api/bonus-hunts/${hunt.id}`, member.auth)).json().myGuess.amount).toBe(12345);
    expect((await inject('DELETE', `/api/auth/sessions/${member.sessionId}`, member.auth)).statusCode).toBe(200);
    // The access token itself has not expired yet: only the session's end tells.
    const read = await inject('GET', `/api/bonus-hunts/${hunt.id}`, member.auth);
    expect(read.statusCode).toBe(200);
    expect(read.json().myGuess ?? null).toBeNull();
  });

  it('publishes the guesses with names masked like every public board unless the member opted in; the caller finds their own by myGuess.id', async () => {
    const hunt = await newHunt();
    const [hidden, shown] = await Promise.all([makeUser(t.app), makeUser(t.app)]);
    expect((await inject('PUT', '/api/leaderboard/visibility', shown.auth, { showUsername: true })).statusCode).toBe(200);
    const [bonus] = await addBonus(hunt.id, 100);
    expect((await guess(hidden, hunt.id, 20000)).statusCode).toBe(200);
    tick();
    expect((await guess(shown, hunt.id, 30000)).statusCode).toBe(200);
    await status(hunt.id, 'opening');

    const mine = (await inject('GET', `/api/bonus-hunts/${hunt.id}`, hidden.auth)).json();
    const expected = [
      { username: maskUsername(hidden.username), amount: 20000 },
      { username: shown.username, amount: 30000 },
    ];
    expect(mine.guesses).toMatchObject(expected);
    expect(JSON.stringify(mine.guesses)).not.toContain(hidden.username);
    // The read is the same text for everyone; the caller's own guess is the one with their guess's id.
    expect(mine.myGuess.id).toBe(mine.guesses[0].id);
    expect((await inject('GET', `/api/bonus-hunts/${hunt.id}`)).json().guesses).toEqual(mine.guesses);
    const page = (await inject('GET', `/api/bonus-hunts/${hunt.id}/guesses`)).json();
    expect(page.guesses).toEqual(mine.guesses);

    // A bonus's best × guess is masked the same way.
    const x = await inject('PUT', `/api/bonus-hunts/${hunt.id}/bonuses/${bonus!.id}/guess`, hidden.auth, { multiplier: 50 });
    expect(x.statusCode, x.body).toBe(200);
    expect((await win(hunt.id, bonus!.id, 5000)).json().bonuses[0].bestGuess.username).toBe(maskUsername(hidden.username));
    const done = (await status(hunt.id, 'finished')).json();
    expect(done.guesses).toMatchObject([
      { username: maskUsername(hidden.username), place: 1 },
      { username: shown.username, place: null },
    ]);
  });
});

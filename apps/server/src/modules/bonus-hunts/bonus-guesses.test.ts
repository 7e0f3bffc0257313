import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { maskUsername } from '@app/shared/api/races';
import { huntBonusGuesses, userRestrictions } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { makeUser, type TestUser, useTestAppWithAdmin } from '../../test/factories.ts';

/** "Who guessed it best" per bonus: members guess the × of the next bonus to open; entering its win names the closest. */
describe(`bonus × guesses (${process.env.TEST_DB})`, () => {
  const clock = new ManualClock('2026-11-25T12:00:00.000Z');
  const { t, admin } = useTestAppWithAdmin({}, { clock });

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string> = {}, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const guessX = (user: TestUser | null, huntId: string, bonusId: string, payload: unknown) =>
    inject('PUT', `/api/bonus-hunts/${huntId}/bonuses/${bonusId}/guess`, user?.auth ?? {}, payload);

  async function openingHunt(bets: number[]) {
    const res = await inject('POST', '/api/admin/bonus-hunts', admin.auth, { title: 'X hunt', casino: 'Stake', startBalance: 100000, prizes: [100] });
    expect(res.statusCode, res.body).toBe(201);
    const huntId = res.json().hunt.id as string;
    let ids: string[] = [];
    for (const bet of bets) {
      const added = await inject('POST', `/api/admin/bonus-hunts/${huntId}/bonuses`, admin.auth, { slotName: `Slot ${bet}`, bet });
      expect(added.statusCode, added.body).toBe(201);
      ids = added.json().bonuses.map((b: { id: string }) => b.id);
    }
    return { huntId, ids };
  }
  const toOpening = async (huntId: string) =>
    expect((await inject('POST', `/api/admin/bonus-hunts/${huntId}/status`, admin.auth, { status: 'opening' })).statusCode).toBe(200);
  const win = (huntId: string, bonusId: string, amount: number | null) =>
    inject('PUT', `/api/admin/bonus-hunts/${huntId}/bonuses/${bonusId}`, admin.auth, { win: amount });

  it('takes guesses for the next bonus only while opening, and names the closest (ties to the earliest) when its win is entered', async () => {
    const { huntId, ids } = await openingHunt([200, 50]);
    const [a, b, c] = [await makeUser(t.app), await makeUser(t.app), await makeUser(t.app)];
    // Collecting: not yet.
    expect((await guessX(a, huntId, ids[0]!, { multiplier: 10 })).json().code).toBe('HUNT_WRONG_STATUS');
    await toOpening(huntId);

    // The paths: signed out, bad bodies, unknown bonus, a later bonus.
    expect((await guessX(null, huntId, ids[0]!, { multiplier: 10 })).statusCode).toBe(401);
    for (const bad of [{}, { multiplier: -1 }, { multiplier: 1.234 }, { multiplier: '10' }, { multiplier: 100_001 }, { multiplier: 10, extra: 1 }]) {
      expect((await guessX(a, huntId, ids[0]!, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await guessX(a, huntId, 'not-a-uuid', { multiplier: 10 })).statusCode).toBe(400);
    expect((await guessX(a, huntId, '00000000-0000-4000-8000-000000000000', { multiplier: 10 })).statusCode).toBe(404);
    const later = await guessX(a, huntId, ids[1]!, { multiplier: 10 });
    expect(later.statusCode).toBe(409);
    expect(later.json().error).toBe('Guesses are taken for the next bonus to open only.');

    // Bonus 1: bet $2.00, win $25.00 = 12.5x. a says 12 (off 0.5), b 13 (off 0.5, later), c 100.
    expect((await guessX(a, huntId, ids[0]!, { multiplier: 50 })).statusCode).toBe(200);
    clock.advance(1000);
    expect((await guessX(b, huntId, ids[0]!, { multiplier: 13 })).statusCode).toBe(200);
    clock.advance(1000);
    expect((await guessX(c, huntId, ids[0]!, { multiplier: 100 })).statusCode).toBe(200);
    clock.advance(1000);
    // a changes their guess: free, and the guess's time is the change's (b is now the earlier of the tie).
    const changed = await guessX(a, huntId, ids[0]!, { multiplier: 12 });
    expect(changed.json()).toEqual({ guess: { bonusId: ids[0], multiplier: 12, at: clock.now().toISOString() } });
    const mine = await inject('GET', `/api/bonus-hunts/${huntId}`, a.auth);
    expect(mine.json().myBonusGuess).toEqual({ bonusId: ids[0], multiplier: 12, at: clock.now().toISOString() });
    expect(mine.json().bonuses[0]).toMatchObject({ guessCount: 3, bestGuess: null });

    const opened = await win(huntId, ids[0]!, 2500);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().bonuses[0]).toMatchObject({
      multiplier: 12.5,
      guessCount: 3,
      bestGuess: { username: maskUsername(b.username), multiplier: 13, difference: 0.5 },
    });
    // Open: no more guesses for it; the next bonus takes them.
    expect((await guessX(c, huntId, ids[0]!, { multiplier: 12.5 })).statusCode).toBe(409);
    expect((await guessX(c, huntId, ids[1]!, { multiplier: 0 })).statusCode).toBe(200);
    const read = await inject('GET', `/api/bonus-hunts/${huntId}`, a.auth);
    expect(read.json().myBonusGuess).toBeNull();
    expect(read.json().bonuses[0].bestGuess.username).toBe(maskUsername(b.username));

    // A corrected win recomputes; a cleared win clears the best guess (and the bonus takes guesses again).
    expect((await win(huntId, ids[0]!, 10000)).json().bonuses[0].bestGuess).toEqual({ username: maskUsername(b.username), multiplier: 13, difference: 37 });
    expect((await win(huntId, ids[0]!, null)).json().bonuses[0].bestGuess).toBeNull();
    expect((await guessX(a, huntId, ids[0]!, { multiplier: 1 })).statusCode).toBe(200);
    // c's exact guess of 0x on the second bonus.
    expect((await win(huntId, ids[1]!, 0)).json().bonuses[1]).toMatchObject({
      bestGuess: { username: maskUsername(c.username), multiplier: 0, difference: 0 },
    });
  });

  it('refuses a Chat or Raffle ban and an unverified email, and writes nothing', async () => {
    const { huntId, ids } = await openingHunt([100]);
    await toOpening(huntId);
    const banned = await makeUser(t.app);
    await t.app.db
      .insert(userRestrictions)
      .values({ userId: banned.id, kind: 'ban_raffle', reason: 'test', days: null, expiresAt: null, createdBy: null, createdAt: clock.now() });
    const refused = await guessX(banned, huntId, ids[0]!, { multiplier: 5 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('RESTRICTED');
    const unverified = await makeUser(t.app, { verified: false });
    expect((await guessX(unverified, huntId, ids[0]!, { multiplier: 5 })).statusCode).toBe(403);
    const rows = await t.app.db
      .select()
      .from(huntBonusGuesses)
      .where(and(eq(huntBonusGuesses.bonusId, ids[0]!)));
    expect(rows).toEqual([]);
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userRestrictions, users } from '../db/schema.ts';
import { makeUser, useTestApp } from '../test/factories.ts';
import { restrictedTransaction, restrictionCheck, type RestrictionCheck } from './restrictions.ts';

/**
 * The guard's backstop: a restricted feature's transaction runs the check before it commits when
 * the work did not run it (so a service cannot spend past a restriction by forgetting it), never a
 * second time when the work did, and not at all when the work exempted the request.
 */
describe(`restrictedTransaction (${process.env.TEST_DB})`, () => {
  const t = useTestApp({ SEED_CATALOGUE: 'false' });
  const at = new Date('2030-01-01T00:00:00Z');

  async function storeBanned() {
    const user = await makeUser(t.app, { points: 100 });
    await t.app.db.insert(userRestrictions).values({ userId: user.id, kind: 'ban_points_store', reason: 'test', createdAt: at });
    return user;
  }
  const pointsOf = async (id: string) => (await t.app.db.select({ points: users.points }).from(users).where(eq(users.id, id)))[0]!.points;

  it('runs the forgotten check before the commit: 403 RESTRICTED and the work rolled back', async () => {
    const user = await storeBanned();
    const check = restrictionCheck('points_store', user.id, at);
    const work = restrictedTransaction(t.app.db, check, async (tx) => {
      await tx.update(users).set({ points: 0 }).where(eq(users.id, user.id));
      return 'spent';
    });
    await expect(work).rejects.toMatchObject({ code: 'RESTRICTED' });
    expect(check.settled).toBe(true);
    expect(await pointsOf(user.id)).toBe(100);
  });

  it('lets the work through when no restriction blocks the feature', async () => {
    const user = await storeBanned();
    const check = restrictionCheck('raffle', user.id, at);
    expect(await restrictedTransaction(t.app.db, check, async () => 'entered')).toBe('entered');
    expect(check.settled).toBe(true);
  });

  /** A check that counts how often it runs. */
  function counted(inner: RestrictionCheck): { check: RestrictionCheck; runs: () => number } {
    let runs = 0;
    const check: RestrictionCheck = {
      feature: inner.feature,
      userId: inner.userId,
      at: inner.at,
      get settled() {
        return inner.settled;
      },
      exempt: () => inner.exempt(),
      assert: async (db) => {
        runs += 1;
        await inner.assert(db);
      },
    };
    return { check, runs: () => runs };
  }

  it('does not run the check again when the work ran it, nor at all when the work exempted the request', async () => {
    const user = await storeBanned();
    const ran = counted(restrictionCheck('raffle', user.id, at));
    expect(await restrictedTransaction(t.app.db, ran.check, async (tx) => (await ran.check.assert(tx), 'entered'))).toBe('entered');
    expect(ran.runs()).toBe(1);
    const exempted = counted(restrictionCheck('points_store', user.id, at));
    const credited = await restrictedTransaction(t.app.db, exempted.check, async () => {
      exempted.check.exempt();
      return 'credited';
    });
    expect(credited).toBe('credited');
    expect(exempted.runs()).toBe(0);
  });
});

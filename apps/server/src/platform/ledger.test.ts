import { describe, expect, it } from 'vitest';
import { ledgerSumOf, makeUser, pointsOf, useTestApp } from '../test/factories.ts';
import { debitUpTo } from './ledger.ts';

describe(`ledger debitUpTo (${process.env.TEST_DB})`, () => {
  const t = useTestApp();
  const movement = (userId: string, amount: number) => ({
    userId,
    amount,
    reason: 'wager_credit' as const,
    refType: 'wager' as const,
    refId: 'acct',
    note: 'correction',
    at: t.app.clock.now(),
  });

  it('takes the whole amount when the balance covers it, with its ledger row', async () => {
    const user = await makeUser(t.app, { points: 500 });
    const moved = await t.app.db.transaction((tx) => debitUpTo(tx, movement(user.id, 120)));
    expect(moved).toMatchObject({ taken: 120, balance: 380, entry: { amount: -120, balanceAfter: 380, reason: 'wager_credit', userId: user.id } });
    expect(await pointsOf(t.app, user.id)).toBe(380);
    expect(await ledgerSumOf(t.app, user.id)).toEqual({ sum: 380, rows: 2 });
  });

  it('takes at most the balance, leaving zero', async () => {
    const user = await makeUser(t.app, { points: 70 });
    const moved = await t.app.db.transaction((tx) => debitUpTo(tx, movement(user.id, 200)));
    expect(moved).toMatchObject({ taken: 70, balance: 0, entry: { amount: -70, balanceAfter: 0 } });
    expect(await pointsOf(t.app, user.id)).toBe(0);
    expect(await ledgerSumOf(t.app, user.id)).toEqual({ sum: 0, rows: 2 });
  });

  it('takes nothing and writes no row from a zero balance or an unknown user', async () => {
    const user = await makeUser(t.app);
    expect(await t.app.db.transaction((tx) => debitUpTo(tx, movement(user.id, 50)))).toBeNull();
    expect(await ledgerSumOf(t.app, user.id)).toEqual({ sum: 0, rows: 0 });
    expect(await t.app.db.transaction((tx) => debitUpTo(tx, movement('00000000-0000-4000-8000-000000000000', 50)))).toBeNull();
  });

  it('two corrections at once never take more than the balance', async () => {
    const user = await makeUser(t.app, { points: 100 });
    const results = await Promise.all([
      t.app.db.transaction((tx) => debitUpTo(tx, movement(user.id, 80))),
      t.app.db.transaction((tx) => debitUpTo(tx, movement(user.id, 80))),
    ]);
    expect(results.map((r) => r?.taken ?? 0).sort((a, b) => a - b)).toEqual([20, 80]);
    expect(await pointsOf(t.app, user.id)).toBe(0);
    expect(await ledgerSumOf(t.app, user.id)).toEqual({ sum: 0, rows: 3 });
  });
});

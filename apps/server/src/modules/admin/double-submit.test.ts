import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { affiliatePayouts, auditLog, userRestrictions } from '../../db/schema.ts';
import { testDbKind } from '../../test/test-app.ts';
import { makeUser, useTestAppWithAdmin } from '../../test/factories.ts';

// Races need real concurrency: PGlite has one connection, so these run on PostgreSQL only.
describe.runIf(testDbKind() === 'postgres')('admin double submits (postgres)', () => {
  const { t, admin } = useTestAppWithAdmin({ SEED_CATALOGUE: 'false' });

  const post = (url: string, payload: object, key: string) =>
    t.app.inject({ method: 'POST', url, headers: { ...admin.auth, 'idempotency-key': key }, payload });

  it('ten concurrent Process Payout clicks with one Idempotency-Key record one payout and one audit row', async () => {
    const affiliate = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/affiliates',
        headers: admin.auth,
        payload: { name: 'Twice', email: 'twice@example.com', partner: 'Roobet' },
      })
    ).json().affiliate;
    const url = `/api/admin/affiliates/${affiliate.id}/payouts`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(url, { amount: 99.99 }, 'payout-once')));
    expect(answers.every((a) => a.statusCode === 201)).toBe(true);
    expect(new Set(answers.map((a) => a.json().payout.id)).size).toBe(1);
    const [payouts] = await t.app.db.select({ n: count() }).from(affiliatePayouts).where(eq(affiliatePayouts.affiliateId, affiliate.id));
    expect(Number(payouts!.n)).toBe(1);
    const [audits] = await t.app.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'payout.create'));
    expect(Number(audits!.n)).toBe(1);
  });

  it('ten concurrent restriction submits with one key apply it once', async () => {
    const user = await makeUser(t.app);
    const url = `/api/admin/users/${user.id}/restrictions`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(url, { kind: 'timeout', days: 7 }, 'timeout-once')));
    expect(answers.every((a) => a.statusCode === 201)).toBe(true);
    const [rows] = await t.app.db.select({ n: count() }).from(userRestrictions).where(eq(userRestrictions.userId, user.id));
    expect(Number(rows!.n)).toBe(1);
    const [audits] = await t.app.db.select({ n: count() }).from(auditLog).where(eq(auditLog.targetId, user.id));
    expect(Number(audits!.n)).toBe(1);
  });
});

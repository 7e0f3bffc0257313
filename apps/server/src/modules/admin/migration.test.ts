import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { affiliates, leaderboards, userRestrictions } from '../../db/schema.ts';
import { useTestApp } from '../../test/factories.ts';
import { makeUser } from '../../test/factories.ts';

describe(`migration 0003_admin (${process.env.TEST_DB})`, () => {
  const t = useTestApp({ SEED_CATALOGUE: 'false' });

  it('creates the admin tables', async () => {
    const rows = await t.app.db.execute(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name IN ('leaderboards', 'affiliates', 'affiliate_payouts', 'user_restrictions', 'audit_log', 'sign_in_events') ORDER BY table_name`,
    );
    const names = (rows as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
    expect(names).toEqual(['affiliate_payouts', 'affiliates', 'audit_log', 'leaderboards', 'sign_in_events', 'user_restrictions']);
  });

  it('refuses rows the checks forbid', async () => {
    await expect(t.app.db.insert(leaderboards).values({ name: 'x', partnerId: 'p9' })).rejects.toThrow();
    await expect(
      t.app.db.insert(leaderboards).values({ name: 'x', partnerId: 'p1', startDate: new Date('2026-02-01'), endDate: new Date('2026-01-01') }),
    ).rejects.toThrow();
    await expect(t.app.db.insert(affiliates).values({ name: 'a', email: 'a@b.c', partner: 'Nope' })).rejects.toThrow();
    const user = await makeUser(t.app, {});
    await expect(t.app.db.insert(userRestrictions).values({ userId: user.id, kind: 'ban_everything' })).rejects.toThrow();
    await t.app.db.insert(userRestrictions).values({ userId: user.id, kind: 'timeout', days: 1 });
  });
});

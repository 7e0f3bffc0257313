import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { casinoAccounts, leaderboards, users } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { makeUser, useTestAppWithAdmin } from '../../test/factories.ts';
import { ensureDemoPlayers, ensureDemoUserStakeAccount } from '../wagers/demo-feed.ts';
import { seedAdminSamples } from './seed-admin.ts';

describe(`the demo install's small things (${process.env.TEST_DB})`, () => {
  const clock = new ManualClock('2026-11-23T12:00:00.000Z');
  const { t, admin } = useTestAppWithAdmin({}, { clock });

  it('gives the demo user a verified Stake account once (the feed then plays for them); nobody else', async () => {
    const demo = await makeUser(t.app, { prefix: 'demouser' });
    const other = await makeUser(t.app, { prefix: 'other' });
    const [row] = await t.app.db.select({ email: users.email }).from(users).where(eq(users.id, demo.id));
    expect(await ensureDemoUserStakeAccount(t.app.db, row!.email.toUpperCase(), clock.now())).toBe(true);
    expect(await ensureDemoUserStakeAccount(t.app.db, row!.email, clock.now())).toBe(false);
    const accounts = await t.app.db.select().from(casinoAccounts).where(eq(casinoAccounts.userId, demo.id));
    expect(accounts).toMatchObject([{ partner: 'p1', state: 'verified', username: `${demo.username}_stake` }]);
    expect(await t.app.db.select().from(casinoAccounts).where(eq(casinoAccounts.userId, other.id))).toEqual([]);
    expect(await ensureDemoUserStakeAccount(t.app.db, 'nobody@example.com', clock.now())).toBe(false);
  });

  it('admin Users search lists the exact username first, before the users it is part of', async () => {
    await ensureDemoPlayers(t.app.db, clock.now());
    const exact = await makeUser(t.app, { prefix: 'zz' });
    // Newer users whose names contain it come first by date; the exact match still leads.
    clock.advance(60_000);
    for (let i = 0; i < 3; i += 1) await makeUser(t.app, { prefix: `${exact.username}x` });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users?q=${encodeURIComponent(exact.username.toUpperCase())}&pageSize=2`,
      headers: admin.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().users[0]?.name, res.body).toBe(exact.username);
    expect(res.json().total).toBeGreaterThanOrEqual(4);
  });

  it('seeds the monthly race with spec 2 §9 prize table: 18 paid positions, $8,000 down to $100', async () => {
    await seedAdminSamples(t.app.db, clock);
    const [race] = await t.app.db
      .select()
      .from(leaderboards)
      .where(and(eq(leaderboards.partnerId, 'p1'), eq(leaderboards.status, 'Active')));
    expect(race!.prizes.map((p) => p.amount)).toEqual([8000, 4000, 2000, 1500, 1200, 1000, 800, 600, 500, 400, 350, 300, 250, 200, 175, 150, 125, 100]);
    expect(race!.prizes.map((p) => p.position)).toEqual(Array.from({ length: 18 }, (_, i) => String(i + 1)));
  });
});

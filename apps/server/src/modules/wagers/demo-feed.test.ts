import { eq, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { casinoAccounts, users, wagers } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { testDbKind } from '../../test/test-app.ts';
import { makeUser, pointsOf, type TestUser, useTestAppWithAdmin } from '../../test/factories.ts';
import { DEMO_FEED_INTERVAL_MS, DEMO_PLAYERS, ensureDemoPlayers, runDemoFeed } from './demo-feed.ts';

describe(`demo wager feed (${process.env.TEST_DB})`, () => {
  let demo: TestUser;
  let bystander: TestUser;
  const clock = new ManualClock('2026-11-23T12:00:00.000Z');
  const demoEmail = () => `${demo.username}@example.com`;
  const { t, admin } = useTestAppWithAdmin({}, { clock });
  beforeAll(async () => {
    demo = await makeUser(t.app, { prefix: 'demo' });
    bystander = await makeUser(t.app, { prefix: 'by' });
    for (const [user, name] of [
      [demo, 'DemoStake'],
      [bystander, 'BystanderStake'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/casino-accounts', headers: user.auth, payload: { platform: 'Stake', username: name } });
      const id = res.json().account.id as string;
      expect((await t.app.inject({ method: 'POST', url: `/api/admin/users/${user.id}/casino-accounts/${id}/verify`, headers: admin.auth })).statusCode).toBe(
        200,
      );
    }
  });
  const demoRows = async () => t.app.db.select().from(wagers).where(eq(wagers.source, 'demo'));

  it('creates the sample players once, each with a verified Stake account', async () => {
    expect(await ensureDemoPlayers(t.app.db, clock.now())).toBe(DEMO_PLAYERS.length);
    expect(await ensureDemoPlayers(t.app.db, clock.now())).toBe(0);
    const accounts = await t.app.db
      .select({ state: casinoAccounts.state, partner: casinoAccounts.partner })
      .from(casinoAccounts)
      .innerJoin(users, eq(users.id, casinoAccounts.userId))
      .where(like(users.email, '%@demo-players.invalid'));
    expect(accounts).toHaveLength(DEMO_PLAYERS.length);
    expect(accounts.every((a) => a.state === 'verified' && a.partner === 'p1')).toBe(true);
  });

  it('backfills two weeks, then adds one period at a time; cumulative values only grow; points follow', async () => {
    const first = await runDemoFeed(t.app.db, clock.now(), demoEmail());
    expect(first.ran).toBe(true);
    expect(first.rows).toBeGreaterThan(DEMO_PLAYERS.length);
    expect(first.pointsCredited).toBeGreaterThan(0);
    const afterFirst = await demoRows();
    const days = new Set(afterFirst.map((r) => r.day));
    expect([...days].every((d) => d >= '2026-11-09' && d <= '2026-11-23')).toBe(true);
    expect(days.size).toBeGreaterThan(7);
    // The same period again does nothing.
    expect((await runDemoFeed(t.app.db, clock.now(), demoEmail())).ran).toBe(false);
    clock.advance(DEMO_FEED_INTERVAL_MS - 1000);
    expect((await runDemoFeed(t.app.db, clock.now(), demoEmail())).ran).toBe(false);

    const before = new Map(afterFirst.map((r) => [`${r.usernameKey}|${r.day}|${r.category}`, r.cents]));
    let grew = 0;
    for (let i = 0; i < 4; i += 1) {
      clock.advance(DEMO_FEED_INTERVAL_MS);
      const run = await runDemoFeed(t.app.db, clock.now(), demoEmail());
      expect(run.ran).toBe(true);
      grew += run.rows;
    }
    expect(grew).toBeGreaterThan(0);
    for (const row of await demoRows()) {
      const was = before.get(`${row.usernameKey}|${row.day}|${row.category}`);
      if (was !== undefined) expect(row.cents).toBeGreaterThanOrEqual(was);
    }
    // Points equal floor(dollars) of each sample player's wagers.
    const [sample] = await t.app.db
      .select()
      .from(users)
      .where(eq(users.email, `${DEMO_PLAYERS[0].toLowerCase()}@demo-players.invalid`));
    const [sum] = await t.app.db
      .select({ cents: sql<string>`coalesce(sum(${wagers.cents}), 0)` })
      .from(wagers)
      .where(eq(wagers.usernameKey, DEMO_PLAYERS[0].toLowerCase()));
    expect(sample!.points).toBe(Math.floor(Number(sum!.cents) / 100));
    expect(sample!.xp).toBe(sample!.points);
  });

  it('the admin console marks the sample players as demo players, and nobody else', async () => {
    const listed = await t.app.inject({ method: 'GET', url: `/api/admin/users?q=${DEMO_PLAYERS[0]}`, headers: admin.auth });
    expect(listed.statusCode, listed.body).toBe(200);
    const [sample] = listed.json().users as { id: string; name: string; flags: string[] }[];
    expect(sample).toMatchObject({ name: DEMO_PLAYERS[0], flags: ['Verified', 'Demo player'] });
    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/users/${sample!.id}`, headers: admin.auth });
    expect(detail.json().user.flags).toContain('Demo player');
    for (const real of [demo, bystander]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/users/${real.id}`, headers: admin.auth });
      expect(res.json().user.flags, real.username).not.toContain('Demo player');
    }
  });

  it("plays for the demo user's verified Stake account and for nobody else's", async () => {
    const rows = await demoRows();
    expect(rows.some((r) => r.usernameKey === 'demostake')).toBe(true);
    expect(rows.some((r) => r.usernameKey === 'bystanderstake')).toBe(false);
    expect(await pointsOf(t.app, demo.id)).toBeGreaterThan(0);
    expect(await pointsOf(t.app, bystander.id)).toBe(0);
  });

  it.runIf(testDbKind() === 'postgres')('runs once per period with several servers', async () => {
    clock.advance(DEMO_FEED_INTERVAL_MS);
    const runs = await Promise.all(Array.from({ length: 5 }, () => runDemoFeed(t.app.db, clock.now(), demoEmail())));
    expect(runs.filter((r) => r.ran)).toHaveLength(1);
  });

  it('DEMO_FEED: on by default on PGlite, off on PostgreSQL and in tests; true/false only', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demoFeed).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x@127.0.0.1/db' }).demoFeed).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x@127.0.0.1/db', DEMO_FEED: 'true' }).demoFeed).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_FEED: 'false' }).demoFeed).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).demoFeed).toBe(false);
    expect(() => loadConfig({ DEMO_FEED: 'yes' })).toThrow(ConfigError);
  });
});

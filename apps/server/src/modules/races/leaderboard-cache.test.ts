import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { raceStandings } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { makeUser, useTestAppWithAdmin } from '../../test/factories.ts';
import { busSettled } from '../../test/bus-settled.ts';
import { testDbKind } from '../../test/test-app.ts';

/**
 * The public race board is cached per process (platform/read-cache.ts) and dropped by the race's
 * live event: new wagers refresh the standings and the board shows them, on this server and
 * (PostgreSQL) on a second server of the same database whose clock stands still (its TTL never
 * ends the entry: only the event can).
 */
describe(`the cached race board follows the race's updates (${process.env.TEST_DB})`, () => {
  const clock = new ManualClock('2026-11-23T12:00:00.000Z');
  const { t, admin } = useTestAppWithAdmin({ SEED_CATALOGUE: 'false' }, { clock });
  let other: FastifyInstance | undefined;
  let otherDir: string | undefined;
  afterAll(async () => {
    await other?.close();
    if (otherDir) rmSync(otherDir, { recursive: true, force: true });
  });

  type Board = { race: { id: string } | null; standings: { wagered: number }[] };
  async function board(app: FastifyInstance): Promise<Board> {
    const res = await app.inject({ method: 'GET', url: '/api/leaderboard' });
    expect(res.statusCode).toBe(200);
    return res.json() as Board;
  }
  /** Reads until the board's first place shows `wagered` (the event crosses servers by NOTIFY); fails after 5 s. */
  async function untilFirst(app: FastifyInstance, wagered: number): Promise<void> {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const first = (await board(app)).standings[0]?.wagered;
      if (first === wagered) return;
      if (Date.now() > deadline) expect(first).toBe(wagered);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  async function importWagers(csv: string): Promise<void> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/wagers/import?partner=p1',
      headers: { ...admin.auth, 'content-type': 'text/csv' },
      payload: `username,date,category,wagered\n${csv}`,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('a wager import on one server refreshes the standings and every server drops its cached board', { timeout: 60_000 }, async () => {
    const servers = [t.app];
    if (testDbKind() === 'postgres') {
      otherDir = mkdtempSync(path.join(tmpdir(), 'rh-cache-'));
      other = await buildApp({ ...t.config, dataDir: otherDir }, { logger: false, clock, jobs: false });
      await other.ready();
      servers.push(other);
    }
    const player = await makeUser(t.app, { prefix: 'cached' });
    const casino = `cached_${Math.random().toString(36).slice(2, 8)}`;
    const account = await t.app.inject({ method: 'POST', url: '/api/casino-accounts', headers: player.auth, payload: { platform: 'Stake', username: casino } });
    expect(account.statusCode, account.body).toBe(201);
    const verify = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${player.id}/casino-accounts/${account.json().account.id}/verify`,
      headers: admin.auth,
    });
    expect(verify.statusCode).toBe(200);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/leaderboards',
      headers: admin.auth,
      payload: {
        name: 'Cached Monthly',
        metric: 'Total Wager',
        partnerId: 'p1',
        prizes: [{ position: '1', amount: 500 }],
        prizePool: 500,
        isGlobalRaffle: false,
        wagerToTicketRatio: 1000,
        isActive: true,
        startDate: '2026-11-01T00:00:00.000Z',
        endDate: '2026-12-01T00:00:00.000Z',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    await importWagers(`${casino},2026-11-02,slots,100`);
    for (const app of servers) await untilFirst(app, 100);

    // Every event of the writes so far has been heard (none is left to drop a cache later), and the
    // boards read since are cached.
    await busSettled(servers);
    for (const app of servers) await untilFirst(app, 100);
    // Kept standings changed behind the app's back (no event): every server answers its cached board.
    await t.app.db.update(raceStandings).set({ cents: 1 }).where(eq(raceStandings.leaderboardId, created.json().id));
    for (const app of servers) expect((await board(app)).standings[0]?.wagered).toBe(100);

    // New wagers refresh the standings in a transaction that announces the race: every board follows.
    await importWagers(`${casino},2026-11-03,slots,250`);
    for (const app of servers) await untilFirst(app, 350);
  });
});

import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PARTNERS } from '@app/shared/api/casino-accounts';
import type { WagerSyncPartner } from '@app/shared/api/wagers';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { auditLog, wagerSyncPartners, wagers } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { testDbKind } from '../../test/test-app.ts';
import { makeUser, pointsOf, type TestUser, useTestAppWithAdmin } from '../../test/factories.ts';
import { runDueWagerSyncs, runWagerSyncNow } from './sync-service.ts';

/** A local HTTP server that plays the partner casino: answers what `mode` says and records every request. */
type CasinoMode = 'ok' | 'http500' | 'badjson' | 'hang' | 'badrow' | 'future';
class FakeCasino {
  mode: CasinoMode = 'ok';
  rows: unknown[] = [];
  requests: { url: URL; headers: IncomingHttpHeaders }[] = [];
  private server: Server = createServer((request, response) => {
    this.requests.push({ url: new URL(request.url ?? '/', 'http://casino.test'), headers: request.headers });
    if (this.mode === 'hang') return; // never answers: the sync's timeout must end it
    if (this.mode === 'http500') {
      response.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    if (this.mode === 'badjson') response.end('{"result": {"rows": [ {"user": "x"');
    else if (this.mode === 'badrow') response.end(JSON.stringify({ result: { rows: [{ user: 'x', day: 'not a day', game: 'slots', usd: 5 }] } }));
    else if (this.mode === 'future')
      response.end(
        JSON.stringify({
          result: {
            rows: [
              { user: 'SyncStar', day: '2026-11-23', game: 'slots', usd: 5 },
              { user: 'SyncStar', day: '2099-01-01', game: 'slots', usd: 5 },
            ],
          },
        }),
      );
    else response.end(JSON.stringify({ result: { rows: this.rows }, generatedAt: 'now' }));
  });
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api/affiliate/wagers?site=ours`;
  }
  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const KEY = 'sk_live_very-secret-partner-key-1234';
const MAPPING = { items: 'result.rows', username: 'user', date: 'day', category: 'game', amount: 'usd', amountUnit: 'dollars' } as const;
const PERIOD = 15;

describe(`scheduled wager sync (${process.env.TEST_DB})`, () => {
  let player: TestUser;
  let pending: TestUser;
  let endpoint: string;
  const casino = new FakeCasino();
  const clock = new ManualClock('2026-11-23T12:00:00.000Z');
  // The local casino listens on 127.0.0.1: loopback must be allowed (sync-security.test.ts covers the default).
  const { t, admin } = useTestAppWithAdmin({ WAGER_SYNC_ALLOW_PRIVATE: 'true' }, { clock });

  beforeAll(async () => {
    endpoint = await casino.start();
    player = await makeUser(t.app, { prefix: 'syncp' });
    pending = await makeUser(t.app, { prefix: 'syncq' });
    const linked = await t.app.inject({
      method: 'POST',
      url: '/api/casino-accounts',
      headers: player.auth,
      payload: { platform: 'Stake', username: 'SyncStar' },
    });
    expect(linked.statusCode, linked.body).toBe(201);
    const verified = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${player.id}/casino-accounts/${linked.json().account.id}/verify`,
      headers: admin.auth,
    });
    expect(verified.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/casino-accounts', headers: pending.auth, payload: { platform: 'Stake', username: 'WaitingWill' } }))
        .statusCode,
    ).toBe(201);
  });
  afterAll(async () => {
    await casino.stop();
  });

  const settings = (fields: Record<string, unknown> = {}) => ({
    endpointUrl: endpoint,
    keyHeader: 'x-partner-key',
    mapping: MAPPING,
    enabled: true,
    periodMinutes: PERIOD,
    ...fields,
  });
  const put = (payload: unknown, headers = admin.auth, partner = 'p1') =>
    t.app.inject({ method: 'PUT', url: `/api/admin/wager-sync/${partner}`, headers, payload: payload as object });
  const list = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/wager-sync', headers: admin.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(KEY);
    return res.json().partners as WagerSyncPartner[];
  };
  const stake = async () => (await list()).find((p) => p.partner === 'p1')!;
  const runNow = () => t.app.inject({ method: 'POST', url: '/api/admin/wager-sync/p1/run', headers: admin.auth });
  const syncedRows = () =>
    t.app.db
      .select()
      .from(wagers)
      .where(and(eq(wagers.partner, 'p1'), eq(wagers.source, 'sync')));

  it('refuses anonymous (401) and non-admin (403) calls, and bad input (400) without saving anything', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/wager-sync'],
      ['PUT', '/api/admin/wager-sync/p1'],
      ['POST', '/api/admin/wager-sync/p1/run'],
    ] as const) {
      const anonymous = await t.app.inject({ method, url, payload: method === 'PUT' ? settings({ key: KEY }) : undefined });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const user = await t.app.inject({ method, url, headers: player.auth, payload: method === 'PUT' ? settings({ key: KEY }) : undefined });
      expect(user.statusCode, `${method} ${url}`).toBe(403);
      expect(user.json()).toMatchObject({ ok: false, code: expect.any(String) });
    }
    const bad = [
      settings({ endpointUrl: 'ftp://casino.test/wagers' }),
      settings({ endpointUrl: 'not a url' }),
      settings({ periodMinutes: 0 }),
      settings({ periodMinutes: 1441 }),
      settings({ periodMinutes: 1.5 }),
      settings({ keyHeader: 'x key' }),
      settings({ key: '' }),
      settings({ mapping: { ...MAPPING, username: '' } }),
      settings({ mapping: { ...MAPPING, amountUnit: 'euros' } }),
      settings({ mapping: { ...MAPPING, items: 'a..b' } }),
      settings({ enabled: 'yes' }),
      settings({ unknown: 1 }),
    ];
    for (const payload of bad) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, code: expect.any(String), error: expect.any(String) });
    }
    expect((await put(settings(), admin.auth, PARTNERS.find((p) => !p.earns)!.id)).statusCode).toBe(400);
    expect((await put(settings(), admin.auth, 'nope')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/wager-sync/zz/run', headers: admin.auth })).statusCode).toBe(400);
    // Nothing saved: every partner is still unconfigured, and running one is a 404.
    expect((await list()).every((p) => !p.configured && !p.hasKey)).toBe(true);
    expect((await list()).map((p) => p.partner)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
    expect((await runNow()).statusCode).toBe(404);
  });

  it('saves the settings (audited); the key is never returned, and saving without a key keeps it', async () => {
    const saved = await put(settings({ key: KEY, enabled: false }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(KEY);
    expect(saved.json()).toMatchObject({
      partner: 'p1',
      name: 'Stake',
      configured: true,
      hasKey: true,
      enabled: false,
      periodMinutes: PERIOD,
      mapping: MAPPING,
      delayed: false,
    });
    expect(saved.json()).not.toHaveProperty('key');
    const again = await put(settings());
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ hasKey: true, enabled: true });
    expect(await stake()).toMatchObject({
      hasKey: true,
      enabled: true,
      endpointUrl: endpoint,
      keyHeader: 'x-partner-key',
      lastSuccessAt: null,
      lastError: null,
    });
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'wager_sync.update'));
    expect(audits).toHaveLength(2);
    expect(audits.every((a) => a.actorId === admin.id && a.targetId === 'p1')).toBe(true);
    expect(JSON.stringify(audits)).not.toContain(KEY);
    // Encrypted at rest: the stored column holds neither the key nor a part of it.
    const [stored] = await t.app.db.select().from(wagerSyncPartners).where(eq(wagerSyncPartners.partner, 'p1'));
    expect(stored!.apiKey).toMatch(/^enc:v1:[A-Za-z0-9_-]+$/);
    expect(stored!.apiKey).not.toContain(KEY);
    expect(stored!.apiKey).not.toContain(KEY.slice(0, 8));
    expect(Buffer.from(stored!.apiKey!.slice('enc:v1:'.length), 'base64url').toString('latin1')).not.toContain(KEY.slice(0, 8));
  });

  it('a sync stores and credits through the same path as the import; the same data again changes nothing', async () => {
    casino.rows = [
      { user: 'SyncStar', day: '2026-11-22', game: 'slots', usd: 1200.75 },
      { user: 'SyncStar', day: '2026-11-23T09:30:00Z', game: 'Blackjack', usd: '300.5' },
      { user: 'syncstar', day: '2026-11-23', game: 'crash', usd: 10 },
      { user: 'syncstar', day: '2026-11-23', game: 'plinko', usd: 5 },
      { user: 'WaitingWill', day: '2026-11-23', game: 'slots', usd: 9000 },
    ];
    const before = await pointsOf(t.app, player.id);
    const res = await runNow();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.ok).toBe(true);
    // crash and plinko are both "other" and add up: 4 stored rows.
    expect(body.result).toEqual({ rows: 4, inserted: 4, updated: 0, unchanged: 0, pointsCredited: 1516, from: '2026-11-17', to: '2026-11-23' });
    expect(body.partner).toMatchObject({ lastSuccessAt: '2026-11-23T12:00:00.000Z', lastError: null, delayed: false, hasKey: true });
    expect(res.body).not.toContain(KEY);
    // The casino was asked for the range with the key in the configured header.
    const request = casino.requests.at(-1)!;
    expect(request.url.searchParams.get('from')).toBe('2026-11-17');
    expect(request.url.searchParams.get('to')).toBe('2026-11-23');
    expect(request.url.searchParams.get('site')).toBe('ours');
    expect(request.headers['x-partner-key']).toBe(KEY);
    // 1200.75 + 300.50 + 15 = 1516.25 → 1516 points for the verified account; nothing for the pending one.
    expect((await pointsOf(t.app, player.id)) - before).toBe(1516);
    expect(await pointsOf(t.app, pending.id)).toBe(0);
    const rows = await syncedRows();
    expect(rows.map((r) => [r.usernameKey, r.day, r.category, r.cents]).sort()).toEqual(
      [
        ['syncstar', '2026-11-22', 'slots', 120075],
        ['syncstar', '2026-11-23', 'blackjack', 30050],
        ['syncstar', '2026-11-23', 'other', 1500],
        ['waitingwill', '2026-11-23', 'slots', 900000],
      ].sort(),
    );

    const second = (await runNow()).json();
    expect(second.ok).toBe(true);
    expect(second.result).toMatchObject({ rows: 4, inserted: 0, updated: 0, unchanged: 4, pointsCredited: 0, from: '2026-11-22' });
    expect((await pointsOf(t.app, player.id)) - before).toBe(1516);
    expect(await syncedRows()).toEqual(rows);
    expect(await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'wager_sync.run'))).toHaveLength(2);
  });

  it('a failing casino (HTTP 500, bad JSON, a bad row, a timeout) records the last error and changes nothing', async () => {
    const rowsBefore = await syncedRows();
    const pointsBefore = await pointsOf(t.app, player.id);
    casino.rows = [{ user: 'SyncStar', day: '2026-11-23', game: 'slots', usd: 99_999 }];
    for (const [mode, message] of [
      ['http500', 'The casino answered HTTP 500.'],
      ['badjson', 'The casino answer is not valid JSON.'],
      ['badrow', 'Row 1: no valid date in "day".'],
      ['future', 'Row 2: 2099-01-01 is in the future.'],
    ] as const) {
      casino.mode = mode;
      clock.advance(60_000);
      const res = await runNow();
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ ok: false, result: null, error: message });
      expect(res.json().partner).toMatchObject({ lastError: message, lastErrorAt: clock.now().toISOString(), lastSuccessAt: '2026-11-23T12:00:00.000Z' });
    }
    casino.mode = 'hang';
    clock.advance(60_000);
    const timedOut = await runWagerSyncNow(t.app.bulkDb, 'p1', { actorId: admin.id, ip: null, userAgent: null }, clock.now(), { timeoutMs: 300 });
    expect(timedOut).toMatchObject({ ok: false, error: 'The casino did not answer in time.' });
    expect((await stake()).lastError).toBe('The casino did not answer in time.');
    expect(await syncedRows()).toEqual(rowsBefore);
    expect(await pointsOf(t.app, player.id)).toBe(pointsBefore);
    casino.mode = 'ok';
  });

  it("is 'delayed' after two periods without success, and the public leaderboard says so", async () => {
    const race = await t.app.inject({
      method: 'POST',
      url: '/api/admin/leaderboards',
      headers: admin.auth,
      payload: {
        name: 'Stake Monthly',
        metric: 'Total Wager',
        partnerId: 'p1',
        prizes: [{ position: '1', amount: 500 }],
        prizePool: 500,
        isGlobalRaffle: true,
        wagerToTicketRatio: 1000,
        isActive: true,
        startDate: '2026-11-01T00:00:00.000Z',
        endDate: '2026-12-01T00:00:00.000Z',
      },
    });
    expect(race.statusCode, race.body).toBe(201);
    const board = async () => (await t.app.inject({ method: 'GET', url: '/api/leaderboard' })).json();
    // The last success was at 12:00; the clock is at 12:04. Two periods (30 min) is not yet delayed.
    clock.set('2026-11-23T12:30:00.000Z');
    expect((await stake()).delayed).toBe(false);
    expect(await board()).toMatchObject({ delayed: false, dataAsOf: '2026-11-23T12:00:00.000Z' });
    clock.set('2026-11-23T12:30:01.000Z');
    expect((await stake()).delayed).toBe(true);
    expect(await board()).toMatchObject({ delayed: true, dataAsOf: '2026-11-23T12:00:00.000Z', race: { name: 'Stake Monthly' } });
    // Another partner's state does not touch this board.
    expect((await list()).filter((p) => p.partner !== 'p1').every((p) => !p.delayed)).toBe(true);

    // The scheduler's next successful run ends the delay.
    casino.rows = [{ user: 'SyncStar', day: '2026-11-23', game: 'slots', usd: 50 }];
    expect(await runDueWagerSyncs(t.app.bulkDb, clock.now())).toEqual({ synced: 1, failed: 0 });
    expect((await stake()).delayed).toBe(false);
    expect(await board()).toMatchObject({ delayed: false, dataAsOf: '2026-11-23T12:30:01.000Z' });
    // A disabled sync is never delayed.
    clock.set('2026-11-24T12:00:00.000Z');
    expect((await stake()).delayed).toBe(true);
    expect((await put(settings({ enabled: false }))).json()).toMatchObject({ delayed: false, enabled: false, hasKey: true });
    expect((await board()).delayed).toBe(false);
    expect((await put(settings())).statusCode).toBe(200);
  });

  it('the scheduler runs each partner once per period', async () => {
    const count = casino.requests.length;
    expect(await runDueWagerSyncs(t.app.bulkDb, clock.now())).toEqual({ synced: 1, failed: 0 });
    expect(await runDueWagerSyncs(t.app.bulkDb, clock.now())).toEqual({ synced: 0, failed: 0 });
    clock.advance((PERIOD - 1) * 60_000);
    await t.app.runJobs();
    expect(casino.requests.length).toBe(count + 1);
    clock.advance(60_000);
    await t.app.runJobs();
    expect(casino.requests.length).toBe(count + 2);
    // A failing run also waits for its next period.
    casino.mode = 'http500';
    clock.advance(PERIOD * 60_000);
    expect(await runDueWagerSyncs(t.app.bulkDb, clock.now())).toEqual({ synced: 0, failed: 1 });
    expect(await runDueWagerSyncs(t.app.bulkDb, clock.now())).toEqual({ synced: 0, failed: 0 });
    casino.mode = 'ok';
  });

  it.runIf(testDbKind() === 'postgres')('two servers running the scheduler at once sync a partner once', async () => {
    const other: FastifyInstance = await buildApp(t.config, { logger: false, clock });
    await other.ready();
    try {
      for (let round = 0; round < 3; round += 1) {
        clock.advance(PERIOD * 60_000);
        const count = casino.requests.length;
        await Promise.all([t.app.runJobs(), other.runJobs(), t.app.runJobs()]);
        expect(casino.requests.length, `round ${round}`).toBe(count + 1);
      }
    } finally {
      await other.close();
    }
  });
});

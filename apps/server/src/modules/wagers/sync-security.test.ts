import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { auditLog, wagerSyncPartners } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeUser, type TestUser } from '../../test/factories.ts';
import { checkEndpointForSave, EndpointRefusedError, guardedGet, refusedAddress } from './sync-endpoint.ts';
import { SecretDecryptError, secretBox, secretsKeyOf } from '../../platform/secret-box.ts';
import { CONNECT_FAILED } from './sync-adapter.ts';
import { rebindSealedKeys, runWagerSyncNow, sealPlainKeys } from './sync-service.ts';

/** The partner casino, on 127.0.0.1: records each request's headers. */
class Casino {
  requests: IncomingHttpHeaders[] = [];
  private server: Server = createServer((request, response) => {
    this.requests.push(request.headers);
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ rows: [] }));
  });
  port = 0;
  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }
  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const KEY = 'sk_live_plain-text-partner-key-5678';
const MAPPING = { items: 'rows', username: 'user', date: 'day', category: 'game', amount: 'usd', amountUnit: 'dollars' } as const;
const settings = (endpointUrl: string, fields: Record<string, unknown> = {}) => ({
  endpointUrl,
  keyHeader: 'x-api-key',
  mapping: MAPPING,
  enabled: false,
  periodMinutes: 60,
  ...fields,
});

describe(`wager sync security (${process.env.TEST_DB})`, () => {
  const casino = new Casino();
  const clock = new ManualClock('2026-11-23T12:00:00.000Z');
  let strict: TestApp; // the default: private networks refused
  let open: TestApp; // WAGER_SYNC_ALLOW_PRIVATE=true (as the tests' local casino needs)
  let strictAdmin: TestUser;
  let openAdmin: TestUser;
  beforeAll(async () => {
    await casino.start();
    strict = await createTestApp({}, { clock });
    open = await createTestApp({ WAGER_SYNC_ALLOW_PRIVATE: 'true' }, { clock });
    strictAdmin = await makeUser(strict.app, { admin: true, prefix: 'adm' });
    openAdmin = await makeUser(open.app, { admin: true, prefix: 'adm' });
  });
  afterAll(async () => {
    await strict?.close();
    await open?.close();
    await casino.stop();
  });

  const put = (t: TestApp, by: TestUser, payload: unknown, partner = 'p1') =>
    t.app.inject({ method: 'PUT', url: `/api/admin/wager-sync/${partner}`, headers: by.auth, payload: payload as object });

  it('private networks are refused by default and allowed only by the flag', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).wagerSyncAllowPrivate).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).wagerSyncAllowPrivate).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', WAGER_SYNC_ALLOW_PRIVATE: 'true' }).wagerSyncAllowPrivate).toBe(true);
    expect(() => loadConfig({ WAGER_SYNC_ALLOW_PRIVATE: 'yes' })).toThrow(ConfigError);
  });

  it('saving refuses (400, nothing saved) credentials in the URL, link-local and metadata addresses always, and loopback/private ones by default', async () => {
    const always = [
      ['http://169.254.169.254/latest/meta-data/', /link-local or a metadata address/],
      ['http://169.254.1.2:8080/wagers', /link-local or a metadata address/],
      ['http://[fe80::1]/wagers', /link-local or a metadata address/],
      ['http://[febf::1]/wagers', /link-local or a metadata address/],
      ['http://[::ffff:169.254.169.254]/wagers', /link-local or a metadata address/],
      ['http://0.0.0.0/wagers', /link-local or a metadata address/],
      ['http://[fd00:ec2::254]/wagers', /link-local or a metadata address/],
      ['http://100.100.100.200/latest/meta-data/', /link-local or a metadata address/],
      ['https://partner:secret@casino.example/wagers', /must not contain a user name or password/],
      ['https://token@casino.example/wagers', /must not contain a user name or password/],
      ['ftp://casino.example/wagers', /http or https/],
      ['file:///etc/passwd', /http or https/],
    ] as const;
    const privateOnes = [
      `http://127.0.0.1:${casino.port}/wagers`,
      'http://127.1.2.3/wagers',
      'http://10.0.0.8/wagers',
      'http://172.16.5.4/wagers',
      'http://172.31.255.1/wagers',
      'http://192.168.1.10/wagers',
      'http://100.64.0.1/wagers',
      'http://[::1]/wagers',
      'http://[::ffff:127.0.0.1]/wagers',
      // A host name is resolved at save time: localhost is 127.0.0.1.
      `http://localhost:${casino.port}/wagers`,
    ];
    for (const [url, message] of always) {
      for (const [t, admin] of [
        [strict, strictAdmin],
        [open, openAdmin],
      ] as const) {
        const res = await put(t, admin, settings(url, { key: KEY }));
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toMatchObject({ ok: false, code: 'VALIDATION_ERROR', error: expect.stringMatching(message) });
      }
    }
    for (const url of privateOnes) {
      const res = await put(strict, strictAdmin, settings(url, { key: KEY }));
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error, url).toMatch(/loopback or private network.*WAGER_SYNC_ALLOW_PRIVATE is off/);
    }
    expect(await strict.app.db.select().from(wagerSyncPartners)).toEqual([]);
    expect(await open.app.db.select().from(wagerSyncPartners)).toEqual([]);
    expect(await strict.app.db.select().from(auditLog).where(eq(auditLog.action, 'wager_sync.update'))).toEqual([]);
    // A public address passes the check (nothing is fetched on save).
    expect(await checkEndpointForSave('https://93.184.215.14/wagers', false)).toBeNull();
    // With the flag, loopback is allowed (the test casino).
    expect((await put(open, openAdmin, settings(`http://localhost:${casino.port}/wagers`))).statusCode).toBe(200);
  });

  it('the address check itself', () => {
    for (const ip of ['169.254.169.254', 'fe80::abcd', '::ffff:169.254.0.1', '224.0.0.1', '::']) {
      expect(refusedAddress(ip, true), ip).toMatch(/link-local/);
    }
    for (const ip of ['127.0.0.1', '10.1.1.1', '172.20.0.1', '192.168.0.1', '::1', 'fc00::1', '::ffff:10.0.0.1']) {
      expect(refusedAddress(ip, false), ip).toMatch(/private/);
      expect(refusedAddress(ip, true), ip).toBeNull();
    }
    for (const ip of ['93.184.215.14', '172.32.0.1', '2606:4700::1111', '8.8.8.8']) expect(refusedAddress(ip, false), ip).toBeNull();
  });

  it('cloud metadata addresses outside link-local (AWS fd00:ec2::254, Alibaba 100.100.100.200) are refused even with WAGER_SYNC_ALLOW_PRIVATE', async () => {
    for (const ip of ['fd00:ec2::254', 'FD00:EC2:0:0:0:0:0:254', '100.100.100.200', '::ffff:100.100.100.200']) {
      expect(refusedAddress(ip, true), ip).toMatch(/link-local or a metadata address/);
    }
    // Their neighbours stay private networks, allowed by the flag.
    for (const ip of ['fd00:ec2::253', '100.100.100.201']) expect(refusedAddress(ip, true), ip).toBeNull();
    for (const url of ['http://[fd00:ec2::254]/latest/meta-data/', 'http://100.100.100.200/latest/meta-data/']) {
      const res = await put(open, openAdmin, settings(url, { key: KEY }), 'p2');
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error, url).toMatch(/link-local or a metadata address/);
    }
  });

  it('a saved key goes only where it was saved for: another scheme, host, port or key header needs the key again', async () => {
    const endpoint = `http://127.0.0.1:${casino.port}/wagers`;
    expect((await put(open, openAdmin, settings(endpoint, { key: KEY }), 'p5')).statusCode).toBe(200);
    const [saved] = await open.app.db.select().from(wagerSyncPartners).where(eq(wagerSyncPartners.partner, 'p5'));
    const moves = [
      settings(`http://localhost:${casino.port}/wagers`), // host
      settings(`http://127.0.0.1:${casino.port + 1}/wagers`), // port
      settings(`https://127.0.0.1:${casino.port}/wagers`), // scheme
      settings(endpoint, { keyHeader: 'authorization' }), // key header
    ];
    for (const body of moves) {
      const res = await put(open, openAdmin, body, 'p5');
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ code: 'VALIDATION_ERROR', error: expect.stringMatching(/enter the key again/) });
    }
    const [after] = await open.app.db.select().from(wagerSyncPartners).where(eq(wagerSyncPartners.partner, 'p5'));
    expect(after).toEqual(saved);

    // The path, or the header's letter case, may change with the key kept; the key still authenticates.
    expect((await put(open, openAdmin, settings(`http://127.0.0.1:${casino.port}/v2/wagers`, { keyHeader: 'X-API-Key' }), 'p5')).statusCode).toBe(200);
    const run = await runWagerSyncNow(open.app.bulkDb, 'p5', { actorId: openAdmin.id, ip: null, userAgent: null }, clock.now());
    expect(run.ok, JSON.stringify(run)).toBe(true);
    expect(casino.requests.at(-1)!['x-api-key']).toBe(KEY);

    // A new destination with the key typed again is fine.
    expect((await put(open, openAdmin, settings(`http://localhost:${casino.port}/wagers`, { key: KEY }), 'p5')).statusCode).toBe(200);

    // The destination is bound into the encryption: a row whose endpoint changed behind the check does not decrypt, nothing is sent.
    await open.app.db.update(wagerSyncPartners).set({ endpointUrl: endpoint }).where(eq(wagerSyncPartners.partner, 'p5'));
    const before = casino.requests.length;
    const moved = await runWagerSyncNow(open.app.bulkDb, 'p5', { actorId: openAdmin.id, ip: null, userAgent: null }, clock.now());
    expect(moved).toMatchObject({ ok: false, error: expect.stringMatching(/cannot be decrypted/) });
    expect(casino.requests.length).toBe(before);
  });

  it('a key sealed before the endpoint was bound is sealed again for its saved endpoint at start', async () => {
    const box = secretBox(secretsKeyOf(open.config));
    await open.app.db.delete(wagerSyncPartners).where(eq(wagerSyncPartners.partner, 'p2'));
    await open.app.db.insert(wagerSyncPartners).values({
      partner: 'p2',
      endpointUrl: `http://127.0.0.1:${casino.port}/wagers`,
      apiKey: box.seal(KEY, 'p2'),
      keyHeader: 'x-partner-key',
      mapping: MAPPING,
      enabled: true,
    });
    expect(await rebindSealedKeys(open.app.db)).toBe(1);
    expect(await rebindSealedKeys(open.app.db)).toBe(0);
    const run = await runWagerSyncNow(open.app.bulkDb, 'p2', { actorId: openAdmin.id, ip: null, userAgent: null }, clock.now());
    expect(run.ok, JSON.stringify(run)).toBe(true);
    expect(casino.requests.at(-1)!['x-partner-key']).toBe(KEY);
  });

  it('a connect failure is recorded as a generic "could not reach the endpoint", the low-level reason only in the log', async () => {
    // A port nothing listens on: the connection is refused.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await open.app.db.delete(wagerSyncPartners).where(eq(wagerSyncPartners.partner, 'p2'));
    await open.app.db.insert(wagerSyncPartners).values({ partner: 'p2', endpointUrl: `http://127.0.0.1:${port}/wagers`, mapping: MAPPING, enabled: true });
    const logged: unknown[] = [];
    const run = await runWagerSyncNow(open.app.bulkDb, 'p2', { actorId: openAdmin.id, ip: null, userAgent: null }, clock.now(), {
      onError: (_partner, error) => logged.push(error),
    });
    expect(run).toMatchObject({ ok: false, error: CONNECT_FAILED });
    expect(CONNECT_FAILED).toBe('Could not reach the endpoint.');
    const [row] = await open.app.db.select().from(wagerSyncPartners).where(eq(wagerSyncPartners.partner, 'p2'));
    expect(row!.lastError).toBe('Could not reach the endpoint.');
    expect(run.error).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    expect(String(logged[0])).toMatch(/ECONNREFUSED/);
  });

  it('at connect time the host is resolved again and a refused address is never connected to (DNS rebinding)', async () => {
    // A row saved while the host pointed elsewhere (or before the check existed): localhost now resolves to 127.0.0.1.
    await strict.app.db
      .insert(wagerSyncPartners)
      .values({ partner: 'p2', endpointUrl: `http://localhost:${casino.port}/wagers`, mapping: MAPPING, enabled: true });
    const before = casino.requests.length;
    const run = await runWagerSyncNow(strict.app.bulkDb, 'p2', { actorId: strictAdmin.id, ip: null, userAgent: null }, clock.now());
    expect(run).toMatchObject({ ok: false, error: expect.stringMatching(/127\.0\.0\.1 is on a loopback or private network/) });
    expect(casino.requests.length).toBe(before);

    // A resolver that answered a public address at save time and now answers loopback.
    let answer = '93.184.215.14';
    const rebinding = async () => [{ address: answer, family: 4 }];
    expect(await checkEndpointForSave(`http://casino.rebind.test:${casino.port}/wagers`, false, rebinding)).toBeNull();
    answer = '127.0.0.1';
    const url = new URL(`http://casino.rebind.test:${casino.port}/wagers`);
    const get = (allowPrivate: boolean) =>
      guardedGet(url, { headers: {}, signal: AbortSignal.timeout(5_000), allowPrivate, maxBytes: 1000, resolver: rebinding });
    await expect(get(false)).rejects.toThrow(EndpointRefusedError);
    expect(casino.requests.length).toBe(before);
    // The same request with the flag connects to the address the guarded lookup handed out.
    expect(await get(true)).toMatchObject({ status: 200 });
    expect(casino.requests.length).toBe(before + 1);
    // An IP literal skips DNS: it is checked before connecting.
    await expect(
      guardedGet(new URL(`http://127.0.0.1:${casino.port}/`), { headers: {}, signal: AbortSignal.timeout(5_000), allowPrivate: false, maxBytes: 1000 }),
    ).rejects.toThrow(EndpointRefusedError);
    expect(casino.requests.length).toBe(before + 1);
  });

  it('a key stored in plain text (before encryption) is encrypted at start and still authenticates', async () => {
    await open.app.db.insert(wagerSyncPartners).values({
      partner: 'p3',
      endpointUrl: `http://127.0.0.1:${casino.port}/wagers`,
      apiKey: KEY,
      keyHeader: 'x-partner-key',
      mapping: MAPPING,
      enabled: true,
    });
    expect(await sealPlainKeys(open.app.db)).toBe(1);
    expect(await sealPlainKeys(open.app.db)).toBe(0);
    const [row] = await open.app.db.select().from(wagerSyncPartners).where(eq(wagerSyncPartners.partner, 'p3'));
    expect(row!.apiKey).toMatch(/^enc:v1:/);
    expect(row!.apiKey).not.toContain(KEY);
    const listed = await open.app.inject({ method: 'GET', url: '/api/admin/wager-sync', headers: openAdmin.auth });
    expect(listed.body).not.toContain(KEY);
    expect(listed.body).not.toContain(row!.apiKey!);
    const run = await runWagerSyncNow(open.app.bulkDb, 'p3', { actorId: openAdmin.id, ip: null, userAgent: null }, clock.now());
    expect(run.ok, JSON.stringify(run)).toBe(true);
    expect(casino.requests.at(-1)!['x-partner-key']).toBe(KEY);
  });

  it('AES-256-GCM: a fresh IV each time, bound to the partner, refused under another key; SECRETS_KEY is validated and preferred', () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: open.config.dataDir, JWT_SECRET: 'a'.repeat(40) });
    const box = secretBox(secretsKeyOf(config));
    const one = box.seal(KEY, 'p1');
    expect(one).not.toBe(box.seal(KEY, 'p1'));
    expect(box.open(one, 'p1')).toBe(KEY);
    expect(() => box.open(one, 'p2')).toThrow(SecretDecryptError);
    expect(() => box.open(`${one.slice(0, -4)}AAAA`, 'p1')).toThrow(SecretDecryptError);
    const otherJwt = secretBox(secretsKeyOf(loadConfig({ NODE_ENV: 'test', DATA_DIR: open.config.dataDir, JWT_SECRET: 'b'.repeat(40) })));
    expect(() => otherJwt.open(one, 'p1')).toThrow(/cannot be decrypted/);
    const hex = 'ab'.repeat(32);
    const withKey = loadConfig({ NODE_ENV: 'test', DATA_DIR: open.config.dataDir, JWT_SECRET: 'a'.repeat(40), SECRETS_KEY: hex });
    expect(secretsKeyOf(withKey).toString('hex')).toBe(hex);
    expect(() => secretBox(secretsKeyOf(withKey)).open(one, 'p1')).toThrow(SecretDecryptError);
    for (const bad of ['abc', 'zz'.repeat(32), 'ab'.repeat(31)])
      expect(() => loadConfig({ SECRETS_KEY: bad }), bad).toThrow(/SECRETS_KEY must be 64 hex characters/);
  });

  it('a key that no longer decrypts is recorded as the sync error, not a crash', async () => {
    const other = secretBox(Buffer.alloc(32, 7)).seal(KEY, 'p4');
    await open.app.db
      .insert(wagerSyncPartners)
      .values({ partner: 'p4', endpointUrl: `http://127.0.0.1:${casino.port}/wagers`, apiKey: other, mapping: MAPPING, enabled: true });
    const run = await runWagerSyncNow(open.app.bulkDb, 'p4', { actorId: openAdmin.id, ip: null, userAgent: null }, clock.now());
    expect(run).toMatchObject({ ok: false, error: expect.stringMatching(/cannot be decrypted.*save the key again/) });
  });
});

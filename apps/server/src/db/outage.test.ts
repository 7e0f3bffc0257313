import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startThrowawayCluster, throwawayClusterUnavailable, type ThrowawayCluster } from '../test/pg-cluster.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';
import { testDbKind } from '../test/test-app.ts';

/**
 * The process tests of database outages on real PostgreSQL (a request never hangs; the server
 * recovers without a restart): the real server (tsx) as a
 * child process on a throwaway cluster of its own, which the test stops and starts under load; and
 * a SIGTERM under load. They run in the server-pg project; where no throwaway cluster can be made
 * they are skipped, and the skipped test's name says why.
 */

const DEMO = { email: 'outage-demo@example.com', password: 'Outage-Demo-Pass-42' };
const REQUEST_LIMIT_MS = 5_000;

function startServer(databaseUrl: string, dataDir: string): Promise<ServerProcess> {
  return startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '8',
    JWT_SECRET: 'outage-test-secret-outage-test-secret-0123',
    DEMO_EMAIL: DEMO.email,
    DEMO_PASSWORD: DEMO.password,
    SEED_CATALOGUE: 'true',
    JOBS_INTERVAL_SECONDS: '1',
    WEB_DIST_DIR: dataDir,
  });
}

type Outcome = { path: string; startedAt: number; ms: number; status?: number; code?: string; error?: string };

async function call(base: string, url: string, init: RequestInit = {}): Promise<Outcome> {
  const startedAt = Date.now();
  try {
    // The abort only stops a hung request from hanging the test; the assertion is on `ms`.
    const res = await fetch(`${base}${url}`, { ...init, signal: AbortSignal.timeout(20_000) });
    const text = await res.text();
    let code: string | undefined;
    try {
      code = (JSON.parse(text) as { code?: string }).code;
    } catch {
      code = undefined;
    }
    return { path: url, startedAt, ms: Date.now() - startedAt, status: res.status, code };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { path: url, startedAt, ms: Date.now() - startedAt, error: cause?.code ?? cause?.message ?? String(error) };
  }
}

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...DEMO, rememberMe: false }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { tokens: { access: string } }).tokens.access;
}

async function until(condition: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const unavailable = testDbKind() === 'postgres' ? throwawayClusterUnavailable() : undefined;
const title =
  testDbKind() !== 'postgres'
    ? 'database outages (real PostgreSQL only: runs in the server-pg project)'
    : unavailable
      ? `database outages (SKIPPED: no throwaway PostgreSQL cluster can be made here: ${unavailable})`
      : 'database outages (a throwaway PostgreSQL cluster, the real server process)';

describe.skipIf(testDbKind() !== 'postgres' || unavailable !== undefined)(title, () => {
  let cluster: ThrowawayCluster;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rh-outage-'));
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    cluster = await startThrowawayCluster();
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
    }
    cluster?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('answers 503 DB_UNAVAILABLE within 5 s while PostgreSQL is stopped, and serves again by itself when it is back', { timeout: 240_000 }, async () => {
    const server = await startServer(cluster.url, dataDir);
    servers.push(server);
    const pid = server.child.pid;
    const token = await login(server.base);
    const auth = { headers: { authorization: `Bearer ${token}` } };

    // Load: six loops of database-backed calls (health, the signed-in user, the public raffles
    // and the user's orders) that run through the whole outage.
    const outcomes: Outcome[] = [];
    let running = true;
    const loop = async (url: string, init?: RequestInit) => {
      while (running) outcomes.push(await call(server.base, url, init));
    };
    const loops = [
      loop('/api/health'),
      loop('/api/auth/me', auth),
      loop('/api/auth/me', auth),
      loop('/api/raffles'),
      loop('/api/store/orders', auth),
      loop('/api/health'),
    ];
    const count = (predicate: (o: Outcome) => boolean, since = 0) => outcomes.filter((o) => o.startedAt >= since && predicate(o)).length;
    const ok = (o: Outcome) => o.status === 200;
    const down = (o: Outcome) => o.status === 503 && o.code === 'DB_UNAVAILABLE';

    try {
      await until(() => count(ok) >= 30, '30 answers before the outage');

      cluster.stop();
      const stoppedAt = Date.now();
      await until(() => count(down, stoppedAt) >= 30, '503 DB_UNAVAILABLE answers during the outage');
      const health = await call(server.base, '/api/health');
      expect(health).toMatchObject({ status: 503, code: 'DB_UNAVAILABLE' });
      const healthBody = (await (await fetch(`${server.base}/api/health`)).json()) as Record<string, unknown>;
      expect(healthBody).toMatchObject({ ok: false, code: 'DB_UNAVAILABLE', db: 'postgres', database: 'down' });
      expect(server.child.exitCode).toBeNull();

      cluster.start();
      const startedAt = Date.now();
      // Served again by itself: no restart of the server, only PostgreSQL came back.
      await until(() => count(ok, startedAt) >= 60 && outcomes.slice(-12).every(ok), 'steady 200 answers after PostgreSQL is back');
      for (const url of ['/api/health', '/api/auth/me', '/api/store/orders']) {
        expect((await call(server.base, url, auth)).status).toBe(200);
      }
    } finally {
      running = false;
      await Promise.all(loops);
    }

    // Nothing hung, nothing else than 200 or the 503 envelope, no dropped connection.
    const slow = outcomes.filter((o) => o.ms > REQUEST_LIMIT_MS);
    expect(slow, 'requests that took more than 5 s').toEqual([]);
    const unexpected = outcomes.filter((o) => !(ok(o) || down(o)));
    expect(unexpected, 'answers other than 200 or 503 DB_UNAVAILABLE').toEqual([]);
    expect(count(down)).toBeGreaterThanOrEqual(30);
    // The same process the whole time.
    expect(server.child.pid).toBe(pid);
    expect(server.child.exitCode).toBeNull();
    expect(server.child.signalCode).toBeNull();
    expect(server.output()).not.toMatch(/uncaught|unhandled/i);
  });

  it('on SIGTERM under load lets the requests in flight finish, refuses new ones, and answers no 5xx', { timeout: 120_000 }, async () => {
    const server = await startServer(cluster.url, dataDir);
    servers.push(server);

    // Background load on keep-alive connections through the stop.
    const outcomes: Outcome[] = [];
    let running = true;
    const loop = async () => {
      while (running) {
        const outcome = await call(server.base, '/api/raffles');
        outcomes.push(outcome);
        if (outcome.error) return; // the server stopped listening
      }
    };
    const loops = [loop(), loop(), loop(), loop()];
    await until(() => outcomes.length >= 20, 'load before the stop');

    // Slow requests in flight: logins (argon2). The signal goes once the first one is answered, so
    // the others were all sent and are being worked on.
    const logins = Array.from({ length: 6 }, () =>
      call(server.base, '/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', connection: 'close' },
        body: JSON.stringify({ ...DEMO, rememberMe: false }),
      }),
    );
    await Promise.race(logins);
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');

    const loginOutcomes = await Promise.all(logins);
    const exitCode = await server.exited;
    running = false;
    await Promise.all(loops);

    expect(loginOutcomes.map((o) => o.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(exitCode, server.output()).toBe(0);
    // No 5xx at any point, before or during the stop.
    expect(outcomes.filter((o) => o.status !== undefined && o.status >= 500)).toEqual([]);
    expect(outcomes.filter((o) => o.status !== undefined && o.status !== 200)).toEqual([]);
    // Requests that failed without an answer did so only after the signal (the server stopped
    // listening): refused, not answered with an error.
    expect(outcomes.filter((o) => o.error && o.startedAt < signalledAt - 50)).toEqual([]);
    // And a new connection after the stop is refused.
    const after = await call(server.base, '/api/health');
    expect(after.error).toBe('ECONNREFUSED');
  });

  it('on SIGTERM a keep-alive connection that a request begun before the stop leaves idle does not hold the stop', { timeout: 60_000 }, async () => {
    const server = await startServer(cluster.url, dataDir);
    servers.push(server);
    const { port } = new URL(server.base);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const body = JSON.stringify({ ...DEMO, rememberMe: false });
    try {
      // A login whose headers and half its body are sent: the server has begun it before the stop.
      let sendRest = () => {};
      const response = new Promise<http.IncomingMessage>((resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            path: '/api/auth/login',
            method: 'POST',
            agent,
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          },
          resolve,
        );
        request.on('error', reject);
        request.write(body.slice(0, 10));
        sendRest = () => request.end(body.slice(10));
      });
      // Another call answered after those bytes were sent: the server has read the login's headers.
      expect((await call(server.base, '/api/health')).status).toBe(200);
      server.child.kill('SIGTERM');
      sendRest();
      const res = await response;
      res.resume();
      expect(res.statusCode).toBe(200);
      // Answered keep-alive (it began before the stop), and the client leaves the connection open and idle.
      expect(res.headers.connection).toBe('keep-alive');
      // The stop does not wait for the client: exit 0, not the grace period's forced exit 1.
      expect(await server.exited, server.output()).toBe(0);
    } finally {
      agent.destroy();
    }
  });
});

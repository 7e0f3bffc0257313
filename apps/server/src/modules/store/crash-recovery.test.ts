import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_TOTP_SECRET } from '../auth/auth-test-helpers.ts';
import { processApi as api, processLogin as login, startServerProcess, type ServerProcess } from '../../test/server-process.ts';
import { testDbKind } from '../../test/test-app.ts';

/**
 * The crash test of the points economy (ARCHITECTURE: a crash keeps all of a spend or none): the real server (tsx, PGlite in DATA_DIR) killed with SIGKILL in the
 * middle of a stream of redemptions restarts with every acknowledged (201) order present and the
 * ledger reconciled. PGlite only (the server project): PostgreSQL's durability is its own.
 */

const ADMIN = { email: 'crash-admin@example.com', password: 'Crash-Admin-Pass-42' };
const DEMO = { email: 'crash-demo@example.com', password: 'Crash-Demo-Pass-42' };

function startServer(dataDir: string): Promise<ServerProcess> {
  return startServerProcess({
    DATA_DIR: dataDir,
    JWT_SECRET: 'crash-test-secret-crash-test-secret-0123',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_TOTP_SECRET: TEST_TOTP_SECRET,
    DEMO_EMAIL: DEMO.email,
    DEMO_PASSWORD: DEMO.password,
    SEED_CATALOGUE: 'true',
    // The demo feed would credit the demo user's Stake wagers meanwhile; the balance below is exact.
    DEMO_FEED: 'false',
    JOBS_INTERVAL_SECONDS: '0',
    WEB_DIST_DIR: dataDir,
  });
}

describe.skipIf(testDbKind() !== 'pglite')('crash recovery (PGlite, a real server process)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rh-crash-'));
  let server: ServerProcess | undefined;
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged order after SIGKILL mid-stream, and the ledger reconciles', { timeout: 180_000 }, async () => {
    server = await startServer(dataDir);
    const admin = await login(server.base, ADMIN);
    const demo = await login(server.base, DEMO);
    expect((await api(server.base, 'POST', `/api/admin/users/${demo.id}/points`, admin.token, { amount: 1_000_000, reason: 'crash test' })).status).toBe(200);
    const rewards = (await api(server.base, 'GET', '/api/store/rewards')).json.rewards as { id: string; price: number; stock: number | null }[];
    const reward = rewards.filter((r) => r.stock === null).sort((a, b) => a.price - b.price)[0]!;

    // Four streams of redemptions; the kill comes once 40 were acknowledged, with others in flight.
    const acknowledged: string[] = [];
    let killed = false;
    const { child, exited } = server;
    const stream = async () => {
      for (;;) {
        try {
          const res = await api(server!.base, 'POST', `/api/store/rewards/${reward.id}/redeem`, demo.token);
          if (res.status !== 201) throw new Error(`unexpected ${res.status}`);
          acknowledged.push((res.json.order as { id: string }).id);
          if (acknowledged.length >= 40 && !killed) {
            killed = true;
            child.kill('SIGKILL');
          }
        } catch (error) {
          if (killed) return;
          throw error;
        }
      }
    };
    await Promise.all([stream(), stream(), stream(), stream()]);
    await exited;
    expect(child.signalCode).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);

    server = await startServer(dataDir);
    const admin2 = await login(server.base, ADMIN);
    const demo2 = await login(server.base, DEMO);
    const orders = (await api(server.base, 'GET', '/api/store/orders', demo2.token)).json.orders as { id: string }[];
    const present = new Set(orders.map((o) => o.id));
    expect(acknowledged.filter((id) => !present.has(id))).toEqual([]);
    const check = await api(server.base, 'GET', '/api/admin/ledger/check', admin2.token);
    expect(check.status).toBe(200);
    expect(check.json).toMatchObject({ ok: true, mismatches: [] });
    const ledger = (await api(server.base, 'GET', '/api/points/ledger?pageSize=1', demo2.token)).json as { points: number };
    expect(ledger.points).toBe(12_500 + 1_000_000 - orders.length * reward.price);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_TOTP_SECRET } from '../auth/auth-test-helpers.ts';
import { processApi as api, processLogin as login, startServerProcess, type ServerProcess } from '../../test/server-process.ts';
import { createTestDatabase, testDbKind } from '../../test/test-app.ts';
import { openSse, type SseClient } from './sse-test-client.ts';

/**
 * The live channel across servers: two real server processes on one PostgreSQL database. A
 * member's event stream is open on server B; an admin declines the member's order on server A; B's
 * stream gets the notification and the new balance within 2 seconds (LISTEN/NOTIFY, nothing in one
 * process's memory); then a permanent ban on A ends that stream on B. PostgreSQL only.
 */

const ADMIN = { email: 'two-admin@example.com', password: 'Two-Servers-Admin-42' };
const DEMO = { email: 'two-demo@example.com', password: 'Two-Servers-Demo-42' };

describe.skipIf(testDbKind() !== 'postgres')('the live channel across two server processes on one PostgreSQL', () => {
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  let drop: (() => Promise<void>) | undefined;
  let stream: SseClient | undefined;
  afterAll(async () => {
    stream?.close();
    for (const s of servers) {
      if (s.child.exitCode === null) s.child.kill('SIGTERM');
      await s.exited;
    }
    await drop?.();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  async function start(url: string): Promise<ServerProcess> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rh-two-'));
    dirs.push(dataDir);
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      JWT_SECRET: 'two-servers-secret-two-servers-secret-0123',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_TOTP_SECRET: TEST_TOTP_SECRET,
      DEMO_EMAIL: DEMO.email,
      DEMO_PASSWORD: DEMO.password,
      SEED_CATALOGUE: 'true',
      JOBS_INTERVAL_SECONDS: '0',
      WEB_DIST_DIR: dataDir,
    });
    servers.push(server);
    return server;
  }

  it('a decline on server A reaches the member stream on server B within 2 seconds; a ban on A ends that stream', { timeout: 120_000 }, async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    const a = await start(database.url);
    const b = await start(database.url);
    const admin = await login(a.base, ADMIN);
    const demo = await login(b.base, DEMO);
    expect((await api(a.base, 'POST', `/api/admin/users/${demo.id}/points`, admin.token, { amount: 5_000, reason: 'two servers' })).status).toBe(200);
    const rewards = (await api(b.base, 'GET', '/api/store/rewards')).json.rewards as { id: string; price: number; stock: number | null }[];
    const reward = rewards.filter((r) => r.stock === null && r.price <= 5_000).sort((x, y) => x.price - y.price)[0]!;
    const redeemed = await api(b.base, 'POST', `/api/store/rewards/${reward.id}/redeem`, demo.token);
    expect(redeemed.status).toBe(201);
    const orderId = (redeemed.json.order as { id: string }).id;

    stream = await openSse(`${b.base}/api/events`, { authorization: `Bearer ${demo.token}` });
    expect(stream.status).toBe(200);
    await stream.next(() => true); // the preamble: the stream is registered on B

    const declinedAt = Date.now();
    expect((await api(a.base, 'POST', `/api/admin/orders/${orderId}/decline`, admin.token, { reason: 'Not in stock' })).status).toBe(200);
    const notification = await stream.next((f) => f.event === 'notification', 2_000);
    // The refund's balance (the redeem's own event may arrive first: it was committed just before).
    const balance = await stream.next((f) => f.event === 'balance' && JSON.parse(f.data).points === 12_500 + 5_000, 2_000);
    expect(Date.now() - declinedAt).toBeLessThan(2_000);
    expect(JSON.parse(notification.data).notification).toMatchObject({ type: 'order_declined' });
    expect(JSON.parse(notification.data).notification.body).toContain('Not in stock');
    expect(JSON.parse(balance.data)).toEqual({ points: 12_500 + 5_000 });

    // A permanent ban through server A ends the member's stream on server B.
    const bannedAt = Date.now();
    expect((await api(a.base, 'POST', `/api/admin/users/${demo.id}/restrictions`, admin.token, { kind: 'ban_permanent', reason: 'two servers' })).status).toBe(
      201,
    );
    await stream.end(2_000);
    expect(Date.now() - bannedAt).toBeLessThan(2_000);
    expect(stream.frames.filter((f) => f.event === 'notification').map((f) => JSON.parse(f.data).notification.type)).toContain('restriction_applied');
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { users } from '../../db/schema.ts';
import { createTestDatabase, testDbKind } from '../../test/test-app.ts';
import { latestVerificationToken, passSecondFactor, registerUser } from './auth-test-helpers.ts';

// The guards other modules put in front of their routes; routes are added here before ready().
describe(`guards: authenticate, requireVerified, requireAdmin (${process.env.TEST_DB})`, () => {
  let app: FastifyInstance;
  let dataDir: string;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'rh-guards-'));
    const database = testDbKind() === 'postgres' ? await createTestDatabase() : undefined;
    drop = database?.drop;
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      APP_ORIGIN: 'http://localhost:3000',
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    app = await buildApp(config, { inMemoryDb: !database, logger: false });
    app.get('/api/test/user', { onRequest: app.authenticate }, async (request) => ({ userId: request.userId }));
    app.get('/api/test/verified', { preHandler: app.requireVerified }, async (request) => ({
      username: request.currentUser!.username,
    }));
    app.get('/api/test/admin', { preHandler: app.requireAdmin }, async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (url: string, access?: string) => app.inject({ method: 'GET', url, headers: access ? { authorization: `Bearer ${access}` } : {} });

  it('generates the JWT secret once, mode 0600, when JWT_SECRET is not set', async () => {
    const { statSync, readFileSync } = await import('node:fs');
    const file = path.join(dataDir, 'jwt-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').length).toBeGreaterThanOrEqual(43);
  });

  it('lets each guard through only the right people', async () => {
    const u = await registerUser(app);
    for (const url of ['/api/test/user', '/api/test/verified', '/api/test/admin']) {
      expect((await get(url)).statusCode).toBe(401);
    }
    expect((await get('/api/test/user', u.access)).json()).toEqual({ userId: u.user.id });
    const unverified = await get('/api/test/verified', u.access);
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toMatchObject({ ok: false, code: 'EMAIL_NOT_VERIFIED' });

    await app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: latestVerificationToken(dataDir, u.email) },
    });
    expect((await get('/api/test/verified', u.access)).json()).toEqual({ username: u.user.username });
    const notAdmin = await get('/api/test/admin', u.access);
    expect(notAdmin.statusCode).toBe(403);
    expect(notAdmin.json()).toMatchObject({ ok: false, code: 'FORBIDDEN' });

    // isAdmin is read from the database on every call, and a demotion is immediate. With ADMIN_MFA=required
    // (the default) the admin's token must come from a session that passed the second factor (ASVS 4.0.3 V4.3.1).
    await app.db.update(users).set({ isAdmin: true }).where(eq(users.id, u.user.id));
    const withoutSecondFactor = await get('/api/test/admin', u.access);
    expect(withoutSecondFactor.statusCode).toBe(403);
    expect(withoutSecondFactor.json()).toMatchObject({ ok: false, code: 'MFA_REQUIRED' });
    const adminAccess = await passSecondFactor(app, u.user.id);
    expect((await get('/api/test/admin', adminAccess)).statusCode).toBe(200);
    await app.db.update(users).set({ isAdmin: false }).where(eq(users.id, u.user.id));
    expect((await get('/api/test/admin', adminAccess)).statusCode).toBe(403);

    // A deleted account's token no longer passes the guards that load the user.
    await app.db.delete(users).where(eq(users.id, u.user.id));
    expect((await get('/api/test/verified', u.access)).statusCode).toBe(401);
    expect((await get('/api/auth/me', u.access)).statusCode).toBe(401);
  });
});

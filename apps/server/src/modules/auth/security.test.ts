import { eq, sql } from 'drizzle-orm';
import { useTestApp } from '../../test/factories.ts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens, recoveryCodes, userTotp } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeUser } from '../../test/factories.ts';
import { RESET_TTL_MS } from './password-reset.ts';
import {
  GOOD_PASSWORD,
  verifiedUser,
  ORIGIN,
  TEST_TOTP_SECRET,
  TOTP_STEP_MS,
  loginUser,
  outboxMailsTo,
  passSecondFactor,
  randomIp,
  refresh,
  refreshCookieOf,
  registerUser,
  totpCode,
  uniqueEmail,
} from './auth-test-helpers.ts';

const ADMIN = { email: 'sec-admin@example.com', password: 'Sec-Admin-Pass-42' };
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

// Account security: password reset, sessions, two-factor sign-in and the admin second-factor rule.
describe(`account security (${process.env.TEST_DB})`, () => {
  let t: TestApp;
  // TOTP codes are checked against app.clock: a clock that stands still makes "the same code again" exact.
  const clock = new ManualClock(Date.now());
  const now = () => clock.now().getTime();
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ADMIN_TOTP_SECRET: TEST_TOTP_SECRET }, { clock });
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: randomIp() });
  const bearer = (access: string) => ({ authorization: `Bearer ${access}` });
  const forgot = async (email: string) => {
    const res = await post('/api/auth/forgot-password', { email });
    await t.app.backgroundWork.idle();
    return res;
  };
  const resetTokenFromMail = (email: string): string => {
    const mail = outboxMailsTo(t.config.dataDir, email).findLast((m) => m.includes('/reset-password?token='));
    expect(mail, `no reset mail to ${email}`).toBeDefined();
    return /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail!)![1]!;
  };
  const loginWith = (email: string, password: string, userAgent: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password, rememberMe: true },
      headers: { 'user-agent': userAgent },
      remoteAddress: randomIp(),
    });

  describe('password reset', () => {
    it('answers forgot-password alike for known and unknown addresses, and mails only the known one', async () => {
      const u = await registerUser(t.app);
      const unknown = uniqueEmail('nobody');
      const known = await forgot(u.email);
      const other = await forgot(unknown);
      expect(known.statusCode).toBe(200);
      expect(other.statusCode).toBe(known.statusCode);
      expect(other.body).toBe(known.body);
      expect(known.json()).toEqual({ ok: true });
      expect(resetTokenFromMail(u.email)).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
      expect(outboxMailsTo(t.config.dataDir, unknown)).toHaveLength(0);
      // Only the SHA-256 is stored.
      const [row] = await t.app.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, u.user.id));
      expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row!.tokenHash).not.toContain(resetTokenFromMail(u.email));
    });

    it('refuses bad input with 400 and limits requests per address (429)', async () => {
      for (const body of [{}, { email: 'not-an-email' }, { email: 'a@b.co', extra: 1 }, { email: 42 }]) {
        const res = await post('/api/auth/forgot-password', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
      }
      const email = uniqueEmail('limited');
      const answers = [];
      for (let i = 0; i < 4; i += 1) answers.push((await forgot(email)).statusCode);
      expect(answers).toEqual([200, 200, 200, 429]);
    });

    it('resets once with the mailed token, revokes every session and mails a notice', async () => {
      const u = await registerUser(t.app);
      const second = await loginUser(t.app, u.email);
      const secondCookie = refreshCookieOf(second)!;
      await forgot(u.email);
      const token = resetTokenFromMail(u.email);

      // A common password is refused without spending the token.
      const weak = await post('/api/auth/reset-password', { token, password: 'password123' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json()).toMatchObject({ code: 'WEAK_PASSWORD' });
      const short = await post('/api/auth/reset-password', { token, password: 'short' });
      expect(short.statusCode).toBe(400);
      expect(short.json()).toMatchObject({ code: 'VALIDATION_ERROR' });

      const newPassword = 'Brand-New-Pass-99';
      const ok = await post('/api/auth/reset-password', { token, password: newPassword });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({ ok: true });

      const again = await post('/api/auth/reset-password', { token, password: 'Another-Pass-123' });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ ok: false, code: 'INVALID_TOKEN' });

      // Every session is over: both refresh cookies fail at once.
      expect((await refresh(t.app, u.refresh)).statusCode).toBe(401);
      expect((await refresh(t.app, secondCookie)).statusCode).toBe(401);
      expect((await loginUser(t.app, u.email, GOOD_PASSWORD)).statusCode).toBe(401);
      expect((await loginUser(t.app, u.email, newPassword)).statusCode).toBe(200);
      const notice = outboxMailsTo(t.config.dataDir, u.email).at(-1)!;
      expect(notice).toContain('Subject: Your Rewards Hub password was changed');
    });

    it('refuses an expired, unknown or replaced token', async () => {
      const u = await registerUser(t.app);
      await forgot(u.email);
      const first = resetTokenFromMail(u.email);
      await forgot(u.email);
      const latest = resetTokenFromMail(u.email);
      expect(latest).not.toBe(first);
      // A newer link replaces the older one.
      expect((await post('/api/auth/reset-password', { token: first, password: 'Fresh-Pass-1234' })).statusCode).toBe(400);
      expect((await post('/api/auth/reset-password', { token: 'x'.repeat(43), password: 'Fresh-Pass-1234' })).statusCode).toBe(400);
      // 30 minutes pass: the link has expired.
      clock.advance(RESET_TTL_MS);
      const expired = await post('/api/auth/reset-password', { token: latest, password: 'Fresh-Pass-1234' });
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toMatchObject({ code: 'INVALID_TOKEN' });
      expect((await loginUser(t.app, u.email, GOOD_PASSWORD)).statusCode).toBe(200);
    });
  });

  describe('sessions', () => {
    it('lists the sessions with device, address and this one marked; ends one, then all others', async () => {
      const u = await registerUser(t.app);
      const chrome = await loginWith(u.email, GOOD_PASSWORD, CHROME);
      const firefox = await loginWith(u.email, GOOD_PASSWORD, FIREFOX);
      const access = (chrome.json() as { tokens: { access: string } }).tokens.access;

      const list = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(access) });
      expect(list.statusCode).toBe(200);
      const sessions = (list.json() as { sessions: { id: string; device: string; ip: string; current: boolean }[] }).sessions;
      expect(sessions).toHaveLength(3); // register, Chrome, Firefox
      const current = sessions.filter((s) => s.current);
      expect(current).toHaveLength(1);
      expect(current[0]!.device).toBe('Chrome 140 on Linux');
      expect(current[0]!.ip).toMatch(/^10\./);
      const ff = sessions.find((s) => s.device === 'Firefox 133 on Windows')!;
      expect(ff).toBeDefined();

      // End the Firefox session: its refresh fails at once; the others still work.
      const ended = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${ff.id}`, headers: bearer(access) });
      expect(ended.statusCode).toBe(200);
      expect((await refresh(t.app, refreshCookieOf(firefox))).statusCode).toBe(401);
      const chromeRefresh = await refresh(t.app, refreshCookieOf(chrome));
      expect(chromeRefresh.statusCode).toBe(200);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${ff.id}`, headers: bearer(access) })).statusCode).toBe(404);

      // Someone else's session is not found; a bad id is a 400; no token is a 401.
      const other = await registerUser(t.app);
      const otherList = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(other.access) });
      const otherId = (otherList.json() as { sessions: { id: string }[] }).sessions[0]!.id;
      expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${otherId}`, headers: bearer(access) })).statusCode).toBe(404);
      expect((await refresh(t.app, other.refresh)).statusCode).toBe(200);
      const bad = await t.app.inject({ method: 'DELETE', url: '/api/auth/sessions/not-a-uuid', headers: bearer(access) });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/sessions' })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'DELETE', url: '/api/auth/sessions' })).statusCode).toBe(401);

      // End all others: only this one is left, and the registration session's refresh fails.
      const rotatedCookie = refreshCookieOf(chromeRefresh)!;
      const all = await t.app.inject({ method: 'DELETE', url: '/api/auth/sessions', headers: bearer(access) });
      expect(all.json()).toEqual({ ok: true, ended: 1 });
      expect((await refresh(t.app, u.refresh)).statusCode).toBe(401);
      const left = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(access) });
      expect((left.json() as { sessions: { current: boolean }[] }).sessions).toEqual([expect.objectContaining({ current: true })]);
      expect((await refresh(t.app, rotatedCookie)).statusCode).toBe(200);
    });

    it('logout ends the session in the list', async () => {
      const u = await registerUser(t.app);
      const second = await loginUser(t.app, u.email);
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { origin: ORIGIN },
        cookies: { refresh_token: refreshCookieOf(second)! },
        payload: { refresh: null },
      });
      expect(out.statusCode).toBe(200);
      const list = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(u.access) });
      expect((list.json() as { sessions: unknown[] }).sessions).toHaveLength(1);
    });
  });

  describe('two-factor sign-in (TOTP)', () => {
    const enrol = async (access: string) => {
      const started = await post('/api/auth/mfa/enroll', { password: GOOD_PASSWORD }, bearer(access));
      expect(started.statusCode, started.body).toBe(200);
      const { secret, otpauthUrl } = started.json() as { secret: string; otpauthUrl: string };
      expect(otpauthUrl).toContain(`secret=${secret}`);
      expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Rewards%20Hub:/);
      return secret;
    };
    const mfa = (mfaToken: string, code: string) => post('/api/auth/mfa', { mfaToken, code });
    const loginForToken = async (email: string) => {
      const res = await loginUser(t.app, email);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { mfaRequired?: boolean; mfaToken?: string; tokens?: unknown };
      expect(body).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
      expect(refreshCookieOf(res)).toBeUndefined();
      return body.mfaToken!;
    };

    it('enrols with a code, signs in with a code and with a recovery code once, refuses wrong and replayed codes, turns off', async () => {
      const u = await verifiedUser(t.app, t.config.dataDir);
      const secret = await enrol(u.access);
      // Not on until confirmed: login still signs in directly.
      expect((await loginUser(t.app, u.email)).json()).toHaveProperty('tokens');

      const wrong = await post('/api/auth/mfa/enroll/confirm', { code: '000000' }, bearer(u.access));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'WRONG_CODE' });
      expect((await post('/api/auth/mfa/enroll/confirm', { code: 'abc' }, bearer(u.access))).statusCode).toBe(400);
      expect((await post('/api/auth/mfa/enroll/confirm', { code: await totpCode(secret, now()) })).statusCode).toBe(401);

      const confirmed = await post('/api/auth/mfa/enroll/confirm', { code: await totpCode(secret, now()) }, bearer(u.access));
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const { recoveryCodes: codes } = confirmed.json() as { recoveryCodes: string[] };
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}$/);
      // Stored hashed only.
      const stored = await t.app.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, u.user.id));
      expect(stored).toHaveLength(10);
      for (const row of stored) expect(codes.some((c) => row.codeHash.includes(c.replace(/-/g, '')))).toBe(false);
      expect((await post('/api/auth/mfa/enroll', { password: GOOD_PASSWORD }, bearer(u.access))).statusCode).toBe(409);

      // Login now needs the second step; a wrong code and a replay of the confirming code are refused.
      const mfaToken = await loginForToken(u.email);
      const bad = await mfa(mfaToken, '123456' === (await totpCode(secret, now())) ? '654321' : '123456');
      expect(bad.statusCode).toBe(401);
      expect(bad.json()).toMatchObject({ code: 'INVALID_CODE' });
      const replay = await mfa(mfaToken, await totpCode(secret, now()));
      expect(replay.statusCode).toBe(401);
      // The next time step's code (one step of drift allowed) is fresh.
      const good = await mfa(mfaToken, await totpCode(secret, now() + 30_000));
      expect(good.statusCode, good.body).toBe(200);
      expect(good.json()).toMatchObject({ user: { id: u.user.id } });
      expect(refreshCookieOf(good)).toBeDefined();
      // The mfaToken worked once.
      expect((await mfa(mfaToken, codes[0]!)).statusCode).toBe(401);

      // A recovery code works once (in any letter case, with or without dashes).
      const second = await loginForToken(u.email);
      expect((await mfa(second, codes[0]!.toLowerCase())).statusCode).toBe(200);
      const third = await loginForToken(u.email);
      expect((await mfa(third, codes[0]!)).statusCode).toBe(401);
      expect((await mfa(third, codes[1]!.replace(/-/g, ''))).statusCode).toBe(200);
      const status = await t.app.inject({ method: 'GET', url: '/api/auth/mfa', headers: bearer(u.access) });
      expect(status.json()).toMatchObject({ enabled: true, recoveryCodesLeft: 8, requiredForAdmin: false });

      // Turning off needs a code.
      expect((await post('/api/auth/mfa/disable', { code: '000000' }, bearer(u.access))).statusCode).toBe(400);
      expect((await post('/api/auth/mfa/disable', { code: codes[2]! })).statusCode).toBe(401);
      expect((await post('/api/auth/mfa/disable', { code: codes[2]! }, bearer(u.access))).statusCode).toBe(200);
      expect(await t.app.db.select().from(userTotp).where(eq(userTotp.userId, u.user.id))).toHaveLength(0);
      expect((await loginUser(t.app, u.email)).json()).toHaveProperty('tokens');
    });

    it('refuses malformed second steps with 400 and an unknown mfaToken with 401', async () => {
      for (const body of [{}, { mfaToken: 'x' }, { mfaToken: 'x', code: '12345' }, { mfaToken: 'x', code: '123456', extra: true }]) {
        const res = await post('/api/auth/mfa', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
      const unknown = await mfa('not-a-token', '123456');
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toMatchObject({ ok: false, code: 'INVALID_CODE' });
      for (const url of ['/api/auth/mfa/enroll', '/api/auth/mfa/verify', '/api/auth/mfa/disable']) {
        expect((await post(url, { code: '123456' })).statusCode, url).toBe(401);
      }
    });

    it('stops an mfaToken after five wrong codes', async () => {
      const u = await verifiedUser(t.app, t.config.dataDir);
      const secret = await enrol(u.access);
      expect((await post('/api/auth/mfa/enroll/confirm', { code: await totpCode(secret, now()) }, bearer(u.access))).statusCode).toBe(200);
      const mfaToken = await loginForToken(u.email);
      const right = await totpCode(secret, now() + 30_000);
      const wrong = right === '111111' ? '222222' : '111111';
      for (let i = 0; i < 5; i += 1) expect((await mfa(mfaToken, wrong)).statusCode).toBe(401);
      expect((await mfa(mfaToken, right)).statusCode).toBe(401);
    });
  });

  describe('double submits (real races on PostgreSQL; serialised on PGlite)', () => {
    it('one reset token used by 6 concurrent requests changes the password once', async () => {
      const u = await registerUser(t.app);
      await forgot(u.email);
      const token = resetTokenFromMail(u.email);
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => post('/api/auth/reset-password', { token, password: `Race-Pass-${i}-abcdef` })));
      const winners = answers.map((r, i) => ({ status: r.statusCode, i })).filter((a) => a.status === 200);
      expect(winners).toHaveLength(1);
      expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(5);
      expect((await loginUser(t.app, u.email, `Race-Pass-${winners[0]!.i}-abcdef`)).statusCode).toBe(200);
    });

    it('one TOTP code sent with 6 mfaTokens at once signs in once', async () => {
      const u = await verifiedUser(t.app, t.config.dataDir);
      const started = await post('/api/auth/mfa/enroll', { password: GOOD_PASSWORD }, bearer(u.access));
      const { secret } = started.json() as { secret: string };
      expect((await post('/api/auth/mfa/enroll/confirm', { code: await totpCode(secret, now()) }, bearer(u.access))).statusCode).toBe(200);
      const tokens = [];
      for (let i = 0; i < 6; i += 1) tokens.push((await loginUser(t.app, u.email)).json().mfaToken as string);
      const code = await totpCode(secret, now() + 30_000);
      const answers = await Promise.all(tokens.map((mfaToken) => post('/api/auth/mfa', { mfaToken, code })));
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(5);
    });

    it('wrong codes are limited per account across mfaTokens (429)', async () => {
      const u = await verifiedUser(t.app, t.config.dataDir);
      const started = await post('/api/auth/mfa/enroll', { password: GOOD_PASSWORD }, bearer(u.access));
      const { secret } = started.json() as { secret: string };
      expect((await post('/api/auth/mfa/enroll/confirm', { code: await totpCode(secret, now()) }, bearer(u.access))).statusCode).toBe(200);
      const wrong = (await totpCode(secret, now() + 30_000)) === '111111' ? '222222' : '111111';
      const statuses: number[] = [];
      for (let round = 0; round < 3; round += 1) {
        const mfaToken = (await loginUser(t.app, u.email)).json().mfaToken as string;
        for (let i = 0; i < 4; i += 1) statuses.push((await post('/api/auth/mfa', { mfaToken, code: wrong })).statusCode);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses.slice(10)).toEqual([429, 429]);
      const last = await post('/api/auth/mfa', { mfaToken: (await loginUser(t.app, u.email)).json().mfaToken, code: wrong });
      expect(last.statusCode).toBe(429);
      expect(last.headers['retry-after']).toBeDefined();
    });
  });

  describe('admins (ADMIN_MFA=required, the default)', () => {
    it('every admin route answers 403 MFA_REQUIRED to an admin token without the second factor', async () => {
      const login = await loginUser(t.app, ADMIN.email, ADMIN.password);
      // ADMIN_TOTP_SECRET preset the configured admin's TOTP: the login asks for the code.
      expect(login.json()).toMatchObject({ mfaRequired: true });

      const u = await registerUser(t.app);
      await t.app.db.execute(sql`update users set is_admin = true, email_verified = true where id = ${u.user.id}`);
      const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
      const adminRoutes = Object.entries(spec.paths)
        .filter(([path]) => path.startsWith('/api/admin'))
        .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })));
      expect(adminRoutes.length).toBeGreaterThanOrEqual(5);
      const checked: string[] = [];
      for (const route of adminRoutes) {
        const url = route.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
        const res: LightMyRequestResponse = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: { ...bearer(u.access), 'idempotency-key': crypto.randomUUID() },
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
        expect(res.statusCode, `${route.method} ${route.path}`).toBe(403);
        expect(res.json(), `${route.method} ${route.path}`).toMatchObject({ ok: false, code: 'MFA_REQUIRED' });
        checked.push(`${route.method} ${route.path}`);
      }
      expect(checked).toContain('GET /api/admin/orders');
    });

    it('the configured admin signs in with a code of ADMIN_TOTP_SECRET and gets in; an ended session does not', async () => {
      const login = await loginUser(t.app, ADMIN.email, ADMIN.password);
      const { mfaToken } = login.json() as { mfaToken: string };
      const res = await post('/api/auth/mfa', { mfaToken, code: await totpCode(TEST_TOTP_SECRET, now()) });
      expect(res.statusCode, res.body).toBe(200);
      const access = (res.json() as { tokens: { access: string } }).tokens.access;
      const orders = await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: bearer(access) });
      expect(orders.statusCode, orders.body).toBe(200);
      const status = await t.app.inject({ method: 'GET', url: '/api/auth/mfa', headers: bearer(access) });
      expect(status.json()).toMatchObject({ enabled: true, sessionVerified: true, requiredForAdmin: true });
      // Ending the session ends its admin access too: its access token is refused at once.
      expect((await t.app.inject({ method: 'DELETE', url: '/api/auth/sessions', headers: bearer(access) })).statusCode).toBe(200);
      const list = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(access) });
      const sessionId = (list.json() as { sessions: { id: string }[] }).sessions[0]!.id;
      await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${sessionId}`, headers: bearer(access) });
      const after = await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: bearer(access) });
      expect(after.statusCode).toBe(401);
      expect(after.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    });

    it('an admin without TOTP enrols, and the confirming session passes; admins cannot turn it off', async () => {
      const u = await registerUser(t.app);
      await t.app.db.execute(sql`update users set is_admin = true, email_verified = true where id = ${u.user.id}`);
      const before = await t.app.inject({ method: 'GET', url: '/api/auth/mfa', headers: bearer(u.access) });
      expect(before.json()).toEqual({ enabled: false, recoveryCodesLeft: 0, sessionVerified: false, requiredForAdmin: true });
      const started = await post('/api/auth/mfa/enroll', { password: GOOD_PASSWORD }, bearer(u.access));
      const { secret } = started.json() as { secret: string };
      const confirmed = await post('/api/auth/mfa/enroll/confirm', { code: await totpCode(secret, now()) }, bearer(u.access));
      expect(confirmed.statusCode).toBe(200);
      const { access, recoveryCodes: codes } = confirmed.json() as { access: string; recoveryCodes: string[] };
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: bearer(access) })).statusCode).toBe(200);
      // The old token (no second factor) still gets 403.
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: bearer(u.access) })).statusCode).toBe(403);
      const off = await post('/api/auth/mfa/disable', { code: codes[0]! }, bearer(access));
      expect(off.statusCode).toBe(403);
      // A refresh of the verified session keeps the second factor.
      const refreshed = await refresh(t.app, u.refresh);
      const next = (refreshed.json() as { access: string }).access;
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: bearer(next) })).statusCode).toBe(200);
    });

    it('the test helper passes the second factor the same way (makeUser admin)', async () => {
      const admin = await makeUser(t.app, { admin: true });
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: admin.auth })).statusCode).toBe(200);
      const user = await makeUser(t.app, { admin: true });
      const access = await passSecondFactor(t.app, user.id);
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: bearer(access) })).statusCode).toBe(200);
    });

    it('the helper moves the test clock one time step on instead of waiting, once both usable steps are spent', async () => {
      const user = await makeUser(t.app, { admin: true }); // this step's code
      const before = now();
      await passSecondFactor(t.app, user.id); // the next step's code (one step of drift)
      expect(now()).toBe(before);
      const access = await passSecondFactor(t.app, user.id); // both spent: the clock moves on
      expect(now()).toBe(before + TOTP_STEP_MS);
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: bearer(access) })).statusCode).toBe(200);
    });
  });
});

describe(`ADMIN_MFA=optional (${process.env.TEST_DB})`, () => {
  const t = useTestApp({ ADMIN_MFA: 'optional' });

  it('lets an admin token without the second factor through, and still answers 403 FORBIDDEN to a non-admin', async () => {
    const u = await registerUser(t.app);
    const get = (access: string) => t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: { authorization: `Bearer ${access}` } });
    expect((await get(u.access)).json()).toMatchObject({ code: 'FORBIDDEN' });
    await t.app.db.execute(sql`update users set is_admin = true where id = ${u.user.id}`);
    expect((await get(u.access)).statusCode).toBe(200);
    const status = await t.app.inject({ method: 'GET', url: '/api/auth/mfa', headers: { authorization: `Bearer ${u.access}` } });
    expect(status.json()).toMatchObject({ requiredForAdmin: false, sessionVerified: false });
  });
});

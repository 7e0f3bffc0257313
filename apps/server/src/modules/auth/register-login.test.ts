import { MeResponseSchema, UserSchema } from '@app/shared/api/auth';
import { useTestApp } from '../../test/factories.ts';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { createTestApp } from '../../test/test-app.ts';
import { GOOD_PASSWORD, loginUser, outboxMailsTo, randomIp, refreshCookie, registerUser, uniqueEmail } from './auth-test-helpers.ts';

describe(`register, login and me (${process.env.TEST_DB})`, () => {
  const t = useTestApp();

  const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: randomIp() });
  const me = (access?: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: access ? { authorization: `Bearer ${access}` } : {} });

  describe('POST /api/auth/register', () => {
    it('creates an unverified user and mails the link; the login that follows signs them in with a session cookie', async () => {
      const email = uniqueEmail('Mixed');
      const res = await post('/api/auth/register', { email, password: GOOD_PASSWORD, username: 'Fresh_User1' });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ ok: true, pendingVerification: true });
      expect(refreshCookie(res)).toBeUndefined();
      await t.app.backgroundWork.idle();

      const mails = outboxMailsTo(t.config.dataDir, email);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain('Content-Type: text/plain');
      expect(mails[0]).toContain('Content-Type: text/html');
      expect(mails[0]).toMatch(/http:\/\/localhost:3000\/verify-email\?token=[A-Za-z0-9_-]{43}/);

      const login = await loginUser(t.app, email);
      expect(login.statusCode).toBe(200);
      const body = login.json();
      expect(body.user).toMatchObject({ email, username: 'Fresh_User1', emailVerified: false, isAdmin: false, points: 0 });
      expect(body.user.uid).toMatch(/^RH-[A-Z2-9]{8}$/);
      expect(body.user).not.toHaveProperty('passwordHash');
      const cookie = refreshCookie(login)!;
      expect(cookie).toMatchObject({ httpOnly: true, path: '/api/auth', sameSite: 'Strict' });
      expect(cookie.maxAge).toBeUndefined(); // a session cookie
      expect(cookie.secure).toBeFalsy(); // APP_ORIGIN is http here

      const who = await me(body.tokens.access);
      expect(who.statusCode).toBe(200);
      expect(who.json().user.email).toBe(email);
    });

    it('derives a username from the e-mail when none is given', async () => {
      const a = await registerUser(t.app, { email: 'john.doe+x@example.com' });
      expect(a.user.username).toBe('john_doe_x');
      const b = await registerUser(t.app, { email: 'john.doe+x@example.org' });
      expect(b.user.username).toMatch(/^john_doe_x?_\d+$/);
      expect(b.user.username.length).toBeLessThanOrEqual(20);
      const c = await registerUser(t.app, { email: 'a@example.net' });
      expect(c.user.username).toMatch(/^[A-Za-z0-9_]{3,20}$/);
    });

    it('answers a taken e-mail (any case) exactly like a new one, mails its owner, and changes nothing', async () => {
      const first = await registerUser(t.app, { username: 'TakenName' });
      await t.app.backgroundWork.idle();
      const mailsBefore = outboxMailsTo(t.config.dataDir, first.email).length;
      const fresh = await post('/api/auth/register', { email: uniqueEmail(), password: GOOD_PASSWORD });
      const sameEmail = await post('/api/auth/register', { email: first.email.toUpperCase(), password: 'Another-Pass-99' });
      expect(sameEmail.statusCode).toBe(fresh.statusCode);
      expect(sameEmail.body).toBe(fresh.body);
      expect(sameEmail.headers['set-cookie']).toBe(fresh.headers['set-cookie']);
      await t.app.backgroundWork.idle();
      const mails = outboxMailsTo(t.config.dataDir, first.email);
      expect(mails).toHaveLength(mailsBefore + 1);
      expect(mails.at(-1)).toContain('Someone tried to register with your address');
      expect(mails.at(-1)).not.toMatch(/verify-email\?token=/);
      // The account is untouched: its password is still the owner's.
      expect((await loginUser(t.app, first.email, 'Another-Pass-99')).statusCode).toBe(401);
      expect((await loginUser(t.app, first.email)).statusCode).toBe(200);
    });

    it('answers a taken username (any case) with 409', async () => {
      const sameName = await post('/api/auth/register', { email: uniqueEmail(), password: GOOD_PASSWORD, username: 'takenNAME' });
      expect(sameName.statusCode).toBe(409);
      expect(sameName.json()).toMatchObject({ ok: false, code: 'USERNAME_TAKEN' });
    });

    it.each([
      ['a malformed e-mail', { email: 'not-an-email', password: GOOD_PASSWORD }],
      ['a short password', { email: 'short@example.com', password: 'Ab1!xyz' }],
      ['a username with a space', { email: 'space@example.com', password: GOOD_PASSWORD, username: 'two words' }],
      ['a 2-letter username', { email: 'two@example.com', password: GOOD_PASSWORD, username: 'ab' }],
      ['a 21-letter username', { email: 'long@example.com', password: GOOD_PASSWORD, username: 'a'.repeat(21) }],
      ['an unknown field', { email: 'extra@example.com', password: GOOD_PASSWORD, isAdmin: true }],
      ['no password', { email: 'nopass@example.com' }],
    ])('refuses %s with 400', async (_name, payload) => {
      const res = await post('/api/auth/register', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR', error: expect.any(String) });
    });

    it('refuses a common password with 400 WEAK_PASSWORD', async () => {
      const res = await post('/api/auth/register', { email: uniqueEmail(), password: 'Password123' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, code: 'WEAK_PASSWORD' });
    });

    it('still creates the account when the mail cannot be sent', async () => {
      const failing = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
      try {
        const email = uniqueEmail();
        const res = await failing.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password: GOOD_PASSWORD } });
        expect(res.statusCode).toBe(202);
        await failing.app.backgroundWork.idle();
        const [row] = await failing.app.db.select().from(users).where(eq(users.email, email));
        expect(row!.emailVerified).toBe(false);
      } finally {
        await failing.close();
      }
    });
  });

  describe('POST /api/auth/login', () => {
    it('signs in by e-mail or username in any case; rememberMe makes the cookie persistent for 30 days', async () => {
      const u = await registerUser(t.app, { username: 'LoginByName' });
      const byEmail = await loginUser(t.app, u.email.toUpperCase());
      expect(byEmail.statusCode).toBe(200);
      expect(byEmail.json().user).toMatchObject({ id: u.user.id, username: 'LoginByName' });
      expect(refreshCookie(byEmail)!.maxAge).toBeUndefined();

      const byName = await loginUser(t.app, 'loginbyname', GOOD_PASSWORD, true);
      expect(byName.statusCode).toBe(200);
      const cookie = refreshCookie(byName)!;
      expect(cookie).toMatchObject({ httpOnly: true, path: '/api/auth', sameSite: 'Strict' });
      expect(cookie.maxAge).toBeGreaterThan(30 * 24 * 3600 - 60);
      expect(cookie.maxAge).toBeLessThanOrEqual(30 * 24 * 3600);
      expect((await me(byName.json().tokens.access)).statusCode).toBe(200);
    });

    it('answers a wrong password and an unknown account with the same 401', async () => {
      const u = await registerUser(t.app);
      const wrong = await loginUser(t.app, u.email, 'Wrong-Password-1');
      const unknown = await loginUser(t.app, uniqueEmail('ghost'), 'Wrong-Password-1');
      const unknownName = await loginUser(t.app, 'nobody_here', 'Wrong-Password-1');
      for (const res of [wrong, unknown, unknownName]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ ok: false, code: 'INVALID_CREDENTIALS', error: 'Invalid email/username or password.' });
        expect(refreshCookie(res)).toBeUndefined();
      }
    });

    it.each([
      ['a blank identifier', { email: '   ', password: 'x' }],
      ['a blank password', { email: 'someone', password: '   ' }],
      ['rememberMe as a string', { email: 'someone', password: 'x', rememberMe: 'yes' }],
      ['an unknown field', { email: 'someone', password: 'x', admin: true }],
    ])('refuses %s with 400', async (_name, payload) => {
      const res = await post('/api/auth/login', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    });

    it('returns the blank-field message of spec 1 §5', async () => {
      const res = await post('/api/auth/login', { email: '', password: '' });
      expect(res.json().error).toContain('Enter email/username and password');
    });
  });

  describe('GET /api/auth/me', () => {
    it('is 401 without a token, with a malformed one, a forged one, an expired one or alg none', async () => {
      const u = await registerUser(t.app);
      const key = new TextEncoder().encode(t.config.jwtSecret);
      const expired = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(u.user.id)
        .setIssuer('rewards-hub')
        .setAudience('rewards-hub-api')
        .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
        .sign(key);
      const forged = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(u.user.id)
        .setIssuer('rewards-hub')
        .setAudience('rewards-hub-api')
        .setIssuedAt()
        .setExpirationTime('15m')
        .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
      const [header, payload] = u.access.split('.');
      const algNone = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
      const wrongAlgHeader = `${Buffer.from(JSON.stringify({ alg: 'HS512', typ: 'JWT' })).toString('base64url')}.${payload}.${u.access.split('.')[2]}`;
      expect(header).toBeDefined();

      for (const token of [undefined, 'garbage', expired, forged, algNone, wrongAlgHeader]) {
        const res = await me(token);
        expect(res.statusCode, String(token)).toBe(401);
        expect(res.json()).toMatchObject({ ok: false, code: 'UNAUTHORIZED' });
      }
      expect((await me(u.access)).statusCode).toBe(200);
    });

    it('answers with exactly the contract User, read fresh on every call (the flags are never cached)', async () => {
      const u = await registerUser(t.app);
      const first = await me(u.access);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      const [row] = await t.app.db.select().from(users).where(eq(users.id, u.user.id));
      expect(first.json()).toEqual({
        user: {
          id: row!.id,
          uid: row!.uid,
          username: row!.username,
          email: row!.email,
          emailVerified: row!.emailVerified,
          isAdmin: row!.isAdmin,
          points: row!.points,
          createdAt: row!.createdAt.toISOString(),
        },
      });
      // A strict parse fails on any field beyond the contract's (no hash, no addresses).
      expect(MeResponseSchema.extend({ user: UserSchema.strict() }).strict().safeParse(first.json()).success).toBe(true);
      await t.app.db.update(users).set({ isAdmin: true, emailVerified: !row!.emailVerified, points: 77 }).where(eq(users.id, row!.id));
      expect((await me(u.access)).json().user).toMatchObject({ isAdmin: true, emailVerified: !row!.emailVerified, points: 77 });
    });

    it('issues access tokens that expire after 15 minutes', async () => {
      const u = await registerUser(t.app);
      const claims = JSON.parse(Buffer.from(u.access.split('.')[1]!, 'base64url').toString()) as { exp: number; iat: number };
      expect(claims.exp - claims.iat).toBe(15 * 60);
    });
  });

  it('lists every auth and profile call in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, object> };
    for (const p of [
      '/api/auth/register',
      '/api/auth/login',
      '/api/auth/refresh',
      '/api/auth/logout',
      '/api/auth/me',
      '/api/auth/resend-verification',
      '/api/auth/verify-email',
      '/api/profile',
      '/api/profile/complete',
    ]) {
      expect(doc.paths, p).toHaveProperty(p);
    }
  });
});

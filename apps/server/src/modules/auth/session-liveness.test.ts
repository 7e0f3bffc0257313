import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REFRESH_TOKEN_TTL_DAYS, SESSION_MAX_HOURS_WITHOUT_REMEMBER } from '@app/shared/api/auth';
import { authSessions } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { createActiveRaffle, makeUser, pointsOf, useTestAppWithAdmin } from '../../test/factories.ts';
import { loginUser, logout, outboxMailsTo, randomIp, refresh, refreshCookieOf, registerUser } from './auth-test-helpers.ts';

const HOUR = 60 * 60 * 1000;

/**
 * An access token is only as good as its session: logout, "end this session", "sign out everywhere",
 * a password reset and a refresh-token reuse alarm each refuse the session's access tokens on the
 * next call (not 15 minutes later), and a session ends for good at its absolute lifetime.
 */
describe(`access tokens end with their session (${process.env.TEST_DB})`, () => {
  const clock = new ManualClock('2026-11-23T12:00:00.000Z');
  const { t, admin } = useTestAppWithAdmin({}, { clock });

  const bearer = (access: string) => ({ authorization: `Bearer ${access}` });
  const get = (url: string, access: string) => t.app.inject({ method: 'GET', url, headers: bearer(access) });
  const post = (url: string, access: string, payload: unknown = {}) =>
    t.app.inject({ method: 'POST', url, headers: bearer(access), payload: payload as Record<string, unknown> });

  /** The member calls of each guard: /me (one statement), authenticate, loadUser, and TOTP enrolment. */
  async function expectRefused(access: string) {
    for (const res of [
      await get('/api/auth/me', access),
      await get('/api/auth/sessions', access),
      await get('/api/auth/mfa', access),
      await post('/api/auth/mfa/enroll', access, { password: 'Correct-Horse-42' }),
      await get('/api/points/ledger', access),
    ]) {
      expect(res.statusCode, `${res.raw.req.url}: ${res.body}`).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', error: 'Your session has ended. Please sign in again.' });
    }
  }

  async function signedIn(email: string, password: string, rememberMe = false) {
    const res = await loginUser(t.app, email, password, rememberMe);
    expect(res.statusCode, res.body).toBe(200);
    return { access: (res.json() as { tokens: { access: string } }).tokens.access, refresh: refreshCookieOf(res)! };
  }

  it('logout refuses the old access token on the next call', async () => {
    const u = await registerUser(t.app);
    expect((await get('/api/auth/me', u.access)).statusCode).toBe(200);
    const out = await logout(t.app, u.refresh);
    expect(out.statusCode).toBe(200);
    await expectRefused(u.access);
  });

  it('"end this session" and "sign out everywhere" refuse the ended sessions\' tokens, and keep the caller\'s', async () => {
    const u = await registerUser(t.app);
    const phone = await signedIn(u.email, u.password);
    const tablet = await signedIn(u.email, u.password);
    const list = await get('/api/auth/sessions', u.access);
    const phoneClaims = await t.app.accessTokens.verifyClaims(phone.access);
    expect((list.json() as { sessions: { id: string }[] }).sessions.map((s) => s.id)).toContain(phoneClaims!.sessionId);
    const ended = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${phoneClaims!.sessionId}`, headers: bearer(u.access) });
    expect(ended.statusCode).toBe(200);
    await expectRefused(phone.access);
    expect((await get('/api/auth/me', tablet.access)).statusCode).toBe(200);

    const everywhere = await t.app.inject({ method: 'DELETE', url: '/api/auth/sessions', headers: bearer(u.access) });
    expect(everywhere.json()).toMatchObject({ ok: true, ended: 1 });
    await expectRefused(tablet.access);
    expect((await get('/api/auth/me', u.access)).statusCode).toBe(200);
  });

  it('a password reset refuses every earlier access token', async () => {
    const u = await registerUser(t.app);
    const other = await signedIn(u.email, u.password);
    const forgot = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress: randomIp(), payload: { email: u.email } });
    expect(forgot.statusCode).toBe(200);
    await t.app.backgroundWork.idle();
    const mail = outboxMailsTo(t.config.dataDir, u.email).findLast((m) => m.includes('/reset-password?token='))!;
    const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail)![1]!;
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'Brand-New-Pass-77' } });
    expect(reset.statusCode, reset.body).toBe(200);
    await expectRefused(u.access);
    await expectRefused(other.access);
  });

  it('a refresh-token reuse alarm ends the session row, and its access tokens with it', async () => {
    const u = await signedIn((await registerUser(t.app)).email, 'Correct-Horse-42');
    const rotated = await refresh(t.app, u.refresh);
    expect(rotated.statusCode).toBe(200);
    const fresh = (rotated.json() as { access: string }).access;
    // The old refresh token comes back: a thief or a replay. The family and the session end.
    expect((await refresh(t.app, u.refresh)).statusCode).toBe(401);
    const sessionId = (await t.app.accessTokens.verifyClaims(fresh))!.sessionId!;
    const [row] = await t.app.db.select().from(authSessions).where(eq(authSessions.id, sessionId));
    expect(row!.endedAt).not.toBeNull();
    await expectRefused(fresh);
    await expectRefused(u.access);
  });

  it("the raffle entry's one statement refuses an ended session and spends nothing", async () => {
    const raffle = await createActiveRaffle(t.app, admin, clock.now(), { pointsCost: 10 });
    const member = await makeUser(t.app, { points: 100 });
    const enter = () => t.app.inject({ method: 'POST', url: `/api/raffles/${raffle}/enter`, headers: { ...member.auth, 'idempotency-key': randomUUID() } });
    expect((await enter()).statusCode).toBe(201);
    const view = () => t.app.inject({ method: 'GET', url: `/api/raffles/${raffle}`, headers: member.auth });
    expect((await view()).json()).toMatchObject({ raffle: { entered: true } });
    const ended = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${member.sessionId}`, headers: member.auth });
    expect(ended.statusCode).toBe(200);
    const refused = await enter();
    expect(refused.statusCode, refused.body).toBe(401);
    expect(await pointsOf(t.app, member.id)).toBe(90);
    // The public view treats the ended session's token as a visitor's.
    expect((await view()).json().raffle).not.toHaveProperty('entered');
  });

  it('a token that names no session is refused', async () => {
    const member = await makeUser(t.app);
    const bare = await t.app.accessTokens.sign(member.id);
    expect((await get('/api/auth/me', bare)).statusCode).toBe(401);
    expect((await get('/api/auth/sessions', bare)).statusCode).toBe(401);
  });

  describe('absolute session lifetime', () => {
    /** Refreshes every `stepMs` until `totalMs` passed; the status of each refresh. */
    async function keepRefreshing(token: string, stepMs: number, totalMs: number): Promise<{ statuses: number[]; token: string }> {
      const statuses: number[] = [];
      let current = token;
      for (let passed = 0; passed < totalMs; passed += stepMs) {
        clock.advance(stepMs);
        const res = await refresh(t.app, current);
        statuses.push(res.statusCode);
        if (res.statusCode !== 200) break;
        current = refreshCookieOf(res)!;
      }
      return { statuses, token: current };
    }

    it(`without "remember me" a session ends ${SESSION_MAX_HOURS_WITHOUT_REMEMBER} hours after sign-in, however often it refreshes`, async () => {
      const u = await registerUser(t.app);
      const s = await signedIn(u.email, u.password, false);
      const until = await keepRefreshing(s.refresh, HOUR, (SESSION_MAX_HOURS_WITHOUT_REMEMBER - 1) * HOUR);
      expect(until.statuses.every((status) => status === 200)).toBe(true);
      clock.advance(HOUR + 1000);
      const after = await refresh(t.app, until.token);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toMatchObject({ code: 'UNAUTHORIZED', error: 'Your session has ended. Please sign in again.' });
    });

    it(`with "remember me" a session ends ${REFRESH_TOKEN_TTL_DAYS} days after sign-in, however often it refreshes`, async () => {
      const u = await registerUser(t.app);
      const s = await signedIn(u.email, u.password, true);
      const until = await keepRefreshing(s.refresh, 24 * HOUR, (REFRESH_TOKEN_TTL_DAYS - 1) * 24 * HOUR);
      expect(until.statuses.every((status) => status === 200)).toBe(true);
      // The persistent cookie's Max-Age counts down to the same end, not 30 more days.
      clock.advance(23 * HOUR);
      const last = await refresh(t.app, until.token);
      expect(last.statusCode).toBe(200);
      const cookie = last.cookies.find((c) => c.name === 'refresh_token')!;
      expect(cookie.maxAge).toBeLessThanOrEqual(HOUR / 1000);
      clock.advance(HOUR + 1000);
      expect((await refresh(t.app, refreshCookieOf(last)!)).statusCode).toBe(401);
    });
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refreshTokens } from '../../db/schema.ts';
import { REFRESH_TOKEN_TTL_DAYS } from '@app/shared/api/auth';
import { ManualClock } from '../../platform/clock.ts';
import { useTestApp } from '../../test/factories.ts';
import { ORIGIN, loginUser, refresh, refreshCookie, refreshCookieOf, registerUser } from './auth-test-helpers.ts';
import { sha256Hex } from './tokens.ts';

describe(`refresh and logout (${process.env.TEST_DB})`, () => {
  // Refresh tokens expire by the app's clock: the test moves it instead of editing rows.
  const clock = new ManualClock(Date.now());
  const t = useTestApp({}, { clock });

  const me = (access: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${access}` } });
  const logout = (token: string | undefined, origin: string | null = ORIGIN) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: origin ? { origin } : {},
      cookies: token ? { refresh_token: token } : {},
      payload: { refresh: null },
    });

  it('returns a new access token and rotates the refresh token every time', async () => {
    const u = await registerUser(t.app);
    const first = await refresh(t.app, u.refresh);
    expect(first.statusCode).toBe(200);
    const access = first.json().access as string;
    expect((await me(access)).json().user.id).toBe(u.user.id);
    const rotated = refreshCookieOf(first)!;
    expect(rotated).toBeDefined();
    expect(rotated).not.toBe(u.refresh);
    const second = await refresh(t.app, rotated);
    expect(second.statusCode).toBe(200);
    expect(refreshCookieOf(second)).not.toBe(rotated);

    // Stored hashed, one family, the old ones revoked and pointing at their successor.
    const rows = await t.app.db.select().from(refreshTokens).where(eq(refreshTokens.userId, u.user.id));
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.familyId)).size).toBe(1);
    expect(rows.some((r) => r.tokenHash === u.refresh)).toBe(false);
    const original = rows.find((r) => r.tokenHash === sha256Hex(u.refresh))!;
    expect(original.revokedAt).not.toBeNull();
    expect(original.replacedBy).toBe(rows.find((r) => r.tokenHash === sha256Hex(rotated))!.id);
  });

  it('accepts a body-less refresh', async () => {
    const u = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { origin: ORIGIN },
      cookies: { refresh_token: u.refresh },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('keeps the cookie persistent across rotations after rememberMe, and a session cookie without', async () => {
    const u = await registerUser(t.app);
    const remembered = await loginUser(t.app, u.email, u.password, true);
    const rotated = await refresh(t.app, refreshCookieOf(remembered));
    expect(refreshCookie(rotated)!.maxAge).toBeGreaterThan(29 * 24 * 3600);
    const session = await refresh(t.app, u.refresh);
    expect(refreshCookie(session)!.maxAge).toBeUndefined();
  });

  it('revokes the whole family when a rotated token is presented again', async () => {
    const u = await registerUser(t.app);
    const other = await loginUser(t.app, u.email); // a second session (another device): another family
    const first = await refresh(t.app, u.refresh);
    const newest = refreshCookieOf(first)!;

    const replay = await refresh(t.app, u.refresh);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ ok: false, code: 'UNAUTHORIZED' });
    // The cookie is cleared.
    expect(refreshCookie(replay)).toMatchObject({ value: '' });

    // The newest token of the family stops working too...
    expect((await refresh(t.app, newest)).statusCode).toBe(401);
    // ...but the other device's session does not.
    expect((await refresh(t.app, refreshCookieOf(other))).statusCode).toBe(200);
  });

  it('lets only one of two concurrent refreshes with the same token win', async () => {
    const u = await registerUser(t.app);
    const results = await Promise.all([refresh(t.app, u.refresh), refresh(t.app, u.refresh)]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toContain(401);
    // Whoever won, the family is revoked afterwards (reuse detection is strict).
    for (const r of results.filter((x) => x.statusCode === 200)) {
      expect((await refresh(t.app, refreshCookieOf(r))).statusCode).toBe(401);
    }
  });

  it('is 401 with no cookie, an unknown cookie or an expired token', async () => {
    const none = await refresh(t.app, undefined);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ ok: false, code: 'UNAUTHORIZED' });
    expect((await refresh(t.app, 'not-a-real-token')).json()).toMatchObject({ ok: false, code: 'UNAUTHORIZED' });
    const u = await registerUser(t.app);
    clock.advance(REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60 * 1000); // 30 days pass
    expect((await refresh(t.app, u.refresh)).statusCode).toBe(401);
  });

  it('refuses refresh and logout with a missing or foreign Origin (403)', async () => {
    const u = await registerUser(t.app);
    for (const origin of [null, 'https://evil.example', 'http://localhost:3000.evil.example', 'null']) {
      const r = await refresh(t.app, u.refresh, origin);
      expect(r.statusCode, String(origin)).toBe(403);
      expect(r.json()).toMatchObject({ ok: false, code: 'BAD_ORIGIN' });
      const l = await logout(u.refresh, origin);
      expect(l.statusCode).toBe(403);
    }
    // The refused calls changed nothing: the token still works.
    expect((await refresh(t.app, u.refresh)).statusCode).toBe(200);
  });

  it('logout revokes the session and clears the cookie', async () => {
    const u = await registerUser(t.app);
    const res = await logout(u.refresh);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const cleared = refreshCookie(res)!;
    expect(cleared.value).toBe('');
    expect(cleared.path).toBe('/api/auth');
    expect(new Date(cleared.expires!).getTime()).toBeLessThan(Date.now());
    expect((await refresh(t.app, u.refresh)).statusCode).toBe(401);
  });

  it('logout answers 200 without a session or with an unknown token', async () => {
    expect((await logout(undefined)).statusCode).toBe(200);
    expect((await logout('unknown-token')).json()).toEqual({ ok: true });
  });

  it('refuses unknown body fields on refresh and logout', async () => {
    const u = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { origin: ORIGIN },
      cookies: { refresh_token: u.refresh },
      payload: { refresh: 'something' },
    });
    expect(res.statusCode).toBe(400);
  });
});

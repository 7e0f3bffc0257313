import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailVerificationTokens, users } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { useTestApp } from '../../test/factories.ts';
import { latestVerificationToken, outboxMailsTo, randomIp, registerUser, uniqueEmail } from './auth-test-helpers.ts';
import { VERIFICATION_TTL_MS } from './email-verification.ts';
import { sha256Hex } from './tokens.ts';

describe(`verify-email and resend-verification (${process.env.TEST_DB})`, () => {
  // Links expire by the app's clock: the test moves it instead of editing rows.
  const clock = new ManualClock(Date.now());
  const t = useTestApp({}, { clock });

  const verify = (token: unknown) => t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } as object, remoteAddress: randomIp() });
  const resend = async (email: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      payload: { email },
      remoteAddress: randomIp(),
    });
    await t.app.backgroundWork.idle();
    return res;
  };
  const isVerified = async (id: string) => (await t.app.db.select({ v: users.emailVerified }).from(users).where(eq(users.id, id)))[0]!.v;

  it('verifies the e-mail with the mailed token, once', async () => {
    const u = await registerUser(t.app);
    const token = latestVerificationToken(t.config.dataDir, u.email);
    const res = await verify(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await isVerified(u.user.id)).toBe(true);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${u.access}` } });
    expect(me.json().user.emailVerified).toBe(true);

    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ ok: false, code: 'INVALID_TOKEN', error: expect.any(String) });
  });

  it('stores only the SHA-256 of the token', async () => {
    const u = await registerUser(t.app);
    const token = latestVerificationToken(t.config.dataDir, u.email);
    const rows = await t.app.db.select().from(emailVerificationTokens).where(eq(emailVerificationTokens.userId, u.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256Hex(token));
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBeGreaterThan(24 * 3600 * 1000 - 5000);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBeLessThan(24 * 3600 * 1000 + 5000);
  });

  it('refuses an unknown token and an expired one with 400', async () => {
    expect((await verify('x'.repeat(43))).json()).toMatchObject({ ok: false, code: 'INVALID_TOKEN' });
    const u = await registerUser(t.app);
    const token = latestVerificationToken(t.config.dataDir, u.email);
    clock.advance(VERIFICATION_TTL_MS); // 24 hours pass
    const res = await verify(token);
    expect(res.statusCode).toBe(400);
    expect(await isVerified(u.user.id)).toBe(false);
  });

  it('refuses a missing, empty or non-string token with 400', async () => {
    for (const token of [undefined, '', 42, null, ['a']]) {
      const res = await verify(token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ ok: false });
    }
  });

  it('resend mails a fresh link and the earlier ones stop working', async () => {
    const u = await registerUser(t.app);
    const first = latestVerificationToken(t.config.dataDir, u.email);
    const res = await resend(u.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(outboxMailsTo(t.config.dataDir, u.email)).toHaveLength(2);
    const second = latestVerificationToken(t.config.dataDir, u.email);
    expect(second).not.toBe(first);
    expect((await verify(first)).statusCode).toBe(400);
    expect((await verify(second)).statusCode).toBe(200);
  });

  it('answers resend the same for an unknown address and a verified account, and mails neither', async () => {
    const ghost = uniqueEmail('ghost');
    const unknown = await resend(ghost);
    const u = await registerUser(t.app);
    await verify(latestVerificationToken(t.config.dataDir, u.email));
    const verified = await resend(u.email);
    const unverified = await resend((await registerUser(t.app)).email);
    for (const res of [unknown, verified, unverified]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('{"ok":true}');
    }
    expect(outboxMailsTo(t.config.dataDir, ghost)).toHaveLength(0);
    expect(outboxMailsTo(t.config.dataDir, u.email)).toHaveLength(1);
  });

  it('refuses resend without an e-mail', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/resend-verification', payload: { email: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('Please enter your email to resend verification');
  });
});

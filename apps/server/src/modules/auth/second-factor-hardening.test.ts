import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recoveryCodes, userTotp } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { useTestApp } from '../../test/factories.ts';
import { GOOD_PASSWORD, TEST_TOTP_SECRET, outboxMailsTo, randomIp, registerUser, totpCode, verifiedUser } from './auth-test-helpers.ts';
import { openTotpSecret, presetTotp, sealPlainTotpSecrets } from './second-factor.ts';
import { sha256Hex } from './tokens.ts';

/**
 * Two-factor enrolment asks for the current password and a verified address; a password reset that
 * proves an address for the first time removes a second factor enrolled before; secrets are sealed
 * at rest with the user id bound in.
 */
describe(`two-factor enrolment and secrets at rest (${process.env.TEST_DB})`, () => {
  const clock = new ManualClock('2026-11-23T12:00:00.000Z');
  const t = useTestApp({}, { clock });
  const enrol = (access: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/mfa/enroll', remoteAddress: randomIp(), headers: { authorization: `Bearer ${access}` }, payload });
  const secondFactorOf = async (userId: string) => ({
    totp: (await t.app.db.select().from(userTotp).where(eq(userTotp.userId, userId))).length,
    codes: (await t.app.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId))).length,
  });

  it('enrolment needs the current password: none is a 400, a wrong one WRONG_PASSWORD, the right one a secret', async () => {
    const u = await verifiedUser(t.app, t.config.dataDir);
    const missing = await enrol(u.access, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    const wrong = await enrol(u.access, { password: 'Not-My-Password-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD', error: 'That is not your current password.' });
    expect(await secondFactorOf(u.user.id)).toEqual({ totp: 0, codes: 0 });
    const right = await enrol(u.access, { password: GOOD_PASSWORD });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ secret: expect.any(String) });
  });

  it('enrolment needs a verified e-mail', async () => {
    const u = await registerUser(t.app);
    const res = await enrol(u.access, { password: GOOD_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect(await secondFactorOf(u.user.id)).toEqual({ totp: 0, codes: 0 });
  });

  async function resetPassword(email: string, password: string) {
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress: randomIp(), payload: { email } });
    await t.app.backgroundWork.idle();
    const mail = outboxMailsTo(t.config.dataDir, email).findLast((m) => m.includes('/reset-password?token='))!;
    const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail)![1]!;
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', remoteAddress: randomIp(), payload: { token, password } });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('a password reset that verifies an address for the first time removes an earlier TOTP and its recovery codes', async () => {
    // Someone registered the address (unverified) and bound their authenticator before the owner took it back.
    const u = await registerUser(t.app);
    await presetTotp(t.app.db, t.app.totpBox, u.user.id, TEST_TOTP_SECRET, clock.now());
    await t.app.db.insert(recoveryCodes).values({ userId: u.user.id, codeHash: sha256Hex('AAAABBBBCCCCDDDD'), createdAt: clock.now() });
    await resetPassword(u.email, 'Owner-Takes-It-Back-1');
    expect(await secondFactorOf(u.user.id)).toEqual({ totp: 0, codes: 0 });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: randomIp(),
      payload: { email: u.email, password: 'Owner-Takes-It-Back-1' },
    });
    expect(login.json()).toHaveProperty('tokens');
  });

  it('a password reset of an already verified address keeps its second factor', async () => {
    const u = await verifiedUser(t.app, t.config.dataDir);
    await presetTotp(t.app.db, t.app.totpBox, u.user.id, TEST_TOTP_SECRET, clock.now());
    await resetPassword(u.email, 'Owner-New-Password-2');
    expect((await secondFactorOf(u.user.id)).totp).toBe(1);
  });

  it('stores TOTP secrets sealed, bound to the user, and seals plain ones left by an earlier version', async () => {
    const u = await verifiedUser(t.app, t.config.dataDir);
    const started = await enrol(u.access, { password: GOOD_PASSWORD });
    const { secret } = started.json() as { secret: string };
    const [row] = await t.app.db.select().from(userTotp).where(eq(userTotp.userId, u.user.id));
    expect(row!.secret).not.toContain(secret);
    expect(row!.secret.startsWith('enc:v1:')).toBe(true);
    expect(openTotpSecret(t.app.totpBox, row!)).toBe(secret);
    // Copied to another user's row, it does not open.
    const other = await registerUser(t.app);
    expect(() => openTotpSecret(t.app.totpBox, { userId: other.user.id, secret: row!.secret })).toThrow();
    // Enrolment still works with the sealed secret.
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/mfa/enroll/confirm',
      headers: { authorization: `Bearer ${u.access}` },
      payload: { code: await totpCode(secret, clock.now().getTime()) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    // A row written in plain text (before sealing) is sealed at start, and its codes still work.
    const old = await verifiedUser(t.app, t.config.dataDir);
    await t.app.db.insert(userTotp).values({ userId: old.user.id, secret: TEST_TOTP_SECRET, enabledAt: clock.now(), createdAt: clock.now() });
    expect(await sealPlainTotpSecrets(t.app.db, t.app.totpBox)).toBe(1);
    expect(await sealPlainTotpSecrets(t.app.db, t.app.totpBox)).toBe(0);
    const [sealedRow] = await t.app.db.select().from(userTotp).where(eq(userTotp.userId, old.user.id));
    expect(sealedRow!.secret.startsWith('enc:v1:')).toBe(true);
    expect(openTotpSecret(t.app.totpBox, sealedRow!)).toBe(TEST_TOTP_SECRET);
  });
});

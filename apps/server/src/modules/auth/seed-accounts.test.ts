import { existsSync, readFileSync, statSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { recoveryCodes, userTotp, users } from '../../db/schema.ts';
import { useTestApp } from '../../test/factories.ts';
import { GOOD_PASSWORD, TEST_TOTP_SECRET, loginUser, registerUser } from './auth-test-helpers.ts';
import { firstLoginsPath } from './first-logins.ts';
import { presetTotp } from './second-factor.ts';
import { sha256Hex } from './tokens.ts';
import { GENERATED_ADMIN_EMAIL, GENERATED_DEMO_EMAIL, accountsToSeed, seedAccounts } from './seed-accounts.ts';

const ADMIN = { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'Boss-Pass-12345', ADMIN_USERNAME: 'the_boss' };
const DEMO = { DEMO_EMAIL: 'demo.user@example.com', DEMO_PASSWORD: 'Demo-Pass-12345' };

describe(`admin and demo accounts at start (${process.env.TEST_DB})`, () => {
  const t = useTestApp({ ...ADMIN, ...DEMO });

  it('creates the configured admin (verified, isAdmin) and demo user (verified, not admin)', async () => {
    const admin = await loginUser(t.app, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    expect(admin.statusCode).toBe(200);
    expect(admin.json().user).toMatchObject({ username: 'the_boss', isAdmin: true, emailVerified: true });
    const demo = await loginUser(t.app, 'demo', DEMO.DEMO_PASSWORD);
    expect(demo.statusCode).toBe(200);
    expect(demo.json().user).toMatchObject({ email: DEMO.DEMO_EMAIL, isAdmin: false, emailVerified: true });
  });

  it('leaves existing accounts in place on a later start, and a changed configured password replaces the old one', async () => {
    const printed: string[] = [];
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.config.dataDir, ...ADMIN, ADMIN_PASSWORD: 'New-Boss-Pass-99', ...DEMO });
    await seedAccounts(t.app.db, config, (text) => printed.push(text));
    expect(printed).toEqual([]);
    expect(await t.app.db.select().from(users).where(eq(users.email, ADMIN.ADMIN_EMAIL))).toHaveLength(1);
    expect((await loginUser(t.app, 'the_boss', 'New-Boss-Pass-99')).statusCode).toBe(200);
    expect((await loginUser(t.app, 'the_boss', ADMIN.ADMIN_PASSWORD)).statusCode).toBe(401);
  });

  it('with no configuration outside tests, creates both with generated passwords and prints them once', async () => {
    const printed: string[] = [];
    const config = { ...loadConfig({ NODE_ENV: 'production', DATA_DIR: t.config.dataDir }) };
    expect(config.admin).toBeUndefined();
    await seedAccounts(t.app.db, config, (text) => printed.push(text));
    const output = printed.join('\n');
    const adminPassword = new RegExp(`${GENERATED_ADMIN_EMAIL.replace('.', '\\.')} \\(username (\\w+)\\)  password: (\\S+)`).exec(output);
    const demoPassword = new RegExp(`${GENERATED_DEMO_EMAIL.replace('.', '\\.')} \\(username (\\w+)\\)  password: (\\S+)`).exec(output);
    expect(adminPassword, output).not.toBeNull();
    expect(demoPassword, output).not.toBeNull();

    // The logins are kept in DATA_DIR, readable only by the owner, until the admin first signs in.
    const kept = firstLoginsPath(t.config.dataDir);
    expect(output).toContain(kept);
    expect(statSync(kept).mode & 0o777).toBe(0o600);
    expect(readFileSync(kept, 'utf8')).toContain(adminPassword![2]!);
    expect((await loginUser(t.app, GENERATED_DEMO_EMAIL, demoPassword![2]!)).statusCode).toBe(200);
    expect(existsSync(kept)).toBe(true);

    // 'demo' was taken by the configured demo user above, so the generated one got a derived name.
    const admin = await loginUser(t.app, GENERATED_ADMIN_EMAIL, adminPassword![2]!);
    expect(admin.statusCode).toBe(200);
    expect(existsSync(kept)).toBe(false);
    expect(admin.json().user).toMatchObject({ isAdmin: true, emailVerified: true });
    const demo = await loginUser(t.app, GENERATED_DEMO_EMAIL, demoPassword![2]!);
    expect(demo.json().user).toMatchObject({ isAdmin: false, emailVerified: true });

    // A later start says they exist, and prints no password.
    const later: string[] = [];
    await seedAccounts(t.app.db, config, (text) => later.push(text));
    const laterOutput = later.join('\n');
    expect(laterOutput).toContain(`${GENERATED_ADMIN_EMAIL} (username`);
    expect(laterOutput).toContain('exists');
    expect(laterOutput).not.toContain(adminPassword![2]!);
    expect(laterOutput).not.toContain('password: ');

    // The reset path the message names: start once with the address and a new password.
    const reset = loadConfig({ NODE_ENV: 'production', ADMIN_EMAIL: GENERATED_ADMIN_EMAIL, ADMIN_PASSWORD: 'Reset-Admin-Pass-7' });
    await seedAccounts(t.app.db, reset, () => {});
    expect((await loginUser(t.app, GENERATED_ADMIN_EMAIL, 'Reset-Admin-Pass-7')).json().user).toMatchObject({ isAdmin: true });
  });

  it('creates nothing without configuration in tests', () => {
    expect(accountsToSeed(loadConfig({ NODE_ENV: 'test' }))).toEqual([]);
    expect(accountsToSeed(loadConfig({ NODE_ENV: 'production', ...DEMO })).map((a) => a.role)).toEqual(['demo']);
  });

  describe('configuration never hands over an account', () => {
    const me = (access: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${access}` } });
    /** An authenticator and a recovery code, as an enrolment leaves them. */
    async function enrol(userId: string, secret = TEST_TOTP_SECRET) {
      await presetTotp(t.app.db, t.app.totpBox, userId, secret, t.app.clock.now());
      await t.app.db.insert(recoveryCodes).values({ userId, codeHash: sha256Hex('AAAABBBBCCCCDDDD'), createdAt: t.app.clock.now() });
    }
    const secondFactorOf = async (userId: string) => ({
      totp: (await t.app.db.select().from(userTotp).where(eq(userTotp.userId, userId))).length,
      codes: (await t.app.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId))).length,
    });

    it('refuses to start when ADMIN_EMAIL names a registered account that is not a verified admin, and promotes nothing', async () => {
      // Someone registers the address before the operator configures it, and enrols their own authenticator.
      const squatter = await registerUser(t.app, { email: 'future.admin@example.com' });
      await enrol(squatter.user.id);
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.config.dataDir, ADMIN_EMAIL: squatter.email, ADMIN_PASSWORD: 'Operator-Pass-123' });
      await expect(seedAccounts(t.app.db, config, () => {})).rejects.toThrow(
        `ADMIN_EMAIL ${squatter.email} belongs to an existing account that is not a verified admin; it is not promoted.`,
      );
      const [row] = await t.app.db.select().from(users).where(eq(users.id, squatter.user.id));
      expect(row).toMatchObject({ isAdmin: false, emailVerified: false });
      expect((await loginUser(t.app, squatter.email, 'Operator-Pass-123')).statusCode).toBe(401);
      expect((await me(squatter.access)).statusCode).toBe(200);
    });

    it('a configured password override ends every session and removes the authenticator and recovery codes', async () => {
      const login = await loginUser(t.app, DEMO.DEMO_EMAIL, DEMO.DEMO_PASSWORD);
      const demoId = (login.json() as { user: { id: string } }).user.id;
      const access = (login.json() as { tokens: { access: string } }).tokens.access;
      await enrol(demoId);
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.config.dataDir, ...DEMO, DEMO_PASSWORD: 'Other-Demo-Pass-9' });
      await seedAccounts(t.app.db, config, () => {});
      expect((await me(access)).statusCode).toBe(401);
      expect(await secondFactorOf(demoId)).toEqual({ totp: 0, codes: 0 });
      expect((await loginUser(t.app, DEMO.DEMO_EMAIL, 'Other-Demo-Pass-9')).statusCode).toBe(200);
    });

    it('the same configuration on a later start changes nothing (the admin keeps sessions and authenticator)', async () => {
      const printed: string[] = [];
      const login = await loginUser(t.app, DEMO.DEMO_EMAIL, 'Other-Demo-Pass-9');
      const access = (login.json() as { tokens: { access: string } }).tokens.access;
      const demoId = (login.json() as { user: { id: string } }).user.id;
      await enrol(demoId);
      await seedAccounts(t.app.db, loadConfig({ NODE_ENV: 'test', DATA_DIR: t.config.dataDir, ...DEMO, DEMO_PASSWORD: 'Other-Demo-Pass-9' }), (x) =>
        printed.push(x),
      );
      expect((await me(access)).statusCode).toBe(200);
      expect(await secondFactorOf(demoId)).toEqual({ totp: 1, codes: 1 });
    });

    it('ADMIN_TOTP_SECRET replaces the recovery codes of an earlier enrolment too', async () => {
      const u = await registerUser(t.app, { password: GOOD_PASSWORD });
      await enrol(u.user.id, 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU');
      await presetTotp(t.app.db, t.app.totpBox, u.user.id, TEST_TOTP_SECRET, t.app.clock.now());
      expect(await secondFactorOf(u.user.id)).toEqual({ totp: 1, codes: 0 });
    });
  });
});

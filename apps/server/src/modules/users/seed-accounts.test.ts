import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { users } from '../../db/schema.ts';
import { useTestApp } from '../../test/factories.ts';
import { loginUser } from '../auth/auth-test-helpers.ts';
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

    // 'demo' was taken by the configured demo user above, so the generated one got a derived name.
    const admin = await loginUser(t.app, GENERATED_ADMIN_EMAIL, adminPassword![2]!);
    expect(admin.statusCode).toBe(200);
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
});

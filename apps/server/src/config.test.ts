import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.appOrigin).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.trustProxy).toBe(false);
  });

  it('requires the admin second factor by default; ADMIN_TOTP_SECRET is normalised', () => {
    expect(loadConfig({}).adminMfa).toBe('required');
    expect(loadConfig({}).adminTotpSecret).toBeUndefined();
    const config = loadConfig({ ADMIN_MFA: 'optional', ADMIN_TOTP_SECRET: 'jbswy3dpehpk3pxp====' });
    expect(config.adminMfa).toBe('optional');
    expect(config.adminTotpSecret).toBe('JBSWY3DPEHPK3PXP');
  });

  it('DEMO_FEED: on for a local start on PGlite (npm start on a fresh checkout), off for a production start, on PostgreSQL and in tests; an explicit value wins', () => {
    // `npm start`: NODE_ENV defaults to production, no APP_ORIGIN (http://localhost:3000).
    expect(loadConfig({}).demoFeed).toBe(true);
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000', 'http://app.localhost']) {
      expect(loadConfig({ NODE_ENV: 'production', APP_ORIGIN: origin }).demoFeed, origin).toBe(true);
    }
    // A production start: a real origin.
    for (const origin of ['https://rewards.example.com', 'http://192.168.1.20:3000', 'https://localhost.example.com']) {
      expect(loadConfig({ NODE_ENV: 'production', APP_ORIGIN: origin }).demoFeed, origin).toBe(false);
    }
    expect(loadConfig({ NODE_ENV: 'development', APP_ORIGIN: 'https://dev.example.com' }).demoFeed).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/app' }).demoFeed).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).demoFeed).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', APP_ORIGIN: 'https://rewards.example.com', DEMO_FEED: 'true' }).demoFeed).toBe(true);
    expect(loadConfig({ DEMO_FEED: 'false' }).demoFeed).toBe(false);
  });

  it('reads the documented variables', () => {
    const config = loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://u@db/app', APP_ORIGIN: 'https://example.com/', TRUST_PROXY: 'true' });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBe('postgres://u@db/app');
    expect(config.appOrigin).toBe('https://example.com');
    expect(config.trustProxy).toBe(true);
  });

  it("Kick's addresses: Kick's own by default, another (the tests' fake Kick) by KICK_API_URL and KICK_AUTH_URL", () => {
    expect(loadConfig({}).kick).toMatchObject({ apiUrl: 'https://api.kick.com', authUrl: 'https://id.kick.com' });
    const config = loadConfig({ KICK_API_URL: 'http://127.0.0.1:4010/', KICK_AUTH_URL: 'http://127.0.0.1:4010/auth/' });
    expect(config.kick).toMatchObject({ apiUrl: 'http://127.0.0.1:4010', authUrl: 'http://127.0.0.1:4010/auth' });
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL must be a postgres/],
    [{ JWT_SECRET: 'short' }, /^Invalid configuration: JWT_SECRET must be at least 32 characters/],
    [{ ADMIN_EMAIL: 'admin@example.com' }, /^Invalid configuration: ADMIN_PASSWORD is required/],
    [{ REDIS_URL: 'http://x' }, /^Invalid configuration: REDIS_URL must be a redis/],
    [{ ADMIN_MFA: 'off' }, /^Invalid configuration: ADMIN_MFA /],
    [{ ADMIN_TOTP_SECRET: 'not base32!' }, /^Invalid configuration: ADMIN_TOTP_SECRET must be base32/],
    [{ ADMIN_TOTP_SECRET: 'ABCDEFGH' }, /^Invalid configuration: ADMIN_TOTP_SECRET must be base32/],
    [{ KICK_API_URL: 'api.kick.com' }, /^Invalid configuration: KICK_API_URL /],
    [{ KICK_AUTH_URL: 'not a url' }, /^Invalid configuration: KICK_AUTH_URL /],
  ])('stops with one line naming the bad variable: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

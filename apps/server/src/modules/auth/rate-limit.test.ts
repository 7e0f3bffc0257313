import { Redis } from 'ioredis';
import { useTestApp } from '../../test/factories.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { GOOD_PASSWORD, randomIp, registerUser, uniqueEmail } from './auth-test-helpers.ts';
import { RATE_LIMITS } from './rate-limits.ts';

type App = TestApp['app'];

function post(app: App, url: string, payload: object, ip: string) {
  return app.inject({ method: 'POST', url, payload, remoteAddress: ip });
}

function expect429(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.json()).toEqual({ ok: false, code: 'RATE_LIMITED', error: expect.stringMatching(/^Too many/) });
}

/** Sends `count` requests that the route refuses cheaply (400), which still count against the per-IP limit. */
async function spend(app: App, url: string, ip: string, count: number) {
  for (let i = 0; i < count; i += 1) {
    const res = await post(app, url, {}, ip);
    expect(res.statusCode).toBe(400);
  }
}

describe(`rate limits, one process (${process.env.TEST_DB})`, () => {
  const t = useTestApp();

  it('limits login per IP with 429, Retry-After and the error envelope', async () => {
    const ip = randomIp();
    await spend(t.app, '/api/auth/login', ip, RATE_LIMITS.loginPerIp.max);
    expect429(await post(t.app, '/api/auth/login', { email: 'x', password: 'y' }, ip));
    // Another address is not affected.
    expect((await post(t.app, '/api/auth/login', {}, randomIp())).statusCode).toBe(400);
  });

  it('limits failed logins per account across addresses (its ceiling), even for the right password afterwards', async () => {
    const u = await registerUser(t.app, { username: 'Targeted_1' });
    const other = await registerUser(t.app);
    for (let i = 0; i < RATE_LIMITS.loginFailures.perAccount.max; i += 1) {
      // Both identifiers of one account: one budget (the resolved account).
      const res = await post(t.app, '/api/auth/login', { email: i % 2 === 0 ? 'targeted_1' : u.email, password: `Wrong-${i}` }, randomIp());
      expect(res.statusCode).toBe(401);
    }
    expect429(await post(t.app, '/api/auth/login', { email: 'TARGETED_1', password: GOOD_PASSWORD }, randomIp()));
    expect429(await post(t.app, '/api/auth/login', { email: u.email.toUpperCase(), password: GOOD_PASSWORD }, randomIp()));
    // Another account is not affected.
    expect((await post(t.app, '/api/auth/login', { email: other.email, password: GOOD_PASSWORD }, randomIp())).statusCode).toBe(200);
  });

  it('does not count successful logins against the account, from one address either', async () => {
    const u = await registerUser(t.app);
    const ip = randomIp();
    for (let i = 0; i < RATE_LIMITS.loginFailures.perAccountAndAddress.max + 1; i += 1) {
      const res = await post(t.app, '/api/auth/login', { email: u.email, password: GOOD_PASSWORD }, ip);
      expect(res.statusCode).toBe(200);
    }
  });

  it('limits register per IP', async () => {
    const ip = randomIp();
    await spend(t.app, '/api/auth/register', ip, RATE_LIMITS.registerPerIp.max);
    expect429(await post(t.app, '/api/auth/register', { email: uniqueEmail(), password: GOOD_PASSWORD }, ip));
  });

  it('limits resend per IP and per address', async () => {
    const ip = randomIp();
    await spend(t.app, '/api/auth/resend-verification', ip, RATE_LIMITS.resendPerIp.max);
    expect429(await post(t.app, '/api/auth/resend-verification', { email: uniqueEmail() }, ip));

    const email = uniqueEmail();
    for (let i = 0; i < RATE_LIMITS.resendPerAddress.max; i += 1) {
      expect((await post(t.app, '/api/auth/resend-verification', { email }, randomIp())).statusCode).toBe(200);
    }
    expect429(await post(t.app, '/api/auth/resend-verification', { email: email.toUpperCase() }, randomIp()));
    await t.app.backgroundWork.idle();
  });
});

const REDIS_URL = 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  const client = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 500, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

const hasRedis = await redisAnswers();
if (!hasRedis) console.warn(`SKIPPED: the shared rate-limit test needs Redis at ${REDIS_URL}, which did not answer.`);

describe.skipIf(!hasRedis)(`rate limits shared through Redis by two processes (${process.env.TEST_DB})`, () => {
  let a: TestApp;
  let b: TestApp;
  // Unique keys for this run, so parallel runs do not meet; deleted afterwards.
  const ip = randomIp();
  const account = `shared_${Math.random().toString(36).slice(2, 10)}`;

  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL });
    b = await createTestApp({ REDIS_URL });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    const client = new Redis(REDIS_URL);
    try {
      for (const pattern of [`rl:*${ip}`, `rl:*${account}`, `attempts:*${account}*`]) {
        const keys = await client.keys(pattern);
        if (keys.length > 0) await client.del(...keys);
      }
    } finally {
      client.disconnect();
    }
  });

  it('counts login attempts per IP across both instances', async () => {
    const half = Math.floor(RATE_LIMITS.loginPerIp.max / 2);
    await spend(a.app, '/api/auth/login', ip, half);
    await spend(b.app, '/api/auth/login', ip, RATE_LIMITS.loginPerIp.max - half);
    // Neither instance alone has seen the maximum, yet both refuse now.
    expect429(await post(a.app, '/api/auth/login', {}, ip));
    expect429(await post(b.app, '/api/auth/login', {}, ip));
  });

  it('counts failed logins per account and address across both instances', async () => {
    const max = RATE_LIMITS.loginFailures.perAccountAndAddress.max;
    const from = randomIp();
    for (let i = 0; i < max; i += 1) {
      const app = i % 2 === 0 ? a.app : b.app;
      expect((await post(app, '/api/auth/login', { email: account, password: 'Wrong-pass-1' }, from)).statusCode).toBe(401);
    }
    expect429(await post(a.app, '/api/auth/login', { email: account, password: 'Wrong-pass-1' }, from));
    expect429(await post(b.app, '/api/auth/login', { email: account, password: 'Wrong-pass-1' }, from));
  });
});

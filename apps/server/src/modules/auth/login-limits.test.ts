import { isNull, count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signInEvents } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { useTestApp } from '../../test/factories.ts';
import { MemoryAttemptStore } from './attempt-limits.ts';
import { GOOD_PASSWORD, TEST_TOTP_SECRET, randomIp, registerUser, totpCode, uniqueEmail } from './auth-test-helpers.ts';
import { RATE_LIMITS } from './rate-limits.ts';
import { INVALID_CODE_MESSAGE } from './second-factor-login.ts';
import { MFA_CHALLENGE_MAX_ATTEMPTS, presetTotp } from './second-factor.ts';

/**
 * Wrong attempts are counted before they are checked, per account and per (account, address):
 * concurrent guesses cannot check more than the limit, someone guessing from one address locks
 * out themselves and not the owner, an account's e-mail and username are one budget, and an unknown
 * identifier gets the same answers (and leaves the same sign-in record).
 */
describe(`wrong-attempt limits (${process.env.TEST_DB})`, () => {
  const clock = new ManualClock('2026-11-23T12:00:00.000Z');
  const t = useTestApp({}, { clock });
  const PAIR_MAX = RATE_LIMITS.loginFailures.perAccountAndAddress.max;

  const login = (email: string, password: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { email, password } });

  it(`50 wrong logins at once check at most the ${PAIR_MAX} attempts left; the rest are 429`, async () => {
    const u = await registerUser(t.app);
    // The account's budget across addresses has PAIR_MAX attempts left (earlier guessing, spent by hand
    // here; from one address the route's per-IP limit would answer first).
    const { perAccount } = RATE_LIMITS.loginFailures;
    for (let i = 0; i < perAccount.max - PAIR_MAX; i += 1) await t.app.attempts.hit(`login:${u.user.id}`, perAccount.timeWindow);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => login(u.email, `Wrong-Guess-${i}`, randomIp())));
    const checked = answers.filter((r) => r.statusCode === 401);
    expect(checked.length, answers.map((r) => `${r.statusCode} ${r.body}`).join('\n')).toBeGreaterThan(0);
    expect(checked.length).toBeLessThanOrEqual(PAIR_MAX);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(50 - checked.length);
    // The right password, from anywhere, waits too: the account's ceiling is spent.
    expect((await login(u.email, GOOD_PASSWORD, randomIp())).statusCode).toBe(429);
  });

  it(`20 wrong codes at once on one mfaToken check at most ${MFA_CHALLENGE_MAX_ATTEMPTS}`, async () => {
    const u = await registerUser(t.app);
    await presetTotp(t.app.db, t.app.totpBox, u.user.id, TEST_TOTP_SECRET, clock.now());
    const first = await login(u.email, GOOD_PASSWORD, randomIp());
    const { mfaToken } = first.json() as { mfaToken: string };
    const right = await totpCode(TEST_TOTP_SECRET, clock.now().getTime());
    const wrong = right === '111111' ? '222222' : '111111';
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.app.inject({ method: 'POST', url: '/api/auth/mfa', remoteAddress: randomIp(), payload: { mfaToken, code: wrong } })),
    );
    const checked = answers.filter((r) => r.statusCode === 401 && (r.json() as { error: string }).error === INVALID_CODE_MESSAGE);
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.length).toBeLessThanOrEqual(MFA_CHALLENGE_MAX_ATTEMPTS);
  });

  it('someone guessing from one address locks out that address, not the owner signing in from another', async () => {
    const u = await registerUser(t.app);
    const attacker = randomIp();
    for (let i = 0; i < PAIR_MAX; i += 1) expect((await login(u.email, `Wrong-Guess-${i}`, attacker)).statusCode).toBe(401);
    const locked = await login(u.email, GOOD_PASSWORD, attacker);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'RATE_LIMITED', error: expect.stringMatching(/^Too many attempts\. Try again in \d+ seconds\.$/) });
    expect((await login(u.email, GOOD_PASSWORD, randomIp())).statusCode).toBe(200);
  });

  it("an account's e-mail and username are one budget", async () => {
    const u = await registerUser(t.app);
    const ip = randomIp();
    for (let i = 0; i < PAIR_MAX; i += 1) {
      expect((await login(i % 2 === 0 ? u.email : u.user.username, `Wrong-Guess-${i}`, ip)).statusCode).toBe(401);
    }
    expect((await login(u.user.username.toUpperCase(), 'Wrong-Guess-x', ip)).statusCode).toBe(429);
    expect((await login(u.email, 'Wrong-Guess-y', ip)).statusCode).toBe(429);
  });

  it('an unknown identifier gets the same answers, and its failed sign-in is recorded like a known one', async () => {
    const unknown = uniqueEmail('nobody');
    const ip = randomIp();
    const before = await t.app.db.select({ n: count() }).from(signInEvents).where(isNull(signInEvents.userId));
    const first = await login(unknown, 'Wrong-Guess-0', ip);
    expect(first.statusCode).toBe(401);
    expect(first.json()).toEqual({ ok: false, code: 'INVALID_CREDENTIALS', error: 'Invalid email/username or password.' });
    const after = await t.app.db.select({ n: count() }).from(signInEvents).where(isNull(signInEvents.userId));
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n) + 1);
    for (let i = 1; i < PAIR_MAX; i += 1) expect((await login(unknown, `Wrong-Guess-${i}`, ip)).statusCode).toBe(401);
    expect((await login(unknown, 'Wrong-Guess-x', ip)).statusCode).toBe(429);
    expect((await login(unknown, 'Wrong-Guess-y', randomIp())).statusCode).toBe(401);
  });
});

describe('the in-memory attempt counters', () => {
  it("a flood of fresh keys does not reset a victim's counter", async () => {
    const clock = new ManualClock('2026-11-23T12:00:00.000Z');
    const store = new MemoryAttemptStore(clock, 100);
    for (let i = 0; i < 5; i += 1) await store.hit('login:victim', 60_000);
    for (let i = 0; i < 1_000; i += 1) await store.hit(`login:?flood-${i}`, 60_000);
    expect(store.size).toBeLessThanOrEqual(100);
    expect((await store.hit('login:victim', 60_000)).count).toBe(6);
  });

  it('a window ends by the clock, and undo gives an attempt back', async () => {
    const clock = new ManualClock('2026-11-23T12:00:00.000Z');
    const store = new MemoryAttemptStore(clock, 10);
    expect(await store.hit('k', 1_000)).toEqual({ count: 1, ttlMs: 1_000 });
    expect((await store.hit('k', 1_000)).count).toBe(2);
    await store.undo('k');
    expect((await store.hit('k', 1_000)).count).toBe(2);
    clock.advance(1_000);
    expect((await store.hit('k', 1_000)).count).toBe(1);
  });
});

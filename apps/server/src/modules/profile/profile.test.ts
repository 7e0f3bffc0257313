import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { useTestApp } from '../../test/factories.ts';
import { GOOD_PASSWORD, outboxMailsTo, randomIp, registerUser } from '../auth/auth-test-helpers.ts';
import { daysActive, formatMemberSince } from './profile-presenter.ts';

describe(`profile (${process.env.TEST_DB})`, () => {
  const t = useTestApp();

  const getProfile = (access?: string) => t.app.inject({ method: 'GET', url: '/api/profile', headers: access ? { authorization: `Bearer ${access}` } : {} });
  const complete = (access: string | undefined, payload: unknown) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/profile/complete',
      remoteAddress: randomIp(),
      headers: access ? { authorization: `Bearer ${access}` } : {},
      payload: payload as object,
    });
  /** Profile completion needs a verified e-mail: a registered user whose address is verified. */
  const verifiedUser = async () => {
    const u = await registerUser(t.app);
    await t.app.db.update(users).set({ emailVerified: true }).where(eq(users.id, u.user.id));
    return u;
  };
  const cryptoOf = async (id: string) => {
    const [row] = await t.app.db.select().from(users).where(eq(users.id, id));
    return { btc: row!.cryptoBtc, eth: row!.cryptoEth, usdt: row!.cryptoUsdt, sol: row!.cryptoSol };
  };

  it('returns every field the profile page reads, true to the account', async () => {
    const u = await registerUser(t.app, { username: 'ProfileOwner' });
    const res = await getProfile(u.access);
    expect(res.statusCode).toBe(200);
    const { profile } = res.json();
    expect(profile).toMatchObject({
      id: u.user.id,
      uid: u.user.uid,
      username: 'ProfileOwner',
      email: u.email,
      emailVerified: false,
      isAdmin: false,
      points: 0,
      level: 0,
      levelName: 'Unranked',
      levelProgress: 0,
      membership: { memberSinceFormatted: formatMemberSince(new Date(u.user.createdAt)), daysActive: 1 },
      profilePartners: [],
      crypto: { btc: '', eth: '', usdt: '', sol: '' },
      casinoAccounts: [],
      socialAccounts: [],
      historyData: [],
      stats: { totalPointsEarned: 0, totalBonusesRedeemed: 0, challengesCompleted: 0, rafflesEntered: 0, currentRank: 'Unranked' },
    });
  });

  it('computes level, levelName and levelProgress from the XP, not the points (spec 2 §9 ranks)', async () => {
    const u = await registerUser(t.app);
    const cases: [number, number, string, number][] = [
      [19, 0, 'Unranked', 95],
      [20, 1, 'Bronze 1', 0],
      [110, 1, 'Bronze 1', 50],
      [5_000_000, 11, 'Gold 3', 56.25],
      [26_214_400_000, 24, 'Immortal 4', 100],
    ];
    for (const [xp, level, levelName, progress] of cases) {
      await t.app.db.update(users).set({ xp, points: 7 }).where(eq(users.id, u.user.id));
      const { profile } = (await getProfile(u.access)).json();
      expect(profile.points).toBe(7);
      expect(profile.level, String(xp)).toBe(level);
      expect(profile.levelName).toBe(levelName);
      expect(profile.levelProgress).toBeCloseTo(progress, 5);
      expect(profile.stats.currentRank).toBe(levelName);
    }
  });

  it('refuses negative points in the database (CHECK points >= 0)', async () => {
    const u = await registerUser(t.app);
    await expect(t.app.db.update(users).set({ points: -1 }).where(eq(users.id, u.user.id))).rejects.toThrow();
  });

  it('stores partners and addresses on completion, replacing earlier ones', async () => {
    const u = await verifiedUser();
    const res = await complete(u.access, {
      partners: [
        { partner: 'Partner A', username: ' stake_me ' },
        { partner: 'Partner B', username: 'roo' },
      ],
      crypto: { btc: 'bc1qxyz', eth: '0xabc', usdt: '', sol: 'So1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({
      profilePartners: [
        { partner: 'Partner A', username: 'stake_me' },
        { partner: 'Partner B', username: 'roo' },
      ],
      crypto: { btc: 'bc1qxyz', eth: '0xabc', usdt: '', sol: 'So1' },
    });
    const again = await complete(u.access, { partners: [{ partner: 'Partner C', username: 'c' }], crypto: { eth: '0xdef' }, currentPassword: u.password });
    expect(again.json().profile).toMatchObject({
      profilePartners: [{ partner: 'Partner C', username: 'c' }],
      crypto: { btc: '', eth: '0xdef', usdt: '', sol: '' },
    });
    // And GET /api/profile reads the stored values.
    expect((await getProfile(u.access)).json().profile.profilePartners).toEqual([{ partner: 'Partner C', username: 'c' }]);
  });

  it('accepts an empty completion', async () => {
    const u = await verifiedUser();
    const res = await complete(u.access, { partners: [], crypto: {} });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['a too long address', { partners: [], crypto: { btc: 'x'.repeat(129) } }],
    ['a too long partner username', { partners: [{ partner: 'Partner A', username: 'x'.repeat(51) }], crypto: {} }],
    ['an empty partner username', { partners: [{ partner: 'Partner A', username: '  ' }], crypto: {} }],
    ['eleven partners', { partners: Array.from({ length: 11 }, (_, i) => ({ partner: `P${i}`, username: 'u' })), crypto: {} }],
    ['an unknown currency', { partners: [], crypto: { doge: 'D123' } }],
    ['an unknown field', { partners: [], crypto: {}, isAdmin: true }],
    ['no crypto object', { partners: [] }],
    ['a number as address', { partners: [], crypto: { btc: 12 } }],
  ])('refuses %s with 400', async (_name, payload) => {
    const u = await verifiedUser();
    const res = await complete(u.access, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
  });

  it('needs a verified e-mail, like POST /api/casino-accounts: 403 EMAIL_NOT_VERIFIED, nothing stored', async () => {
    const u = await registerUser(t.app);
    const res = await complete(u.access, { partners: [{ partner: 'Stake', username: 'unverified_me' }], crypto: { btc: 'bc1-unverified' } });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ ok: false, code: 'EMAIL_NOT_VERIFIED' });
    expect(await cryptoOf(u.user.id)).toEqual({ btc: '', eth: '', usdt: '', sol: '' });
    expect((await getProfile(u.access)).json().profile.profilePartners).toEqual([]);
  });

  it('a first address needs no password; changing or removing a saved one needs the current password and mails the owner', async () => {
    const u = await verifiedUser();
    const noticesTo = () => outboxMailsTo(t.config.dataDir, u.email).filter((m) => m.includes('payout address of your Rewards Hub account was changed'));
    expect((await complete(u.access, { partners: [], crypto: { btc: 'bc1-first' } })).statusCode).toBe(200);
    expect(noticesTo()).toHaveLength(0);

    // With only the bearer token: neither a change nor a removal of the saved address.
    for (const crypto of [{ btc: 'bc1-attacker' }, { btc: '' }, {}]) {
      const res = await complete(u.access, { partners: [], crypto });
      expect(res.statusCode, JSON.stringify(crypto)).toBe(403);
      expect(res.json()).toEqual({
        ok: false,
        code: 'CURRENT_PASSWORD_REQUIRED',
        error: 'Enter your current password to change or remove a saved payout address.',
      });
    }
    const wrong = await complete(u.access, { partners: [], crypto: { btc: 'bc1-attacker' }, currentPassword: 'not-the-password-1' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ ok: false, code: 'CURRENT_PASSWORD_REQUIRED', error: 'The current password is not right.' });
    expect(await cryptoOf(u.user.id)).toEqual({ btc: 'bc1-first', eth: '', usdt: '', sol: '' });
    expect(noticesTo()).toHaveLength(0);

    // Keeping the saved address while adding a first one, or changing partners, needs no password.
    const more = await complete(u.access, { partners: [{ partner: 'Partner A', username: 'a' }], crypto: { btc: 'bc1-first', eth: '0xfirst' } });
    expect(more.statusCode, more.body).toBe(200);
    expect(noticesTo()).toHaveLength(0);

    // With the current password: changed, and the owner is told which address changed and to what.
    const changed = await complete(u.access, { partners: [], crypto: { btc: 'bc1-new', eth: '' }, currentPassword: GOOD_PASSWORD });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().profile.crypto).toEqual({ btc: 'bc1-new', eth: '', usdt: '', sol: '' });
    const notices = noticesTo();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('BTC: bc1-new');
    expect(notices[0]).toContain('ETH: removed');
    expect(notices[0]).toContain('If this was not you, reset your password');
  });

  it('two first saves of one address at once: the second meets a saved address and needs the password', async () => {
    const u = await verifiedUser();
    const [a, b] = await Promise.all([
      complete(u.access, { partners: [], crypto: { sol: 'SoFirstA' } }),
      complete(u.access, { partners: [], crypto: { sol: 'SoFirstB' } }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 403]);
    const winner = a.statusCode === 200 ? 'SoFirstA' : 'SoFirstB';
    expect((await cryptoOf(u.user.id)).sol).toBe(winner);
    expect((a.statusCode === 403 ? a : b).json().code).toBe('CURRENT_PASSWORD_REQUIRED');
  });

  it('is 401 without a valid access token (even with a bad body)', async () => {
    expect((await getProfile()).statusCode).toBe(401);
    expect((await getProfile('bad.token.here')).statusCode).toBe(401);
    const res = await complete(undefined, { nonsense: true });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ ok: false, code: 'UNAUTHORIZED' });
  });
});

describe('membership figures', () => {
  it('counts calendar days from sign-up, starting at 1', () => {
    const created = new Date('2026-01-31T23:59:00Z');
    expect(daysActive(created, new Date('2026-01-31T23:59:30Z'))).toBe(1);
    expect(daysActive(created, new Date('2026-02-01T00:00:01Z'))).toBe(2);
    expect(daysActive(created, new Date('2026-03-02T12:00:00Z'))).toBe(31);
  });
  it('formats member since in en-US, UTC', () => {
    expect(formatMemberSince(new Date('2026-11-21T23:30:00Z'))).toBe('November 21, 2026');
  });
});

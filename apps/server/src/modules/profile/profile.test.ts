import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { useTestApp } from '../../test/factories.ts';
import { registerUser } from '../auth/auth-test-helpers.ts';
import { daysActive, formatMemberSince } from './profile-presenter.ts';

describe(`profile (${process.env.TEST_DB})`, () => {
  const t = useTestApp();

  const getProfile = (access?: string) =>
    t.app.inject({ method: 'GET', url: '/api/profile', headers: access ? { authorization: `Bearer ${access}` } : {} });
  const complete = (access: string | undefined, payload: unknown) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/profile/complete',
      headers: access ? { authorization: `Bearer ${access}` } : {},
      payload: payload as object,
    });

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
    const u = await registerUser(t.app);
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
    const again = await complete(u.access, { partners: [{ partner: 'Partner C', username: 'c' }], crypto: { eth: '0xdef' } });
    expect(again.json().profile).toMatchObject({
      profilePartners: [{ partner: 'Partner C', username: 'c' }],
      crypto: { btc: '', eth: '0xdef', usdt: '', sol: '' },
    });
    // And GET /api/profile reads the stored values.
    expect((await getProfile(u.access)).json().profile.profilePartners).toEqual([{ partner: 'Partner C', username: 'c' }]);
  });

  it('accepts an empty completion', async () => {
    const u = await registerUser(t.app);
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
    const u = await registerUser(t.app);
    const res = await complete(u.access, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
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

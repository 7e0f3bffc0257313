import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, casinoAccounts, ledgerEntries, profilePartners, socialAccounts, users } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { makeUser, pointsOf, useTestAppWithAdmin, type TestUser } from '../../test/factories.ts';

const clock = new ManualClock('2026-06-01T12:00:00Z');

type Progress = { guides: { id: string; isDone: boolean; steps: { id: string; isDone: boolean }[] }[]; bonus: { points: number; creditedAt: string | null } };

function doneOf(progress: Progress): string[] {
  return progress.guides.flatMap((g) => g.steps.filter((s) => s.isDone).map((s) => s.id));
}

describe(`Interactive How-To's (${process.env.TEST_DB})`, () => {
  const { t, admin } = useTestAppWithAdmin({}, { clock });
  const progressOf = async (user: TestUser): Promise<Progress> => {
    const res = await t.app.inject({ method: 'GET', url: '/api/how-to', headers: user.auth });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const bonusRows = (userId: string) =>
    t.app.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.reason, 'how_to_bonus')));

  it('needs a signed-in member; the settings need an admin', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/how-to' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/how-to/steps/verify-round' })).statusCode).toBe(401);
    const member = await makeUser(t.app);
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/how-to/settings', headers: member.auth, payload: { bonusPoints: 1 } })).statusCode).toBe(403);
  });

  it('checks Get started off from real state, then credits the bonus once', async () => {
    const set = await t.app.inject({ method: 'PUT', url: '/api/admin/how-to/settings', headers: admin.auth, payload: { bonusPoints: 750 } });
    expect(set.statusCode).toBe(200);
    expect((await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'how_to.settings'))).length).toBe(1);
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/how-to/settings', headers: admin.auth, payload: { bonusPoints: -1 } })).statusCode).toBe(400);

    const member = await makeUser(t.app, { verified: false });
    // An unverified member reads progress too: verifying the e-mail is the first step.
    let progress = await progressOf(member);
    expect(doneOf(progress)).toEqual([]);
    expect(progress.bonus).toEqual({ points: 750, creditedAt: null });

    await t.app.db.update(users).set({ emailVerified: true }).where(eq(users.id, member.id));
    expect(doneOf(await progressOf(member))).toEqual(['verify-email']);

    await t.app.db.insert(profilePartners).values({ userId: member.id, position: 0, partner: 'Stake', username: 'me' });
    expect(doneOf(await progressOf(member))).toEqual(['verify-email', 'complete-profile']);

    // A rejected casino account is not linked; a pending one is.
    await t.app.db.insert(casinoAccounts).values({ userId: member.id, partner: 'p2', username: 'rejected', state: 'rejected' });
    expect(doneOf(await progressOf(member))).not.toContain('link-casino');
    await t.app.db.insert(casinoAccounts).values({ userId: member.id, partner: 'p1', username: member.username });
    expect(doneOf(await progressOf(member))).toContain('link-casino');
    expect(await bonusRows(member.id)).toHaveLength(0);

    const before = await pointsOf(t.app, member.id);
    await t.app.db.insert(socialAccounts).values({ userId: member.id, platform: 'kick', externalId: `k-${member.id}`, username: 'kicker' });
    const [a, b] = await Promise.all([progressOf(member), progressOf(member)]);
    progress = await progressOf(member);
    expect(progress.guides[0]).toMatchObject({ id: 'get-started', isDone: true });
    expect(a.bonus.creditedAt).not.toBeNull();
    expect(b.bonus.creditedAt).toBe(a.bonus.creditedAt);
    expect(progress.bonus).toEqual({ points: 750, creditedAt: a.bonus.creditedAt });
    expect(await bonusRows(member.id)).toHaveLength(1);
    expect(await pointsOf(t.app, member.id)).toBe(before + 750);
  });

  it('records the browser-only verifications; other steps cannot be reported', async () => {
    const member = await makeUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/how-to/steps/verify-round', headers: member.auth });
    expect(res.statusCode).toBe(200);
    expect(doneOf(res.json())).toContain('verify-round');
    // Again: no change, no error.
    expect((await t.app.inject({ method: 'POST', url: '/api/how-to/steps/verify-round', headers: member.auth })).statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'POST', url: '/api/how-to/steps/link-kick', headers: member.auth });
    expect(refused.statusCode).toBe(400);
    expect(doneOf(await progressOf(member))).toEqual(['verify-email', 'verify-round']);
  });

  it('counts points from wagers as earned', async () => {
    const member = await makeUser(t.app, { xp: 10 });
    expect(doneOf(await progressOf(member))).toContain('earn-points');
  });
});

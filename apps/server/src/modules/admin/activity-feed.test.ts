import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { streamCredits } from '../../db/schema.ts';
import { createActiveRaffle, makeUser, useTestAppWithAdmin } from '../../test/factories.ts';
import { consumeVerificationToken, createVerificationToken } from '../auth/email-verification.ts';

describe(`Latest Activity and the audit log (${process.env.TEST_DB})`, () => {
  const clock = new ManualClock('2026-11-23T12:00:00.000Z');
  const { t, admin } = useTestAppWithAdmin({}, { clock });
  const get = (url: string, headers: Record<string, string> = admin.auth) => t.app.inject({ method: 'GET', url, headers });
  type Item = { id: string; type: string; title: string; details: string; action: string; actor: { username: string } | null };
  const items = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items as Item[];
  };

  it('lists a new member, a raffle draw and its winner, and points credited per source and hour, under their filters', async () => {
    const member = await makeUser(t.app, { points: 100, prefix: 'feed' });
    const raffleId = await createActiveRaffle(t.app, admin, clock.now(), { title: 'Feed raffle', winners: 1 });
    expect((await t.app.inject({ method: 'POST', url: `/api/raffles/${raffleId}/enter`, headers: member.auth })).statusCode).toBe(201);
    await t.app.inject({ method: 'POST', url: `/api/admin/users/${member.id}/points`, headers: admin.auth, payload: { amount: 1240, reason: 'feed test' } });
    clock.advance(2 * 3_600_000);
    await t.app.runJobs();

    const users = await items('/api/admin/activity?type=user&pageSize=100');
    expect(users).toContainEqual(expect.objectContaining({ type: 'user', title: 'New member', details: `${member.username} joined`, action: 'user.join' }));

    const raffles = await items('/api/admin/activity?type=raffle&pageSize=100');
    expect(raffles).toContainEqual(expect.objectContaining({ title: 'Raffle winners drawn', details: `Feed raffle: ${member.username}` }));
    expect(raffles).toContainEqual(expect.objectContaining({ title: 'Raffle entries', details: '1 entry to Feed raffle' }));
    expect(raffles.every((i) => i.type === 'raffle')).toBe(true);

    const points = await items('/api/admin/activity?type=points&pageSize=100');
    expect(points).toContainEqual(expect.objectContaining({ type: 'points', title: 'Points granted', details: '1,340 points to 1 member' }));
    // The admin's own act is there too, with its actor.
    expect(points).toContainEqual(expect.objectContaining({ action: 'points.grant', actor: expect.objectContaining({ username: admin.username }) }));

    const all = await get('/api/admin/activity?pageSize=5');
    expect(all.json().items).toHaveLength(5);
    expect(all.json().total).toBeGreaterThan(5);
    const times = (all.json().items as { time: string }[]).map((i) => i.time);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('lists e-mail verifications under Users and the stream activity blocks per hour under Points', async () => {
    const member = await makeUser(t.app, { prefix: 'verif' });
    // A resend marks the first link used; the verification time is the second link's.
    await createVerificationToken(t.app.db, member.id, clock.now());
    clock.advance(60_000);
    const token = await createVerificationToken(t.app.db, member.id, clock.now());
    clock.advance(60_000);
    const verifiedAt = clock.now();
    expect(await consumeVerificationToken(t.app.db, token, verifiedAt)).toBe(true);
    const users = await items('/api/admin/activity?type=user&pageSize=100');
    const verified = users.find((i) => i.action === 'user.verified' && i.details === `${member.username} verified their e-mail`);
    expect(verified).toMatchObject({ type: 'user', title: 'E-mail verified' });
    expect((verified as unknown as { time: string }).time).toBe(verifiedAt.toISOString());
    expect((await items('/api/admin/activity?type=raffle&pageSize=100')).some((i) => i.action === 'user.verified')).toBe(false);

    // Two blocks in one hour, for a linked viewer and one not linked yet (held), plus one the next hour.
    const hour = new Date('2026-11-25T08:00:00.000Z');
    const at = (minutes: number) => new Date(hour.getTime() + minutes * 60_000);
    await t.app.db.insert(streamCredits).values([
      { key: `block:${at(10).toISOString()}:k1`, kickUserId: 'k1', userId: member.id, reason: 'stream_activity', amount: 10, earnedAt: at(10) },
      { key: `block:${at(10).toISOString()}:k2`, kickUserId: 'k2', userId: null, reason: 'stream_activity', amount: 20, earnedAt: at(10) },
      { key: `block:${at(20).toISOString()}:k1`, kickUserId: 'k1', userId: member.id, reason: 'stream_activity', amount: 10, earnedAt: at(20) },
      { key: `block:${at(70).toISOString()}:k1`, kickUserId: 'k1', userId: member.id, reason: 'stream_activity', amount: 5, earnedAt: at(70) },
      { key: 'follow:k3', kickUserId: 'k3', userId: null, reason: 'stream_follow', amount: 50, earnedAt: at(15) },
    ]);
    const points = await items('/api/admin/activity?type=points&pageSize=100');
    const blocks = points.filter((i) => i.action === 'stream.blocks');
    expect(blocks).toEqual([
      expect.objectContaining({ type: 'points', title: 'Stream activity', details: '1 block: 5 points to 1 viewer' }),
      expect.objectContaining({ type: 'points', title: 'Stream activity', details: '2 blocks: 40 points to 2 viewers' }),
    ]);
    expect((await items('/api/admin/activity?type=level&pageSize=100')).some((i) => i.action === 'stream.blocks')).toBe(false);
  });

  it('the audit log screen lists admin acts only, with actor, act and target', async () => {
    const member = await makeUser(t.app);
    await t.app.inject({ method: 'POST', url: `/api/admin/users/${member.id}/points`, headers: admin.auth, payload: { amount: 5, reason: 'audit test' } });
    const res = await get('/api/admin/audit?pageSize=100');
    expect(res.statusCode).toBe(200);
    const list = res.json().items as (Item & { targetId: string })[];
    expect(list.every((i) => !['user.join', 'points.credited', 'raffle.entries'].includes(i.action))).toBe(true);
    expect(list).toContainEqual(
      expect.objectContaining({ action: 'points.grant', targetId: member.id, actor: expect.objectContaining({ username: admin.username }) }),
    );
  });

  it('is for admins: 401 without a token, 403 for a member, 400 for an unknown type', async () => {
    const member = await makeUser(t.app);
    for (const url of ['/api/admin/activity', '/api/admin/audit']) {
      expect((await get(url, {})).statusCode).toBe(401);
      expect((await get(url, member.auth)).statusCode).toBe(403);
      expect((await get(`${url}?type=nope`)).statusCode).toBe(400);
    }
  });
});

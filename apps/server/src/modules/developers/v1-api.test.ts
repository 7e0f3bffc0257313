import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTokens, auditLog, ledgerEntries, socialAccounts, streamChatters } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { makeUser, pointsOf, useTestAppWithAdmin } from '../../test/factories.ts';
import { sha256Hex } from '../auth/tokens.ts';
import { releaseHeldCredits } from '../chat/crediting.ts';

const clock = new ManualClock('2026-06-01T12:00:00Z');

describe(`The public v1 API (${process.env.TEST_DB})`, () => {
  const { t, admin } = useTestAppWithAdmin({}, { clock });

  async function newToken(scopes: string[], name = 'Overlay'): Promise<{ id: string; token: string; auth: Record<string, string> }> {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/api-tokens', headers: admin.auth, payload: { name, scopes } });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    return { id: body.id, token: body.token, auth: { authorization: `Bearer ${body.token}` } };
  }

  async function linkedViewer(kickId: string, points = 0) {
    const member = await makeUser(t.app, { points });
    await t.app.db.insert(socialAccounts).values({ userId: member.id, platform: 'kick', externalId: kickId, username: `kick_${kickId}` });
    return member;
  }

  const adjust = (auth: Record<string, string>, kickId: string, payload: object, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/viewers/kick/${kickId}/points`,
      headers: { ...auth, ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });

  it('creates a token shown once (rh_ + 256 bits, stored as its hash), lists it without the secret, audits create and revoke, and a revoked token is 401', async () => {
    const { id, token, auth } = await newToken(['points:read']);
    expect(token).toMatch(/^rh_[A-Za-z0-9_-]{43}$/);
    const [row] = await t.app.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(row!.tokenHash).toBe(sha256Hex(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/api-tokens', headers: admin.auth });
    const listed = list.json().tokens.find((x: { id: string }) => x.id === id);
    expect(listed).toMatchObject({ name: 'Overlay', scopes: ['points:read'], lastUsedAt: null, prefix: token.slice(0, 9) });
    expect(list.body).not.toContain(token);

    await linkedViewer('k-rev', 5);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/viewers/kick/k-rev', headers: auth })).statusCode).toBe(200);
    const used = await t.app.inject({ method: 'GET', url: '/api/admin/api-tokens', headers: admin.auth });
    expect(used.json().tokens.find((x: { id: string }) => x.id === id).lastUsedAt).toBe(clock.now().toISOString());

    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/api-tokens/${id}`, headers: admin.auth })).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/viewers/kick/k-rev', headers: auth });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHORIZED');
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audits.map((a) => a.action).sort()).toEqual(['api_token.create', 'api_token.revoke']);
  });

  it('answers 401 without, with a bad or with a JWT token; 403 MISSING_SCOPE; and an API token never reaches member or admin routes', async () => {
    const { auth } = await newToken(['community:read']);
    await linkedViewer('k-scope');
    const url = '/api/v1/viewers/kick/k-scope';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: { authorization: 'Bearer rh_nope' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: admin.auth })).statusCode).toBe(401);
    const scoped = await t.app.inject({ method: 'GET', url, headers: auth });
    expect(scoped.statusCode).toBe(403);
    expect(scoped.json().code).toBe('MISSING_SCOPE');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/leaderboard', headers: auth })).statusCode).toBe(200);
    for (const route of ['/api/auth/me', '/api/points/ledger', '/api/admin/api-tokens', '/api/admin/users']) {
      expect((await t.app.inject({ method: 'GET', url: route, headers: auth })).statusCode, route).toBe(401);
    }
  });

  it('reads a linked viewer, an unlinked one with their holding balance, a member by uid, and 404 for a viewer never seen', async () => {
    const { auth } = await newToken(['points:read']);
    const member = await linkedViewer('k-read', 250);
    const linked = await t.app.inject({ method: 'GET', url: '/api/v1/viewers/kick/k-read', headers: auth });
    expect(linked.json()).toEqual({ platform: 'kick', platformUserId: 'k-read', username: 'kick_k-read', linked: true, uid: member.uid, points: 250 });

    await t.app.db.insert(streamChatters).values({ kickUserId: 'k-chat', username: 'chatter', lastChatAt: clock.now() });
    const unlinked = await t.app.inject({ method: 'GET', url: '/api/v1/viewers/kick/k-chat', headers: auth });
    expect(unlinked.json()).toEqual({ platform: 'kick', platformUserId: 'k-chat', username: 'chatter', linked: false, uid: null, points: 0 });

    expect((await t.app.inject({ method: 'GET', url: '/api/v1/viewers/kick/k-never', headers: auth })).statusCode).toBe(404);
    const byUid = await t.app.inject({ method: 'GET', url: `/api/v1/members/${member.uid}`, headers: auth });
    expect(byUid.json()).toMatchObject({ uid: member.uid, points: 250, platforms: [{ platform: 'kick', platformUserId: 'k-read' }] });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/members/nobody', headers: auth })).statusCode).toBe(404);
  });

  it('adjusts points once per Idempotency-Key through the ledger (api_adjustment naming the token), audited; never below zero; 400 for bad input or no key', async () => {
    const { id, auth } = await newToken(['points:read', 'points:write'], 'Bot');
    const member = await linkedViewer('k-adj', 100);

    const first = await adjust(auth, 'k-adj', { amount: 50, reason: 'Quiz winner' }, 'quiz-1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ linked: true, points: 150, amount: 50 });
    const again = await adjust(auth, 'k-adj', { amount: 50, reason: 'Quiz winner' }, 'quiz-1');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await pointsOf(t.app, member.id)).toBe(150);
    const rows = await t.app.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, member.id), eq(ledgerEntries.reason, 'api_adjustment')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: 50, refType: 'api_token', refId: id, note: 'Quiz winner (API token Bot)' });

    const short = await adjust(auth, 'k-adj', { amount: -151, reason: 'Too much' }, 'take-1');
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({ code: 'INSUFFICIENT_POINTS', shortfall: 1 });
    expect(await pointsOf(t.app, member.id)).toBe(150);
    const taken = await adjust(auth, 'k-adj', { amount: -150, reason: 'All of it' }, 'take-2');
    expect(taken.json()).toMatchObject({ points: 0 });

    expect((await adjust(auth, 'k-adj', { amount: 5, reason: 'no key' })).statusCode).toBe(400);
    for (const payload of [
      { amount: 0, reason: 'x' },
      { amount: 1.5, reason: 'x' },
      { amount: 1_000_001, reason: 'x' },
      { amount: 5, reason: '' },
      { amount: 5, reason: 'x'.repeat(201) },
    ]) {
      expect((await adjust(auth, 'k-adj', payload, `bad-${JSON.stringify(payload).length}`)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api_points.adjust'), eq(auditLog.targetId, member.id)));
    expect(audits).toHaveLength(2);
  });

  it("keeps each token's Idempotency-Keys its own: two tokens of one admin with the same key adjust twice", async () => {
    const first = await newToken(['points:write'], 'First bot');
    const second = await newToken(['points:write'], 'Second bot');
    const member = await linkedViewer('k-two-tokens', 10);
    expect((await adjust(first.auth, 'k-two-tokens', { amount: 5, reason: 'Shared key' }, 'same-key')).json()).toMatchObject({ points: 15 });
    const other = await adjust(second.auth, 'k-two-tokens', { amount: 5, reason: 'Shared key' }, 'same-key');
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(other.json()).toMatchObject({ points: 20 });
    const replay = await adjust(second.auth, 'k-two-tokens', { amount: 5, reason: 'Shared key' }, 'same-key');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await pointsOf(t.app, member.id)).toBe(20);
  });

  it("credits an unlinked viewer's holding balance, debits it never below zero, and pays it out when they link", async () => {
    const { auth } = await newToken(['points:read', 'points:write']);
    expect((await adjust(auth, 'k-held', { amount: 300, reason: 'Import from the old bot' }, 'h-1')).json()).toMatchObject({ linked: false, points: 300 });
    expect((await adjust(auth, 'k-held', { amount: -400, reason: 'Too much' }, 'h-2')).statusCode).toBe(409);
    expect((await adjust(auth, 'k-held', { amount: -100, reason: 'Fix' }, 'h-3')).json()).toMatchObject({ points: 200 });
    const seen = await t.app.inject({ method: 'GET', url: '/api/v1/viewers/kick/k-held', headers: auth });
    expect(seen.json()).toMatchObject({ linked: false, points: 200 });
    const member = await makeUser(t.app);
    await t.app.db.transaction(async (tx) => {
      await tx.insert(socialAccounts).values({ userId: member.id, platform: 'kick', externalId: 'k-held', username: 'held' });
      expect(await releaseHeldCredits(tx, member.id, 'k-held', clock.now())).toBe(200);
    });
    expect(await pointsOf(t.app, member.id)).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/viewers/kick/k-held', headers: auth })).json()).toMatchObject({ linked: true, points: 200 });
  });

  it('limits each token to 600 calls a minute (429 with Retry-After), counted per token', async () => {
    const busy = await newToken(['community:read']);
    const other = await newToken(['community:read']);
    for (let i = 0; i < 600; i += 1) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/giveaways', headers: busy.auth });
      if (res.statusCode !== 200) throw new Error(`call ${i} answered ${res.statusCode}`);
    }
    const limited = await t.app.inject({ method: 'GET', url: '/api/v1/giveaways', headers: busy.auth });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/giveaways', headers: other.auth })).statusCode).toBe(200);
  });

  it('answers the community reads as the public pages do', async () => {
    const { auth } = await newToken(['community:read']);
    for (const [v1, pub] of [
      ['/api/v1/leaderboard', '/api/leaderboard'],
      ['/api/v1/raffles', '/api/raffles'],
      ['/api/v1/giveaways', '/api/giveaways'],
    ] as const) {
      const a = await t.app.inject({ method: 'GET', url: v1, headers: auth });
      expect(a.statusCode, v1).toBe(200);
      expect(a.json()).toEqual((await t.app.inject({ method: 'GET', url: pub })).json());
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/bonus-hunts/current', headers: auth })).json()).toEqual({ hunt: null });
  });
});

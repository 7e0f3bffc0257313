import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DondRound } from '@app/shared/api/deal-or-no-deal';
import { drawRaffleWinners } from '@app/shared/domain/raffle-draw';
import { sha256Hex } from '@app/shared/fairness/engine';
import { DOND_PRESETS, bankerOffer, dondBoard, openingSchedule } from '@app/shared/games/deal-or-no-deal';
import { buildApp } from '../../app.ts';
import { auditLog, dondEntries, ledgerEntries, socialAccounts, streamEvents, userRestrictions } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { fakeKickEnv, startFakeKick, type FakeKick } from '../../test/fake-kick.ts';
import { makeUser, pointsOf, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { autoDealIdleRounds } from './auto-deal.ts';

/**
 * Deal or No Deal against the fake Kick: joins on the web and with `!dond`, the verifiable
 * contestant draw, the moves with the banker's offers from the shared formula, the board reproduced
 * from the revealed seed, the prize credited once, the 2-minute auto-deal, the feature ban and the switch.
 */
describe(`Deal or No Deal (${process.env.TEST_DB})`, () => {
  const clock = new ManualClock('2026-11-26T12:00:00.000Z');
  let fake: FakeKick;
  let t: TestApp;
  let admin: TestUser;
  let kickIds = 9000;

  beforeAll(async () => {
    fake = await startFakeKick();
    t = await createTestApp(fakeKickEnv(fake), { clock, chatIntervalMs: 0 });
    admin = await makeUser(t.app, { admin: true, prefix: 'adm' });
    await connect();
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  type Method = 'GET' | 'POST' | 'PUT';
  const admin$ = (method: Method, url: string, payload?: object) => t.app.inject({ method, url, headers: admin.auth, ...(payload ? { payload } : {}) });
  const as = (user: TestUser | null, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, ...(user ? { headers: user.auth } : {}), ...(payload ? { payload } : {}) });
  const broadcaster = () => ({ user_id: fake.broadcaster.userId, username: fake.broadcaster.name, channel_slug: fake.broadcaster.slug });
  const viewer = () => ({ id: ++kickIds, name: `viewer${kickIds}` });
  /** Says `content` in chat as `v`, runs the jobs and returns the bot's lines after it. */
  async function say(v: { id: number; name: string }, content: string): Promise<string[]> {
    const before = fake.chat.length;
    const d = fake.delivery(
      'chat.message.sent',
      {
        message_id: `m-${kickIds}-${Math.random().toString(36).slice(2)}`,
        broadcaster: broadcaster(),
        sender: { user_id: v.id, username: v.name, is_verified: false, channel_slug: v.name, identity: { username_color: '#fff', badges: [] } },
        content,
        emotes: [],
        created_at: clock.now().toISOString(),
      },
      { timestamp: clock.now() },
    );
    expect((await t.app.inject({ method: 'POST', url: '/api/integrations/kick/webhook', headers: d.headers, payload: d.payload })).statusCode).toBe(200);
    await t.app.runJobs();
    await t.app.stream.settled();
    return fake.chat.slice(before).map((m) => m.content);
  }
  async function chatAfter(act: () => Promise<unknown>): Promise<string[]> {
    const before = fake.chat.length;
    await act();
    await t.app.stream.settled();
    return fake.chat.slice(before).map((m) => m.content);
  }
  async function connect(): Promise<void> {
    const start = await admin$('POST', '/api/admin/stream/connect');
    const cookie = start.cookies.find((c) => c.name === 'kick_oauth')!;
    const back = new URL((await fetch(start.json().url, { redirect: 'manual' })).headers.get('location')!);
    expect((await t.app.inject({ method: 'GET', url: back.pathname + back.search, cookies: { kick_oauth: cookie.value } })).statusCode).toBe(302);
  }
  async function link(user: TestUser, v: { id: number; name: string }): Promise<void> {
    await t.app.db.insert(socialAccounts).values({ userId: user.id, platform: 'kick', externalId: String(v.id), username: v.name, createdAt: clock.now() });
  }
  async function newRound(values: readonly number[] = DOND_PRESETS[16]): Promise<DondRound> {
    const res = await admin$('POST', '/api/admin/dealornodeal/rounds', { values });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().round;
  }
  async function openNew(values?: readonly number[]): Promise<DondRound> {
    const round = await newRound(values);
    const res = await admin$('POST', `/api/admin/dealornodeal/rounds/${round.id}/open`);
    expect(res.statusCode, res.body).toBe(200);
    await t.app.stream.settled();
    return res.json().round;
  }
  async function move(user: TestUser, id: string, body: object): Promise<DondRound> {
    const res = await as(user, 'POST', `/api/dealornodeal/rounds/${id}/move`, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().round;
  }
  /** A round with one entrant (who is then the contestant), closed. */
  async function roundFor(user: TestUser, values?: readonly number[]): Promise<DondRound> {
    const round = await openNew(values);
    expect((await as(user, 'POST', `/api/dealornodeal/rounds/${round.id}/join`)).statusCode).toBe(201);
    const closed = await admin$('POST', `/api/admin/dealornodeal/rounds/${round.id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    return closed.json().round;
  }
  /** Opens the unopened cases (not the own one) until the round's offer comes. */
  async function openRound(user: TestUser, round: DondRound): Promise<DondRound> {
    let r = round;
    while (r.stage === 'open') {
      const next = r.cases.find((c) => !c.opened && !c.own)!;
      r = await move(user, r.id, { action: 'open', case: next.case });
    }
    return r;
  }
  const auditActions = async (id: string) =>
    (await t.app.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, id))).map((a) => a.action).sort();
  const prizeRows = async (userId: string, roundId: string) =>
    t.app.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.reason, 'dond_prize'), eq(ledgerEntries.refId, roundId)));

  it('a round from joins on the web and with !dond to a Deal: offers by the shared formula, the board and the draw reproduced, the prize once', async () => {
    const webber = await makeUser(t.app);
    const chatter = await makeUser(t.app);
    const v = viewer();
    await link(chatter, v);

    // Admin calls: 401 without a token, 403 for a member, 400 for a board of 15.
    const member = await makeUser(t.app);
    for (const [method, url] of [
      ['GET', '/api/admin/dealornodeal'],
      ['POST', '/api/admin/dealornodeal/rounds'],
      ['POST', '/api/admin/dealornodeal/rounds/00000000-0000-4000-8000-000000000000/open'],
      ['POST', '/api/admin/dealornodeal/rounds/00000000-0000-4000-8000-000000000000/close'],
      ['POST', '/api/admin/dealornodeal/rounds/00000000-0000-4000-8000-000000000000/cancel'],
    ] as const) {
      const payload = url.endsWith('rounds') ? { values: DOND_PRESETS[16] } : undefined;
      expect((await as(null, method, url, payload)).statusCode, url).toBe(401);
      expect((await as(member, method, url, payload)).statusCode, url).toBe(403);
    }
    expect((await admin$('POST', '/api/admin/dealornodeal/rounds', { values: DOND_PRESETS[16].slice(1) })).statusCode).toBe(400);
    expect((await admin$('POST', '/api/admin/dealornodeal/rounds', { values: [...DOND_PRESETS[16].slice(1), 0] })).statusCode).toBe(400);
    expect((await admin$('POST', '/api/admin/dealornodeal/rounds/not-an-id/open')).statusCode).toBe(400);

    const draft = await newRound(DOND_PRESETS[16]);
    expect(draft).toMatchObject({ status: 'draft', total: DOND_PRESETS[16].reduce((a, b) => a + b, 0), fairness: { serverSeedHash: null, serverSeed: null } });
    // Visitors do not see a draft; one round at a time.
    expect((await as(null, 'GET', `/api/dealornodeal/rounds/${draft.id}`)).statusCode).toBe(404);
    expect((await admin$('POST', '/api/admin/dealornodeal/rounds', { values: DOND_PRESETS[26] })).json().code).toBe('DOND_ROUND_LIVE');
    // Joining a draft is not possible.
    expect((await as(webber, 'POST', `/api/dealornodeal/rounds/${draft.id}/join`)).statusCode).toBe(404);

    let opened!: DondRound;
    const openLines = await chatAfter(async () => {
      const res = await admin$('POST', `/api/admin/dealornodeal/rounds/${draft.id}/open`);
      expect(res.statusCode, res.body).toBe(200);
      opened = res.json().round;
    });
    expect(openLines).toEqual([expect.stringContaining(`Deal or No Deal #${draft.roundNumber} is open`)]);
    const seedHash = opened.fairness.serverSeedHash!;
    expect(seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await as(null, 'GET', '/api/dealornodeal')).json().round).toMatchObject({ id: draft.id, status: 'open', cases: expect.any(Array) });
    expect((await as(null, 'GET', '/api/dealornodeal')).json().round.cases.every((c: { value: number | null }) => c.value === null)).toBe(true);

    // Web join: 401, 400, 403 unverified, 403 RESTRICTED with the feature ban, 201, then 409.
    expect((await as(null, 'POST', `/api/dealornodeal/rounds/${draft.id}/join`)).statusCode).toBe(401);
    expect((await as(webber, 'POST', '/api/dealornodeal/rounds/nope/join')).statusCode).toBe(400);
    const unverified = await makeUser(t.app, { verified: false });
    expect((await as(unverified, 'POST', `/api/dealornodeal/rounds/${draft.id}/join`)).json().code).toBe('EMAIL_NOT_VERIFIED');
    const banned = await makeUser(t.app);
    await t.app.db
      .insert(userRestrictions)
      .values({ userId: banned.id, kind: 'ban_dealornodeal', reason: 'test', days: null, expiresAt: null, createdBy: null, createdAt: clock.now() });
    const refused = await as(banned, 'POST', `/api/dealornodeal/rounds/${draft.id}/join`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'RESTRICTED', error: 'You are restricted from Deal or No Deal.' });
    // A Raffle ban does not refuse Deal or No Deal.
    const raffleBanned = await makeUser(t.app);
    await t.app.db
      .insert(userRestrictions)
      .values({ userId: raffleBanned.id, kind: 'ban_raffle', reason: 'test', days: null, expiresAt: null, createdBy: null, createdAt: clock.now() });
    expect((await as(raffleBanned, 'POST', `/api/dealornodeal/rounds/${draft.id}/join`)).statusCode).toBe(201);
    await t.app.db.delete(dondEntries).where(eq(dondEntries.userId, raffleBanned.id));

    const joined = await as(webber, 'POST', `/api/dealornodeal/rounds/${draft.id}/join`);
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json().round).toMatchObject({ entered: true, isContestant: false, entries: 1 });
    expect((await as(webber, 'POST', `/api/dealornodeal/rounds/${draft.id}/join`)).json().code).toBe('ALREADY_ENTERED');

    // Chat: a linked viewer joins once; an unlinked one is told to link; a banned linked one is refused.
    clock.advance(1000);
    expect(await say(v, '!dond')).toEqual([`@${v.name} you're in Deal or No Deal #${draft.roundNumber}!`]);
    expect(await say(v, '!dond')).toEqual([]);
    const stranger = viewer();
    expect(await say(stranger, '!dond')).toEqual([`@${stranger.name} link your Kick account at http://localhost:3000/profile to join Deal or No Deal.`]);
    const bv = viewer();
    await link(banned, bv);
    expect(await say(bv, '!dond')).toEqual([`@${bv.name} You are restricted from Deal or No Deal.`]);
    expect((await as(webber, 'GET', '/api/dealornodeal')).json().round).toMatchObject({ entries: 2, entered: true });

    // Close: one contestant drawn from the two entrants; the bot names them.
    let closed!: DondRound;
    const closeLines = await chatAfter(async () => {
      const res = await admin$('POST', `/api/admin/dealornodeal/rounds/${draft.id}/close`);
      expect(res.statusCode, res.body).toBe(200);
      closed = res.json().round;
    });
    expect(closed).toMatchObject({ status: 'playing', stage: 'pick', fairness: { entrantUids: [webber.uid, chatter.uid], serverSeed: null } });
    expect(closeLines).toEqual([expect.stringContaining(`Deal or No Deal #${draft.roundNumber}: `)]);
    expect((await as(webber, 'POST', `/api/dealornodeal/rounds/${draft.id}/join`)).json().code).toBe('DOND_WRONG_STATUS');
    const contestant = closed.contestant!.uid === webber.uid ? webber : chatter;
    const other = contestant === webber ? chatter : webber;
    if (contestant === chatter) expect(closeLines[0]).toContain(`@${v.name} is the contestant`);

    // Moves: 401, 400, 403 for someone else, 409 out of turn.
    const url = `/api/dealornodeal/rounds/${draft.id}/move`;
    expect((await as(null, 'POST', url, { action: 'pick', case: 1 })).statusCode).toBe(401);
    expect((await as(contestant, 'POST', url, { action: 'pick', case: 0 })).statusCode).toBe(400);
    expect((await as(contestant, 'POST', url, { action: 'jump' })).statusCode).toBe(400);
    expect((await as(contestant, 'POST', url, { action: 'pick', case: 20 })).statusCode).toBe(400);
    expect((await as(other, 'POST', url, { action: 'pick', case: 1 })).json().code).toBe('NOT_CONTESTANT');
    expect((await as(contestant, 'POST', url, { action: 'deal' })).json().code).toBe('DOND_WRONG_STATUS');

    let r = await move(contestant, draft.id, { action: 'pick', case: 7 });
    expect(r).toMatchObject({ stage: 'open', toOpen: 5, isContestant: true });
    expect((await as(contestant, 'POST', url, { action: 'open', case: 7 })).json().code).toBe('DOND_WRONG_STATUS');
    const revealed = new Map<number, number>();
    const schedule = openingSchedule(16);
    r = await openRound(contestant, r);
    for (const c of r.cases) if (c.opened) revealed.set(c.case, c.value!);
    expect(r.stage).toBe('offer');
    // The offer: the shared formula over the values still on the board.
    expect(r.offers).toEqual([{ round: 1, amount: bankerOffer(r.remainingValues, 1, schedule.length), sharePercent: 25, answer: null }]);
    r = await move(contestant, draft.id, { action: 'no_deal' });
    expect(r).toMatchObject({ stage: 'open', toOpen: 4 });
    r = await openRound(contestant, r);
    for (const c of r.cases) if (c.opened) revealed.set(c.case, c.value!);
    const offer = r.offers[1]!;
    expect(offer.amount).toBe(bankerOffer(r.remainingValues, 2, schedule.length));
    const before = await pointsOf(t.app, contestant.id);

    let finished!: DondRound;
    const resultLines = await chatAfter(async () => {
      finished = await move(contestant, draft.id, { action: 'deal' });
    });
    expect(finished).toMatchObject({ status: 'finished', stage: 'done', result: { outcome: 'deal', prize: offer.amount, auto: false } });
    expect(resultLines).toEqual([expect.stringContaining(`took the deal: ${offer.amount.toLocaleString('en-US')} points`)]);
    expect(await pointsOf(t.app, contestant.id)).toBe(before + offer.amount);
    // A repeat changes nothing: the prize is credited once.
    expect((await as(contestant, 'POST', url, { action: 'deal' })).json().code).toBe('DOND_WRONG_STATUS');
    expect(await autoDealIdleRounds(t.app.db, new Date(clock.now().getTime() + 3_600_000))).toEqual([]);
    expect(await prizeRows(contestant.id, draft.id)).toHaveLength(1);

    // The revealed seed matches the hash; the board and the contestant are reproduced.
    const seed = finished.fairness.serverSeed!;
    expect(sha256Hex(seed)).toBe(seedHash);
    const board = dondBoard({ serverSeed: seed, clientSeed: finished.fairness.clientSeed, nonce: finished.fairness.nonce }, finished.values);
    expect(finished.cases.map((c) => c.value)).toEqual(board);
    for (const [c, value] of revealed) expect(board[c - 1]).toBe(value);
    expect(drawRaffleWinners(seed, finished.fairness.entrantUids!, 1)).toMatchObject({
      winnerUids: [contestant.uid],
      entriesDigest: finished.fairness.entriesDigest,
    });
    expect(await auditActions(draft.id)).toEqual(['dond.close', 'dond.create', 'dond.open']);
    // The public page shows the ended round until the next one opens.
    expect((await as(null, 'GET', '/api/dealornodeal')).json().round).toMatchObject({ id: draft.id, status: 'finished' });
  });

  it('goes to the end with No Deal and a swap: the prize is the other case', async () => {
    const player = await makeUser(t.app);
    let r = await roundFor(player);
    r = await move(player, r.id, { action: 'pick', case: 1 });
    while (r.stage !== 'final') {
      r = await openRound(player, r);
      r = await move(player, r.id, { action: 'no_deal' });
    }
    const other = r.cases.find((c) => !c.opened && !c.own)!.case;
    const before = await pointsOf(t.app, player.id);
    r = await move(player, r.id, { action: 'final', swap: true });
    expect(r.result).toMatchObject({ outcome: 'swap', finalCase: other, prize: r.cases[other - 1]!.value, auto: false });
    expect(await pointsOf(t.app, player.id)).toBe(before + r.result!.prize);
    expect(r.offers.map((o) => o.answer)).toEqual(['no_deal', 'no_deal', 'no_deal', 'no_deal']);
  });

  it('takes the current offer for a contestant idle for 2 minutes, once even with two servers', async () => {
    const player = await makeUser(t.app);
    let r = await roundFor(player, DOND_PRESETS[26]);
    r = await move(player, r.id, { action: 'pick', case: 26 });
    r = await openRound(player, r);
    const offer = r.offers[0]!.amount;
    clock.advance(119_000);
    await t.app.runJobs();
    expect((await as(player, 'GET', '/api/dealornodeal')).json().round.status).toBe('playing');
    clock.advance(2_000);
    const before = await pointsOf(t.app, player.id);
    // On PostgreSQL a second app on the same database runs the job at the same moment; on PGlite the same app twice.
    const second = t.kind === 'postgres' ? await buildApp(t.config, { logger: false, clock, jobs: false, chatIntervalMs: 0, print: () => {} }) : t.app;
    try {
      const lines = await chatAfter(() => Promise.all([t.app.runJobs(), second.runJobs()]));
      expect(lines).toEqual([expect.stringContaining(`did not answer for 2 minutes and got the offer of ${offer.toLocaleString('en-US')} points`)]);
    } finally {
      if (second !== t.app) await second.close();
    }
    const done = (await as(player, 'GET', `/api/dealornodeal/rounds/${r.id}`)).json().round as DondRound;
    expect(done).toMatchObject({ status: 'finished', result: { outcome: 'deal', prize: offer, auto: true } });
    expect(done.offers.at(-1)!.answer).toBe('deal');
    expect(await pointsOf(t.app, player.id)).toBe(before + offer);
    expect(await prizeRows(player.id, r.id)).toHaveLength(1);
    expect((await as(player, 'POST', `/api/dealornodeal/rounds/${r.id}/move`, { action: 'deal' })).json().code).toBe('DOND_WRONG_STATUS');
  });

  it('an admin cannot take part: the web join is 403 OWN_ACCOUNT_ACT (audited), !dond is ignored without a word, and an entry from before the rule is never drawn', async () => {
    const member = await makeUser(t.app);
    const av = viewer();
    await link(admin, av);
    const round = await openNew();
    const refused = await admin$('POST', `/api/dealornodeal/rounds/${round.id}/join`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'OWN_ACCOUNT_ACT', error: 'Admins run Deal or No Deal, so an admin account cannot join a round.' });
    expect(await auditActions(round.id)).toEqual(['dond.create', 'dond.join_refused', 'dond.open']);
    expect(await say(av, '!dond')).toEqual([]);
    expect(await t.app.db.select().from(dondEntries).where(eq(dondEntries.roundId, round.id))).toEqual([]);
    // Ignored, not failed: the chat event is done with.
    expect(await t.app.db.select().from(streamEvents).where(isNull(streamEvents.processedAt))).toEqual([]);

    // An admin's entry stored before the rule: left out of the draw and of its published list.
    await t.app.db.insert(dondEntries).values({ roundId: round.id, userId: admin.id, source: 'web', createdAt: clock.now() });
    clock.advance(1000);
    expect((await as(member, 'POST', `/api/dealornodeal/rounds/${round.id}/join`)).statusCode).toBe(201);
    const closed = (await admin$('POST', `/api/admin/dealornodeal/rounds/${round.id}/close`)).json().round as DondRound;
    expect(closed).toMatchObject({ status: 'playing', contestant: { uid: member.uid }, fairness: { entrantUids: [member.uid] } });
    expect((await admin$('POST', `/api/admin/dealornodeal/rounds/${round.id}/cancel`)).statusCode).toBe(200);
  });

  it('a contestant restricted mid-round can no longer move: 403 RESTRICTED, and the round ends there with no prize, saying why', async () => {
    const player = await makeUser(t.app);
    let r = await roundFor(player);
    r = await move(player, r.id, { action: 'pick', case: 3 });
    r = await openRound(player, r);
    expect(r.stage).toBe('offer');
    await t.app.db
      .insert(userRestrictions)
      .values({ userId: player.id, kind: 'ban_dealornodeal', reason: 'test', days: null, expiresAt: null, createdBy: null, createdAt: clock.now() });
    const before = await pointsOf(t.app, player.id);
    let refused!: Awaited<ReturnType<typeof as>>;
    const lines = await chatAfter(async () => {
      refused = await as(player, 'POST', `/api/dealornodeal/rounds/${r.id}/move`, { action: 'deal' });
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'RESTRICTED', error: 'You are restricted from Deal or No Deal.' });
    expect(lines).toEqual([`Deal or No Deal #${r.roundNumber} ended with no prize: the contestant is restricted from Deal or No Deal.`]);
    const ended = (await as(null, 'GET', `/api/dealornodeal/rounds/${r.id}`)).json().round as DondRound;
    expect(ended).toMatchObject({ status: 'finished', result: { outcome: 'deal', prize: 0, auto: false, reason: 'restricted' } });
    // The offer was not taken: it stays unanswered.
    expect(ended.offers.at(-1)!.answer).toBeNull();
    expect(await pointsOf(t.app, player.id)).toBe(before);
    expect(await prizeRows(player.id, r.id)).toEqual([]);
    expect((await as(player, 'POST', `/api/dealornodeal/rounds/${r.id}/move`, { action: 'deal' })).json().code).toBe('DOND_WRONG_STATUS');
    // Another member's move in that round is still not theirs to make.
    expect((await as(await makeUser(t.app), 'POST', `/api/dealornodeal/rounds/${r.id}/move`, { action: 'deal' })).statusCode).toBe(409);
  });

  it('the auto-deal gives a contestant restricted mid-round nothing, and says why', async () => {
    const player = await makeUser(t.app);
    let r = await roundFor(player);
    r = await move(player, r.id, { action: 'pick', case: 5 });
    r = await openRound(player, r);
    await t.app.db.insert(userRestrictions).values({
      userId: player.id,
      kind: 'timeout',
      reason: 'test',
      days: 1,
      expiresAt: new Date(clock.now().getTime() + 86_400_000),
      createdBy: null,
      createdAt: clock.now(),
    });
    clock.advance(121_000);
    const before = await pointsOf(t.app, player.id);
    const lines = await chatAfter(() => t.app.runJobs());
    expect(lines).toEqual([`Deal or No Deal #${r.roundNumber} ended with no prize: the contestant is restricted from Deal or No Deal.`]);
    const ended = (await as(null, 'GET', `/api/dealornodeal/rounds/${r.id}`)).json().round as DondRound;
    expect(ended).toMatchObject({ status: 'finished', result: { prize: 0, reason: 'restricted' } });
    expect(await pointsOf(t.app, player.id)).toBe(before);
    expect(await prizeRows(player.id, r.id)).toEqual([]);
  });

  it('limits joins per member: the 11th in a minute is 429 with Retry-After', async () => {
    const member = await makeUser(t.app);
    const round = await openNew();
    const join = () => as(member, 'POST', `/api/dealornodeal/rounds/${round.id}/join`);
    expect((await join()).statusCode).toBe(201);
    for (let i = 0; i < 9; i += 1) expect((await join()).json().code).toBe('ALREADY_ENTERED');
    const limited = await join();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await admin$('POST', `/api/admin/dealornodeal/rounds/${round.id}/cancel`)).statusCode).toBe(200);
  });

  it('switched off, !dond is ignored; a round nobody joined is cancelled at close; cancel is audited', async () => {
    const user = await makeUser(t.app);
    const v = viewer();
    await link(user, v);
    const round = await openNew();
    expect((await admin$('PUT', '/api/admin/bot-features/dealornodeal', { status: false })).statusCode).toBe(200);
    expect(await say(v, '!dond')).toEqual([]);
    expect((await as(user, 'GET', '/api/dealornodeal')).json().round).toMatchObject({ id: round.id, entered: false, entries: 0 });
    await admin$('PUT', '/api/admin/bot-features/dealornodeal', { status: true });
    const empty = await admin$('POST', `/api/admin/dealornodeal/rounds/${round.id}/close`);
    expect(empty.json().round).toMatchObject({ status: 'cancelled', contestant: null, fairness: { entrantUids: [] } });
    expect(empty.json().round.fairness.serverSeed).toMatch(/^[0-9a-f]{64}$/);

    const next = await openNew();
    expect(await say(v, '!dond')).toEqual([`@${v.name} you're in Deal or No Deal #${next.roundNumber}!`]);
    const cancelled = await admin$('POST', `/api/admin/dealornodeal/rounds/${next.id}/cancel`);
    expect(cancelled.json().round.status).toBe('cancelled');
    expect((await admin$('POST', `/api/admin/dealornodeal/rounds/${next.id}/cancel`)).json().code).toBe('DOND_WRONG_STATUS');
    expect(await auditActions(next.id)).toEqual(['dond.cancel', 'dond.create', 'dond.open']);
    const list = (await admin$('GET', '/api/admin/dealornodeal')).json().rounds as DondRound[];
    expect(list[0]!.id).toBe(next.id);
  });
});

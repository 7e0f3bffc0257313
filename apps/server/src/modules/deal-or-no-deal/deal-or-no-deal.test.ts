import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DealOrNoDealRound } from '@app/shared/api/deal-or-no-deal';
import { drawRaffleWinners } from '@app/shared/domain/raffle-draw';
import { sha256Hex } from '@app/shared/fairness/engine';
import { DEAL_OR_NO_DEAL_PRESETS, bankerOffer, dealOrNoDealBoard, openingSchedule } from '@app/shared/games/deal-or-no-deal';
import { dealOrNoDealEntries, userRestrictions, webhookDeliveries, webhooks } from '../../db/schema.ts';
import { makeUser, pointsOf } from '../../test/factories.ts';
import type { TestApp } from '../../test/test-app.ts';
import { autoDealIdleRounds } from './auto-deal.ts';
import { useDealOrNoDealTestApp } from './deal-or-no-deal-test-helpers.ts';

/**
 * Deal or No Deal against the fake Kick: joins on the web and with `!dond`, the verifiable
 * contestant draw, the moves with the banker's offers from the shared formula, the board reproduced
 * from the revealed seed, the prize credited once, the 2-minute auto-deal, the feature ban and the switch.
 */
describe(`Deal or No Deal (${process.env.TEST_DB})`, () => {
  const k = useDealOrNoDealTestApp();
  const { clock, admin$, as, viewer, say, chatAfter, link, newRound, openNew, move, roundFor, openRound, auditActions, prizeRows } = k;
  let t: TestApp;

  beforeAll(() => {
    ({ t } = k);
  });

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
      const payload = url.endsWith('rounds') ? { values: DEAL_OR_NO_DEAL_PRESETS[16] } : undefined;
      expect((await as(null, method, url, payload)).statusCode, url).toBe(401);
      expect((await as(member, method, url, payload)).statusCode, url).toBe(403);
    }
    expect((await admin$('POST', '/api/admin/dealornodeal/rounds', { values: DEAL_OR_NO_DEAL_PRESETS[16].slice(1) })).statusCode).toBe(400);
    expect((await admin$('POST', '/api/admin/dealornodeal/rounds', { values: [...DEAL_OR_NO_DEAL_PRESETS[16].slice(1), 0] })).statusCode).toBe(400);
    expect((await admin$('POST', '/api/admin/dealornodeal/rounds/not-an-id/open')).statusCode).toBe(400);

    const draft = await newRound(DEAL_OR_NO_DEAL_PRESETS[16]);
    expect(draft).toMatchObject({
      status: 'draft',
      total: DEAL_OR_NO_DEAL_PRESETS[16].reduce((a, b) => a + b, 0),
      fairness: { serverSeedHash: null, serverSeed: null },
    });
    // Visitors do not see a draft; one round at a time.
    expect((await as(null, 'GET', `/api/dealornodeal/rounds/${draft.id}`)).statusCode).toBe(404);
    expect((await admin$('POST', '/api/admin/dealornodeal/rounds', { values: DEAL_OR_NO_DEAL_PRESETS[26] })).json().code).toBe('DEAL_OR_NO_DEAL_ROUND_LIVE');
    // Joining a draft is not possible.
    expect((await as(webber, 'POST', `/api/dealornodeal/rounds/${draft.id}/join`)).statusCode).toBe(404);

    let opened!: DealOrNoDealRound;
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
    await t.app.db.delete(dealOrNoDealEntries).where(eq(dealOrNoDealEntries.userId, raffleBanned.id));

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
    let closed!: DealOrNoDealRound;
    const closeLines = await chatAfter(async () => {
      const res = await admin$('POST', `/api/admin/dealornodeal/rounds/${draft.id}/close`);
      expect(res.statusCode, res.body).toBe(200);
      closed = res.json().round;
    });
    expect(closed).toMatchObject({ status: 'playing', stage: 'pick', fairness: { entrantUids: [webber.uid, chatter.uid], serverSeed: null } });
    expect(closeLines).toEqual([expect.stringContaining(`Deal or No Deal #${draft.roundNumber}: `)]);
    expect((await as(webber, 'POST', `/api/dealornodeal/rounds/${draft.id}/join`)).json().code).toBe('DEAL_OR_NO_DEAL_WRONG_STATUS');
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
    expect((await as(contestant, 'POST', url, { action: 'deal' })).json().code).toBe('DEAL_OR_NO_DEAL_WRONG_STATUS');

    let r = await move(contestant, draft.id, { action: 'pick', case: 7 });
    expect(r).toMatchObject({ stage: 'open', toOpen: 5, isContestant: true });
    expect((await as(contestant, 'POST', url, { action: 'open', case: 7 })).json().code).toBe('DEAL_OR_NO_DEAL_WRONG_STATUS');
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

    let finished!: DealOrNoDealRound;
    const resultLines = await chatAfter(async () => {
      finished = await move(contestant, draft.id, { action: 'deal' });
    });
    expect(finished).toMatchObject({ status: 'finished', stage: 'done', result: { outcome: 'deal', prize: offer.amount, auto: false } });
    expect(resultLines).toEqual([expect.stringContaining(`took the deal: ${offer.amount.toLocaleString('en-US')} points`)]);
    expect(await pointsOf(t.app, contestant.id)).toBe(before + offer.amount);
    // A repeat changes nothing: the prize is credited once.
    expect((await as(contestant, 'POST', url, { action: 'deal' })).json().code).toBe('DEAL_OR_NO_DEAL_WRONG_STATUS');
    expect(await autoDealIdleRounds(t.app.db, new Date(clock.now().getTime() + 3_600_000))).toEqual([]);
    expect(await prizeRows(contestant.id, draft.id)).toHaveLength(1);

    // The revealed seed matches the hash; the board and the contestant are reproduced.
    const seed = finished.fairness.serverSeed!;
    expect(sha256Hex(seed)).toBe(seedHash);
    const board = dealOrNoDealBoard({ serverSeed: seed, clientSeed: finished.fairness.clientSeed, nonce: finished.fairness.nonce }, finished.values);
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

  it('a finished round is an outgoing webhook event: one dond.finished delivery for an endpoint that asked for it, none for one that did not', async () => {
    const [wants, other] = await t.app.db
      .insert(webhooks)
      .values([
        { url: 'https://hooks.example.com/dond', events: ['dond.finished'], format: 'standard', secret: 'whsec_test' },
        { url: 'https://hooks.example.com/raffles', events: ['raffle.drawn'], format: 'standard', secret: 'whsec_test' },
      ])
      .returning();
    const player = await makeUser(t.app);
    let r = await roundFor(player);
    r = await move(player, r.id, { action: 'pick', case: 1 });
    r = await openRound(player, r);
    r = await move(player, r.id, { action: 'deal' });
    expect(r.result).toMatchObject({ outcome: 'deal' });
    const sent = await t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, wants!.id));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      event: 'dond.finished',
      payload: {
        type: 'dond.finished',
        data: { roundId: r.id, roundNumber: r.roundNumber, outcome: 'deal', prize: r.result!.prize, link: '/games/dealornodeal' },
      },
    });
    expect(await t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, other!.id))).toEqual([]);
    await t.app.db.delete(webhooks);
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
    expect((await admin$('POST', `/api/admin/dealornodeal/rounds/${next.id}/cancel`)).json().code).toBe('DEAL_OR_NO_DEAL_WRONG_STATUS');
    expect(await auditActions(next.id)).toEqual(['dond.cancel', 'dond.create', 'dond.open']);
    const list = (await admin$('GET', '/api/admin/dealornodeal')).json().rounds as DealOrNoDealRound[];
    expect(list[0]!.id).toBe(next.id);
  });
});

import { eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DealOrNoDealRound } from '@app/shared/api/deal-or-no-deal';
import { dealOrNoDealEntries, streamEvents } from '../../db/schema.ts';
import { makeUser, type TestUser } from '../../test/factories.ts';
import type { TestApp } from '../../test/test-app.ts';
import { useDealOrNoDealTestApp } from './deal-or-no-deal-test-helpers.ts';

/** Joining a round: an admin cannot (web 403 audited, !dond ignored, never drawn), and joins are limited per member. */
describe(`Deal or No Deal: joins (${process.env.TEST_DB})`, () => {
  const k = useDealOrNoDealTestApp();
  const { clock, admin$, as, viewer, say, link, openNew, auditActions } = k;
  let t: TestApp;
  let admin: TestUser;

  beforeAll(() => {
    ({ t, admin } = k);
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
    expect(await t.app.db.select().from(dealOrNoDealEntries).where(eq(dealOrNoDealEntries.roundId, round.id))).toEqual([]);
    // Ignored, not failed: the chat event is done with.
    expect(await t.app.db.select().from(streamEvents).where(isNull(streamEvents.processedAt))).toEqual([]);

    // An admin's entry stored before the rule: left out of the draw and of its published list.
    await t.app.db.insert(dealOrNoDealEntries).values({ roundId: round.id, userId: admin.id, source: 'web', createdAt: clock.now() });
    clock.advance(1000);
    expect((await as(member, 'POST', `/api/dealornodeal/rounds/${round.id}/join`)).statusCode).toBe(201);
    const closed = (await admin$('POST', `/api/admin/dealornodeal/rounds/${round.id}/close`)).json().round as DealOrNoDealRound;
    expect(closed).toMatchObject({ status: 'playing', contestant: { uid: member.uid }, fairness: { entrantUids: [member.uid] } });
    expect((await admin$('POST', `/api/admin/dealornodeal/rounds/${round.id}/cancel`)).statusCode).toBe(200);
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
});

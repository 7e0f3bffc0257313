import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Giveaway } from '@app/shared/api/giveaways';
import { drawGiveawayWinners, verifyGiveawayRounds } from '@app/shared/domain/giveaway-draw';
import { raffleSeedMatches } from '@app/shared/domain/raffle-draw';
import { buildApp } from '../../app.ts';
import { giveawayEntries, ledgerEntries, notifications, userRestrictions } from '../../db/schema.ts';
import type { FakeKick } from '../../test/fake-kick.ts';
import { pointsOf, type TestUser } from '../../test/factories.ts';
import type { TestApp } from '../../test/test-app.ts';
import { processStreamEvents } from '../chat/events.ts';
import { useGiveawayTestApp } from './giveaway-test-helpers.ts';
import { runGiveawayJob } from './run-giveaway-job.ts';

/**
 * Chat giveaways against the fake Kick: keyword entries once per Kick account, the close fixing the
 * list, the draw equal to the shared algorithm on the published data, the prize once, subscriber
 * luck, banned members and admins left out, the switch, and a keyword received before the closing
 * time. The close and draw by the admin and by two servers: draw-giveaway.test.ts; the prizes of
 * unlinked and unverified winners: pay-prizes.test.ts.
 */
describe(`Chat giveaways (${process.env.TEST_DB})`, () => {
  const { clock, h, chat, viewer, admin$, linked, link, start, publicOne, closeAndDraw, setSwitch } = useGiveawayTestApp();
  let t: TestApp;
  let fake: FakeKick;
  let admin: TestUser;

  beforeAll(() => {
    ({ t, fake, admin } = h);
  });

  it('counts each Kick account once; the draw equals the shared algorithm on the published data; the prize is credited once', async () => {
    const vs = [viewer(), viewer(), viewer()];
    const users = [];
    for (const v of vs) users.push(await linked(v));
    const stranger = viewer('stranger');
    const g = await start({ winners: 2, keyword: '!join' });
    expect(g.status).toBe('Open');
    expect(g.draw).toMatchObject({ seed: null, entrants: null, rounds: [] });
    await t.app.stream.settled();
    const started = fake.chat.at(-1)!.content;
    expect(started).toContain('Type !join in chat');
    expect(started).toContain(`Seed hash ${g.draw.seedHash.slice(0, 16)}`);

    // The same viewer's keyword twice, and two messages at the same moment from one viewer.
    await chat(vs[0]!, '!join');
    await chat(vs[0]!, '!JOIN please');
    await t.app.runJobs();
    await Promise.all([chat(vs[1]!, '!join'), chat(vs[1]!, '!join')]);
    await Promise.all([
      processStreamEvents(t.app.db, t.app.chat, 'http://localhost:3000', clock.now()),
      processStreamEvents(t.app.db, t.app.chat, 'http://localhost:3000', clock.now()),
    ]);
    await chat(vs[2]!, '!join');
    await chat(stranger, '!join'); // linked viewers only: not an entry
    await chat(vs[2]!, 'hello !join'); // not the first word
    await t.app.runJobs();
    const rows = await t.app.db.select().from(giveawayEntries).where(eq(giveawayEntries.giveawayId, g.id));
    expect(rows.map((r) => r.kickUserId).sort()).toEqual(vs.map((v) => String(v.id)).sort());
    expect((await publicOne(g.id)).entries).toBe(3);

    await closeAndDraw();
    const done = await publicOne(g.id);
    expect(done.status).toBe('Completed');
    expect(raffleSeedMatches(done.draw.seed!, done.draw.seedHash)).toBe(true);
    expect(done.draw.entrants).toEqual(users.map((u) => ({ id: u.uid, weight: 1 })));
    const expected = drawGiveawayWinners(done.draw.seed!, done.draw.entrants!, 2);
    expect(done.draw.rounds).toEqual([{ round: 0, excluded: [], winners: 2, ...expected }]);
    expect(done.winnerList.map((w) => w.entrantId)).toEqual(expected.winnerIds);
    expect(verifyGiveawayRounds(done.draw.seed!, done.draw.entrants!, done.draw.rounds).agrees).toBe(true);
    // Masked like the public boards; the admin sees them plain.
    for (const w of done.winnerList) expect(w.username).toContain('***');
    const adminView = (await admin$('GET', '/api/admin/giveaways')).json().giveaways.find((x: Giveaway) => x.id === g.id);
    expect(adminView.winnerList[0].username).not.toContain('***');

    const winners = users.filter((u) => expected.winnerIds.includes(u.uid));
    const loser = users.find((u) => !expected.winnerIds.includes(u.uid))!;
    for (const w of winners) expect(await pointsOf(t.app, w.id)).toBe(500);
    expect(await pointsOf(t.app, loser.id)).toBe(0);
    // Each winner is told once, as for a raffle win; the loser is not.
    for (const u of users) {
      const told = await t.app.db.select().from(notifications).where(eq(notifications.userId, u.id));
      expect(
        told.map((n) => [n.type, n.title, n.body]),
        u.username,
      ).toEqual(
        winners.includes(u)
          ? [
              [
                'raffle_won',
                'You won a chat giveaway!',
                `You are a winner of chat giveaway #${g.number}. Prize: 500 points. 500 points were credited to your balance.`,
              ],
            ]
          : [],
      );
    }
    expect(fake.chat.at(-1)!.content).toMatch(/^Giveaway #\d+ winners: @gv\d+, @gv\d+ won 500 points!/);

    // The job again, and two servers at once: nothing more.
    await t.app.runJobs();
    const other = t.kind === 'postgres' ? await buildApp(t.config, { logger: false, clock, jobs: false, chatIntervalMs: 0, print: () => {} }) : t.app;
    try {
      await Promise.all([runGiveawayJob(t.app.db, clock.now()), runGiveawayJob(other.db, clock.now())]);
    } finally {
      if (other !== t.app) await other.close();
    }
    for (const w of winners) {
      const credits = await t.app.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, w.id), eq(ledgerEntries.reason, 'giveaway_prize')));
      expect(credits).toHaveLength(1);
    }
    expect((await admin$('POST', `/api/admin/giveaways/${g.id}/draw`)).json().code).toBe('GIVEAWAY_WRONG_STATUS');
  });

  it('subscriber luck: a subscriber holds 3 tickets, and the published weights say so', async () => {
    const [vSub, vPlain] = [viewer(), viewer()];
    const [sub, plain] = [await linked(vSub), await linked(vPlain)];
    const g = await start({ subscriberLuck: 3 });
    await t.app.stream.settled();
    expect(fake.chat.at(-1)!.content).toContain("subscribers' entries count x3");
    await chat(vPlain, '!join');
    await chat(vSub, '!join', ['subscriber']);
    await t.app.runJobs();
    await closeAndDraw();
    const done = await publicOne(g.id);
    expect(done.draw.entrants).toEqual([
      { id: plain.uid, weight: 1 },
      { id: sub.uid, weight: 3 },
    ]);
    expect(done.winnerList.map((w) => w.entrantId)).toEqual(drawGiveawayWinners(done.draw.seed!, done.draw.entrants!, 1).winnerIds);
  });

  it('members with a Chat, Raffle or permanent ban cannot win (left out at close, counted in the published data)', async () => {
    const [vChat, vRaffle, vPerm, vOk] = [viewer(), viewer(), viewer(), viewer()];
    const [chatBanned, raffleBanned, permBanned, ok] = [await linked(vChat), await linked(vRaffle), await linked(vPerm), await linked(vOk)];
    const g = await start({ winners: 4 });
    for (const v of [vChat, vRaffle, vPerm, vOk]) await chat(v, '!join');
    await t.app.runJobs();
    await t.app.db.insert(userRestrictions).values([
      { userId: chatBanned.id, kind: 'ban_chat', reason: 'test', createdAt: clock.now() },
      { userId: raffleBanned.id, kind: 'ban_raffle', reason: 'test', createdAt: clock.now() },
      { userId: permBanned.id, kind: 'ban_permanent', reason: 'test', createdAt: clock.now() },
    ]);
    await closeAndDraw();
    const done = await publicOne(g.id);
    expect(done.draw.entrants).toEqual([{ id: ok.uid, weight: 1 }]);
    expect(done.draw.bannedExcluded).toBe(3);
    expect(done.winnerList.map((w) => w.entrantId)).toEqual([ok.uid]);
    expect(await pointsOf(t.app, chatBanned.id)).toBe(0);
  });

  it("an admin's Kick account does not enter: its keyword is ignored without a word, an entry from before the rule is left out at close", async () => {
    const av = viewer('boss');
    const member = viewer();
    const memberUser = await linked(member);
    await link(admin, av);
    const g = await start({ winners: 2 });
    await t.app.stream.settled();
    const said = fake.chat.length;
    await chat(av, '!join');
    await chat(member, '!join');
    await t.app.runJobs();
    await t.app.stream.settled();
    expect(fake.chat.length).toBe(said);
    const rows = await t.app.db.select().from(giveawayEntries).where(eq(giveawayEntries.giveawayId, g.id));
    expect(rows.map((r) => r.kickUserId)).toEqual([String(member.id)]);
    // The admin's entry as it could have been stored before the rule: not in the drawn list.
    await t.app.db
      .insert(giveawayEntries)
      .values({ giveawayId: g.id, kickUserId: String(av.id), kickUsername: av.name, isSubscriber: false, createdAt: clock.now() });
    const before = await pointsOf(t.app, admin.id);
    await closeAndDraw();
    const done = await publicOne(g.id);
    expect(done.draw.entrants).toEqual([{ id: memberUser.uid, weight: 1 }]);
    expect(done.winnerList.map((w) => w.entrantId)).toEqual([memberUser.uid]);
    expect(await pointsOf(t.app, admin.id)).toBe(before);
  });

  it('with the switch off the keyword is ignored (and goes on to the commands)', async () => {
    const v = viewer();
    await linked(v);
    const g = await start();
    await setSwitch(false);
    try {
      await chat(v, '!join');
      await t.app.runJobs();
      expect((await publicOne(g.id)).entries).toBe(0);
    } finally {
      await setSwitch(true);
    }
    await chat(v, '!join');
    await t.app.runJobs();
    expect((await publicOne(g.id)).entries).toBe(1);
    await closeAndDraw();
  });

  it('a keyword received before the closing time enters even when the job handles it after; the close waits for it, at most 30 s', async () => {
    const [early, late, stuck] = [viewer(), viewer(), viewer()];
    const [earlyUser] = [await linked(early), await linked(late), await linked(stuck)];
    const g = await start({ durationSeconds: 60 });
    await t.app.stream.settled();
    clock.advance(59_000);
    await chat(early, '!join'); // received in time, not handled yet
    clock.advance(2_000);
    await chat(late, '!join'); // received after the closing time
    // The giveaways job runs before the events job: the close waits for the chat received in time.
    expect((await runGiveawayJob(t.app.db, clock.now())).closed).toEqual([]);
    await processStreamEvents(t.app.db, t.app.chat, 'http://localhost:3000', clock.now());
    const outcome = await runGiveawayJob(t.app.db, clock.now());
    expect(outcome.closed.map((c) => c.id)).toEqual([g.id]);
    expect((await publicOne(g.id)).draw.entrants).toEqual([{ id: earlyUser.uid, weight: 1 }]);

    // An event that is never handled holds a close for 30 s at the most.
    const g2 = await start({ durationSeconds: 60 });
    clock.advance(59_000);
    await chat(stuck, '!join');
    clock.advance(2_000);
    expect((await runGiveawayJob(t.app.db, clock.now())).closed).toEqual([]);
    clock.advance(30_000);
    expect((await runGiveawayJob(t.app.db, clock.now())).closed.map((c) => c.id)).toEqual([g2.id]);
    await t.app.runJobs();
    await t.app.stream.settled();
  });
});

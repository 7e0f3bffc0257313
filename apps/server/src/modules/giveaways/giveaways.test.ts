import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Giveaway } from '@app/shared/api/giveaways';
import { drawGiveawayWinners, verifyGiveawayRounds } from '@app/shared/domain/giveaway-draw';
import { raffleSeedMatches } from '@app/shared/domain/raffle-draw';
import { buildApp } from '../../app.ts';
import { auditLog, giveawayEntries, ledgerEntries, notifications, raffles, userRestrictions } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import type { FakeKick } from '../../test/fake-kick.ts';
import { useFakeKickApp, type KickViewer } from '../../test/kick-chat.ts';
import { createActiveRaffle, makeUser, pointsOf, type TestUser } from '../../test/factories.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createVerificationToken } from '../auth/email-verification.ts';
import { processStreamEvents } from '../chat/events.ts';
import { closeGiveaway } from './close-giveaway.ts';
import { enterFromChat } from './enter-giveaway.ts';
import { runGiveawayJob } from './run-giveaway-job.ts';
import { dueRaffleAnnouncements } from '../raffles/raffle-announcements.ts';

/**
 * Chat giveaways against the fake Kick: keyword entries once per Kick account, the close fixing the
 * list, the draw equal to the shared algorithm on the published data, the prize once, subscriber
 * luck, the redraw after 48 hours, banned members left out, the switch, the admin's 401/403/400
 * answers and the audit; and the raffle announcements.
 */
describe(`Chat giveaways (${process.env.TEST_DB})`, () => {
  const clock = new ManualClock('2026-11-24T12:00:00.000Z');
  const h = useFakeKickApp({ clock, firstKickId: 91_000 });
  let t: TestApp;
  let fake: FakeKick;
  let admin: TestUser;

  beforeAll(async () => {
    ({ t, fake, admin } = h);
    await h.connect();
  });

  type Viewer = KickViewer;
  const chat = (v: Viewer, content: string, badges: string[] = []) => h.chat(v, content, { badges });
  const viewer = (name = 'gv'): Viewer => h.viewer(name);
  const admin$ = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => h.admin$(method, url, payload);

  async function linked(v: Viewer): Promise<TestUser> {
    const user = await makeUser(t.app);
    await link(user, v);
    return user;
  }
  const link = (user: TestUser, v: Viewer) => h.link(user, v);

  async function start(body: Record<string, unknown> = {}): Promise<Giveaway> {
    const res = await admin$('POST', '/api/admin/giveaways', {
      prize: '500 points',
      prizePoints: 500,
      durationSeconds: 120,
      winners: 1,
      entryMode: 'linked',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().giveaway;
  }
  async function publicOne(id: string): Promise<Giveaway> {
    const res = await t.app.inject({ method: 'GET', url: '/api/giveaways' });
    expect(res.statusCode).toBe(200);
    return res.json().giveaways.find((g: Giveaway) => g.id === id);
  }
  async function closeAndDraw(): Promise<void> {
    clock.advance(121_000);
    await t.app.runJobs();
    await t.app.stream.settled();
  }
  async function setSwitch(status: boolean): Promise<void> {
    expect((await admin$('PUT', '/api/admin/bot-features/giveaway', { status })).statusCode).toBe(200);
  }
  const audits = async (action: string, id: string) =>
    t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, id)));

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

  it('two servers closing and drawing at once do it once', async () => {
    const v = viewer();
    const user = await linked(v);
    const g = await start();
    await chat(v, '!join');
    await t.app.runJobs();
    clock.advance(121_000);
    const other = t.kind === 'postgres' ? await buildApp(t.config, { logger: false, clock, jobs: false, chatIntervalMs: 0, print: () => {} }) : t.app;
    try {
      const runs = await Promise.all([runGiveawayJob(t.app.db, clock.now()), runGiveawayJob(other.db, clock.now())]);
      expect(runs.flatMap((r) => r.closed)).toHaveLength(1);
      expect(runs.flatMap((r) => r.drawn)).toHaveLength(1);
    } finally {
      if (other !== t.app) await other.close();
    }
    expect(await pointsOf(t.app, user.id)).toBe(500);
    expect((await publicOne(g.id)).winnerList).toHaveLength(1);
  });

  it.runIf(process.env.TEST_DB === 'postgres')('an entry in flight when the giveaway closes is in the fixed list (the close waits for it)', async () => {
    const v = viewer();
    const user = await linked(v);
    const g = await start();
    let closing: Promise<unknown> | undefined;
    await t.app.db.transaction(async (tx) => {
      expect(await enterFromChat(tx, { kickUserId: String(v.id), username: v.name, isSubscriber: false, content: '!join', at: clock.now() })).toBe(true);
      // The close (another connection) waits for this entry's share lock on the giveaway row.
      closing = closeGiveaway(t.app.db, g.id, clock.now());
      await vi.waitFor(async () => {
        const rows = await t.app.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%update "giveaways"%'`,
        );
        expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
      });
    });
    await closing;
    expect((await publicOne(g.id)).draw.entrants).toEqual([{ id: user.uid, weight: 1 }]);
    // After the close, a keyword enters nothing.
    await t.app.db.transaction(async (tx) => {
      expect(await enterFromChat(tx, { kickUserId: String(v.id + 1), username: 'after', isSubscriber: false, content: '!join', at: clock.now() })).toBe(false);
    });
    await closeAndDraw();
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

  it('a win by an unlinked Kick account that an admin links afterwards is never paid', async () => {
    const alt = viewer('alt');
    const g = await start({ entryMode: 'anyone' });
    await chat(alt, '!join');
    await t.app.runJobs();
    await closeAndDraw();
    expect((await publicOne(g.id)).winnerList[0]).toMatchObject({ entrantId: `KICK-${alt.id}`, status: 'unclaimed' });
    const other = await makeUser(t.app, { admin: true, prefix: 'adm' });
    await link(other, alt);
    await t.app.runJobs();
    await t.app.runJobs();
    expect((await publicOne(g.id)).winnerList[0]!.status).toBe('unclaimed');
    expect(await pointsOf(t.app, other.id)).toBe(0);
    const credits = await t.app.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, other.id), eq(ledgerEntries.reason, 'giveaway_prize')));
    expect(credits).toEqual([]);
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

  it('an unlinked winner has 48 hours: claimed automatically on linking; else a redraw excluding them, refused before, audited', async () => {
    // Anyone in chat may enter; a text prize.
    const [vA, vB, vC] = [viewer('anon'), viewer('anon'), viewer('anon')];
    const g = await start({ prize: 'A signed shirt', prizePoints: null, entryMode: 'anyone', winners: 1 });
    // A millisecond apart: the entrants' order is their messages' arrival, and deliveries received in
    // the same millisecond have none between them (the job may take them in either order).
    for (const v of [vA, vB, vC]) {
      await chat(v, '!join');
      clock.advance(1);
    }
    await t.app.runJobs();
    await closeAndDraw();
    const drawn = await publicOne(g.id);
    expect(drawn.draw.entrants!.map((e) => e.id)).toEqual([vA, vB, vC].map((v) => `KICK-${v.id}`));
    const first = drawn.winnerList[0]!;
    expect(first.status).toBe('unclaimed');
    expect(first.claimBy).toBe(new Date(clock.now().getTime() + 48 * 3_600_000).toISOString());
    expect(fake.chat.at(-1)!.content).toContain('within 48 hours to claim');

    const redrawUrl = `/api/admin/giveaways/${g.id}/winners/${first.id}/redraw`;
    clock.advance(47 * 3_600_000);
    const early = await admin$('POST', redrawUrl);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('REDRAW_TOO_EARLY');
    clock.advance(3_600_000);
    const redrawn = await admin$('POST', redrawUrl);
    expect(redrawn.statusCode, redrawn.body).toBe(200);
    const after: Giveaway = redrawn.json().giveaway;
    const replacement = after.winnerList.find((w) => w.round === 1)!;
    expect(replacement.entrantId).not.toBe(first.entrantId);
    expect(after.winnerList.find((w) => w.id === first.id)!.status).toBe('replaced');
    const published = await publicOne(g.id);
    expect(published.draw.rounds[1]).toMatchObject({ round: 1, excluded: [first.entrantId], winnerIds: [replacement.entrantId] });
    expect(verifyGiveawayRounds(published.draw.seed!, published.draw.entrants!, published.draw.rounds).agrees).toBe(true);
    expect(await audits('giveaway.redraw', g.id)).toHaveLength(1);
    expect((await admin$('POST', redrawUrl)).json().code).toBe('GIVEAWAY_WRONG_STATUS');

    // The replacement links within its 48 hours: claimed by the job; the admin marks the text prize fulfilled.
    const replacementViewer = [vA, vB, vC].find((v) => `KICK-${v.id}` === replacement.entrantId)!;
    const member = await makeUser(t.app);
    await link(member, replacementViewer);
    await t.app.runJobs();
    const claimed = (await publicOne(g.id)).winnerList.find((w) => w.id === replacement.id)!;
    expect(claimed.status).toBe('awaiting_fulfilment');
    const fulfil = await admin$('POST', `/api/admin/giveaways/${g.id}/winners/${replacement.id}/fulfil`);
    expect(fulfil.statusCode, fulfil.body).toBe(200);
    expect(fulfil.json().giveaway.winnerList.find((w: { id: string }) => w.id === replacement.id).status).toBe('fulfilled');
    expect(await audits('giveaway.fulfil', g.id)).toHaveLength(1);
    expect((await admin$('POST', `/api/admin/giveaways/${g.id}/winners/${replacement.id}/fulfil`)).json().code).toBe('GIVEAWAY_WRONG_STATUS');
  });

  it('a points prize for an unlinked winner is credited once when they link', async () => {
    const v = viewer('late');
    const g = await start({ entryMode: 'anyone' });
    await chat(v, '!join');
    await t.app.runJobs();
    await closeAndDraw();
    expect((await publicOne(g.id)).winnerList[0]!.status).toBe('unclaimed');
    const member = await makeUser(t.app);
    await link(member, v);
    await t.app.runJobs();
    await t.app.runJobs();
    expect(await pointsOf(t.app, member.id)).toBe(500);
    expect((await publicOne(g.id)).winnerList[0]!.status).toBe('credited');
  });

  it('a winner whose e-mail is not verified: the prize is held, and paid (or handed over) once, when they verify', async () => {
    const verify = async (user: TestUser) => {
      const token = await createVerificationToken(t.app.db, user.id, clock.now());
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
      expect(res.statusCode, res.body).toBe(200);
    };
    const prizes = async (user: TestUser) =>
      t.app.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, user.id), eq(ledgerEntries.reason, 'giveaway_prize')));

    // A points prize, linked at the draw.
    const v = viewer('unverified');
    const member = await makeUser(t.app, { verified: false });
    await link(member, v);
    const g = await start();
    await chat(v, '!join');
    await t.app.runJobs();
    await closeAndDraw();
    const [winner] = (await admin$('GET', '/api/admin/giveaways')).json().giveaways.find((x: Giveaway) => x.id === g.id).winnerList;
    expect(winner).toMatchObject({ entrantId: member.uid, status: 'held', claimBy: null });
    expect(await pointsOf(t.app, member.id)).toBe(0);
    expect((await admin$('POST', `/api/admin/giveaways/${g.id}/winners/${winner.id}/redraw`)).json().code).toBe('GIVEAWAY_WRONG_STATUS');
    await verify(member);
    expect(await pointsOf(t.app, member.id)).toBe(500);
    expect((await prizes(member)).map((r) => r.refId)).toEqual([winner.id]);
    expect((await publicOne(g.id)).winnerList[0]!.status).toBe('credited');
    const told = await t.app.db.select().from(notifications).where(eq(notifications.userId, member.id));
    expect(told.map((n) => n.type)).toEqual(['raffle_won']);
    // Once: the job and another verification pay nothing more.
    await t.app.runJobs();
    await verify(member);
    expect(await prizes(member)).toHaveLength(1);

    // A text prize whose unlinked winner links an unverified account within the 48 hours: held, then handed over.
    const late = viewer('lateunverified');
    const text = await start({ prize: 'A signed shirt', prizePoints: null, entryMode: 'anyone' });
    await chat(late, '!join');
    await t.app.runJobs();
    await closeAndDraw();
    const lateMember = await makeUser(t.app, { verified: false });
    await link(lateMember, late);
    await t.app.runJobs();
    const [held] = (await admin$('GET', '/api/admin/giveaways')).json().giveaways.find((x: Giveaway) => x.id === text.id).winnerList;
    expect(held.status).toBe('held');
    expect((await admin$('POST', `/api/admin/giveaways/${text.id}/winners/${held.id}/fulfil`)).json().code).toBe('GIVEAWAY_WRONG_STATUS');
    await verify(lateMember);
    expect((await publicOne(text.id)).winnerList[0]!.status).toBe('awaiting_fulfilment');
    expect(await pointsOf(t.app, lateMember.id)).toBe(0);
    expect((await admin$('POST', `/api/admin/giveaways/${text.id}/winners/${held.id}/fulfil`)).statusCode).toBe(200);
  });

  it('close early and draw by the admin, audited; one open giveaway at a time; 400/401/403/404', async () => {
    const v = viewer();
    const user = await linked(v);
    const g = await start();
    const second = await admin$('POST', '/api/admin/giveaways', { prize: 'x', prizePoints: null, durationSeconds: 60, winners: 1, entryMode: 'linked' });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('GIVEAWAY_WRONG_STATUS');
    await chat(v, '!join');
    await t.app.runJobs();
    expect((await admin$('POST', `/api/admin/giveaways/${g.id}/draw`)).json().code).toBe('GIVEAWAY_WRONG_STATUS');
    const closed = await admin$('POST', `/api/admin/giveaways/${g.id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().giveaway).toMatchObject({ status: 'Closed', draw: { entrants: [{ id: user.uid, weight: 1 }], seed: null } });
    expect((await admin$('POST', `/api/admin/giveaways/${g.id}/close`)).json().code).toBe('GIVEAWAY_WRONG_STATUS');
    // A keyword after the close enters nothing.
    await chat(viewer(), '!join');
    await t.app.runJobs(); // the job draws it
    const drawnByJob = await publicOne(g.id);
    expect(drawnByJob.status).toBe('Completed');
    expect(drawnByJob.entries).toBe(1);

    // The admin's draw of a closed giveaway (before the job).
    const g2 = await start();
    await admin$('POST', `/api/admin/giveaways/${g2.id}/close`);
    const drawn = await admin$('POST', `/api/admin/giveaways/${g2.id}/draw`);
    expect(drawn.statusCode, drawn.body).toBe(200);
    expect(drawn.json().giveaway.status).toBe('Completed');
    for (const action of ['giveaway.start', 'giveaway.close', 'giveaway.draw']) expect(await audits(action, g2.id), action).toHaveLength(1);
    expect(await audits('giveaway.close', g.id)).toHaveLength(1);

    const member = await makeUser(t.app);
    const bogus = '00000000-0000-4000-8000-000000000000';
    const calls: ['GET' | 'POST', string, object?][] = [
      ['GET', '/api/admin/giveaways'],
      ['POST', '/api/admin/giveaways', { prize: 'x', prizePoints: null, durationSeconds: 60, winners: 1, entryMode: 'linked' }],
      ['POST', `/api/admin/giveaways/${g.id}/close`],
      ['POST', `/api/admin/giveaways/${g.id}/draw`],
      ['POST', `/api/admin/giveaways/${g.id}/winners/${bogus}/redraw`],
      ['POST', `/api/admin/giveaways/${g.id}/winners/${bogus}/fulfil`],
    ];
    for (const [method, url, payload] of calls) {
      expect((await t.app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode, url).toBe(401);
      expect((await t.app.inject({ method, url, headers: member.auth, ...(payload ? { payload } : {}) })).statusCode, url).toBe(403);
    }
    for (const body of [
      { prize: '', prizePoints: 1, durationSeconds: 60, winners: 1, entryMode: 'linked' },
      { prize: 'x', prizePoints: 0, durationSeconds: 60, winners: 1, entryMode: 'linked' },
      { prize: 'x', prizePoints: null, durationSeconds: 10, winners: 1, entryMode: 'linked' },
      { prize: 'x', prizePoints: null, durationSeconds: 60, winners: 0, entryMode: 'linked' },
      { prize: 'x', prizePoints: null, durationSeconds: 60, winners: 1, entryMode: 'everyone' },
      { prize: 'x', prizePoints: null, durationSeconds: 60, winners: 1, entryMode: 'linked', subscriberLuck: 5 },
      { prize: 'x', prizePoints: null, durationSeconds: 60, winners: 1, entryMode: 'linked', keyword: 'two words' },
      { prize: 'x', prizePoints: null, durationSeconds: 60, winners: 1, entryMode: 'linked', extra: 1 },
    ]) {
      const res = await admin$('POST', '/api/admin/giveaways', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const url of [
      '/api/admin/giveaways/nope/close',
      '/api/admin/giveaways/nope/draw',
      `/api/admin/giveaways/${g.id}/winners/nope/redraw`,
      `/api/admin/giveaways/nope/winners/${bogus}/fulfil`,
    ]) {
      expect((await admin$('POST', url)).statusCode, url).toBe(400);
    }
    expect((await admin$('POST', `/api/admin/giveaways/${bogus}/close`)).statusCode).toBe(404);
    expect((await admin$('POST', `/api/admin/giveaways/${g.id}/winners/${bogus}/redraw`)).statusCode).toBe(404);
  });

  it('announces a raffle when it opens and when it is drawn (winners masked), once each; nothing with the switch off', async () => {
    const member = await makeUser(t.app, { points: 100 });
    const raffleId = await createActiveRaffle(t.app, admin, clock.now(), {
      title: 'Chat raffle',
      startDate: new Date(clock.now().getTime() + 60_000).toISOString(),
      endDate: new Date(clock.now().getTime() + 3_600_000).toISOString(),
    });
    await t.app.runJobs();
    await t.app.stream.settled();
    expect(fake.chat.some((c) => c.content.includes('New raffle open: Chat raffle'))).toBe(false);
    clock.advance(61_000);
    // Two servers at once: one claims the opening.
    const other = t.kind === 'postgres' ? await buildApp(t.config, { logger: false, clock, jobs: false, chatIntervalMs: 0, print: () => {} }) : t.app;
    try {
      const claims = await Promise.all([t.app.db, other.db].map((db) => dueRaffleAnnouncements(db, t.config.appOrigin, clock.now())));
      expect(claims.flat().filter((a) => a.raffleId === raffleId)).toEqual([
        { raffleId, content: `New raffle open: Chat raffle (Prize), 10 pts to enter. Enter at ${t.config.appOrigin}/raffles` },
      ]);
    } finally {
      if (other !== t.app) await other.close();
    }
    await t.app.runJobs();
    await t.app.stream.settled();
    expect(fake.chat.filter((c) => c.content.includes('New raffle open: Chat raffle'))).toHaveLength(0);
    // The job posts what it claims (here a fresh raffle opening).
    await createActiveRaffle(t.app, admin, clock.now(), {
      title: 'Chat raffle two',
      startDate: new Date(clock.now().getTime() + 1000).toISOString(),
      endDate: new Date(clock.now().getTime() + 3_600_000).toISOString(),
    });
    clock.advance(2000);
    await t.app.runJobs();
    await t.app.runJobs();
    await t.app.stream.settled();
    expect(fake.chat.filter((c) => c.content.includes('New raffle open: Chat raffle two'))).toHaveLength(1);
    const entered = await t.app.inject({
      method: 'POST',
      url: `/api/raffles/${raffleId}/enter`,
      headers: { ...member.auth, 'idempotency-key': 'gw-raffle-1' },
    });
    expect(entered.statusCode, entered.body).toBe(201);
    clock.advance(3_600_000);
    await t.app.runJobs();
    await t.app.runJobs();
    await t.app.stream.settled();
    const drawnLines = fake.chat.filter((c) => c.content.startsWith('Raffle drawn: Chat raffle. '));
    expect(drawnLines).toHaveLength(1);
    expect(drawnLines[0]!.content).toContain(`Winner: ${member.username.slice(0, 2)}***`);
    expect(drawnLines[0]!.content).not.toContain(member.username);

    // Switch off: the claim is made, nothing is posted.
    await setSwitch(false);
    try {
      const before = fake.chat.length;
      await createActiveRaffle(t.app, admin, clock.now(), {
        title: 'Quiet raffle',
        startDate: new Date(clock.now().getTime() + 1000).toISOString(),
        endDate: new Date(clock.now().getTime() + 3_600_000).toISOString(),
      });
      clock.advance(2000);
      await t.app.runJobs();
      await t.app.stream.settled();
      expect(fake.chat.length).toBe(before);
      const [row] = await t.app.db.select().from(raffles).where(eq(raffles.title, 'Quiet raffle'));
      expect(row!.openAnnouncedAt).not.toBeNull();
    } finally {
      await setSwitch(true);
    }
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

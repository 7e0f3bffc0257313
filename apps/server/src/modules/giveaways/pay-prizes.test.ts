import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Giveaway } from '@app/shared/api/giveaways';
import { verifyGiveawayRounds } from '@app/shared/domain/giveaway-draw';
import { ledgerEntries, notifications } from '../../db/schema.ts';
import type { FakeKick } from '../../test/fake-kick.ts';
import { makeUser, pointsOf, type TestUser } from '../../test/factories.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createVerificationToken } from '../auth/email-verification.ts';
import { useGiveawayTestApp } from './giveaway-test-helpers.ts';

/**
 * The prizes of chat giveaway winners: an unlinked winner's 48 hours (claimed on linking, else a
 * redraw), a points prize credited once on linking, a prize held until the e-mail is verified, and
 * never to an admin's account.
 */
describe(`Chat giveaways: prizes (${process.env.TEST_DB})`, () => {
  const { clock, h, chat, viewer, admin$, link, start, publicOne, closeAndDraw, audits } = useGiveawayTestApp();
  let t: TestApp;
  let fake: FakeKick;

  beforeAll(() => {
    ({ t, fake } = h);
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
});

import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { makeUser, pointsOf } from '../../test/factories.ts';
import type { TestApp } from '../../test/test-app.ts';
import { closeGiveaway } from './close-giveaway.ts';
import { enterFromChat } from './enter-giveaway.ts';
import { useGiveawayTestApp } from './giveaway-test-helpers.ts';
import { runGiveawayJob } from './run-giveaway-job.ts';

/** Closing and drawing a chat giveaway: by two servers at once, early by the admin (audited), and the admin's 400/401/403/404 answers. */
describe(`Chat giveaways: close and draw (${process.env.TEST_DB})`, () => {
  const { clock, h, chat, viewer, admin$, linked, start, publicOne, closeAndDraw, audits } = useGiveawayTestApp();
  let t: TestApp;

  beforeAll(() => {
    ({ t } = h);
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
});

import { beforeAll, describe, expect, it } from 'vitest';
import type { DealOrNoDealRound } from '@app/shared/api/deal-or-no-deal';
import { DEAL_OR_NO_DEAL_PRESETS } from '@app/shared/games/deal-or-no-deal';
import { buildApp } from '../../app.ts';
import { userRestrictions } from '../../db/schema.ts';
import { makeUser, pointsOf } from '../../test/factories.ts';
import type { TestApp } from '../../test/test-app.ts';
import { useDealOrNoDealTestApp } from './deal-or-no-deal-test-helpers.ts';

/** The 2-minute auto-deal: the current offer for an idle contestant, once across servers; nothing for a contestant restricted meanwhile. */
describe(`Deal or No Deal: the auto-deal (${process.env.TEST_DB})`, () => {
  const k = useDealOrNoDealTestApp();
  const { clock, as, chatAfter, move, roundFor, openRound, prizeRows } = k;
  let t: TestApp;

  beforeAll(() => {
    ({ t } = k);
  });

  it('takes the current offer for a contestant idle for 2 minutes, once even with two servers', async () => {
    const player = await makeUser(t.app);
    let r = await roundFor(player, DEAL_OR_NO_DEAL_PRESETS[26]);
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
    const done = (await as(player, 'GET', `/api/dealornodeal/rounds/${r.id}`)).json().round as DealOrNoDealRound;
    expect(done).toMatchObject({ status: 'finished', result: { outcome: 'deal', prize: offer, auto: true } });
    expect(done.offers.at(-1)!.answer).toBe('deal');
    expect(await pointsOf(t.app, player.id)).toBe(before + offer);
    expect(await prizeRows(player.id, r.id)).toHaveLength(1);
    expect((await as(player, 'POST', `/api/dealornodeal/rounds/${r.id}/move`, { action: 'deal' })).json().code).toBe('DEAL_OR_NO_DEAL_WRONG_STATUS');
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
    const ended = (await as(null, 'GET', `/api/dealornodeal/rounds/${r.id}`)).json().round as DealOrNoDealRound;
    expect(ended).toMatchObject({ status: 'finished', result: { prize: 0, reason: 'restricted' } });
    expect(await pointsOf(t.app, player.id)).toBe(before);
    expect(await prizeRows(player.id, r.id)).toEqual([]);
  });
});

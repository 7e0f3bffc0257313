import { beforeAll, describe, expect, it } from 'vitest';
import type { DealOrNoDealRound } from '@app/shared/api/deal-or-no-deal';
import { userRestrictions } from '../../db/schema.ts';
import { makeUser, pointsOf } from '../../test/factories.ts';
import type { TestApp } from '../../test/test-app.ts';
import { useDealOrNoDealTestApp } from './deal-or-no-deal-test-helpers.ts';

/** A contestant restricted mid-round: the next move is 403 RESTRICTED and ends the round with no prize, saying why. */
describe(`Deal or No Deal: a restricted contestant (${process.env.TEST_DB})`, () => {
  const k = useDealOrNoDealTestApp();
  const { clock, as, chatAfter, move, roundFor, openRound, prizeRows } = k;
  let t: TestApp;

  beforeAll(() => {
    ({ t } = k);
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
    const ended = (await as(null, 'GET', `/api/dealornodeal/rounds/${r.id}`)).json().round as DealOrNoDealRound;
    expect(ended).toMatchObject({ status: 'finished', result: { outcome: 'deal', prize: 0, auto: false, reason: 'restricted' } });
    // The offer was not taken: it stays unanswered.
    expect(ended.offers.at(-1)!.answer).toBeNull();
    expect(await pointsOf(t.app, player.id)).toBe(before);
    expect(await prizeRows(player.id, r.id)).toEqual([]);
    expect((await as(player, 'POST', `/api/dealornodeal/rounds/${r.id}/move`, { action: 'deal' })).json().code).toBe('DEAL_OR_NO_DEAL_WRONG_STATUS');
    // Another member's move in that round is still not theirs to make.
    expect((await as(await makeUser(t.app), 'POST', `/api/dealornodeal/rounds/${r.id}/move`, { action: 'deal' })).statusCode).toBe(409);
  });
});

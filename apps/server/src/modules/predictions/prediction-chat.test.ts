import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { predictionStakes } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { ledgerSumOf, makeUser, pointsOf } from '../../test/factories.ts';
import { useFakeKickApp } from '../../test/kick-chat.ts';
import type { TestApp } from '../../test/test-app.ts';

const clock = new ManualClock('2026-07-02T20:00:00Z');
const site = 'http://localhost:3000';

type Prediction = { id: string; status: string; outcomes: { id: string; label: string }[] };

describe(`Predictions in chat and with bonus hunts (${process.env.TEST_DB})`, () => {
  const kick = useFakeKickApp({ clock, firstKickId: 9000 });
  const { admin$, viewer, say, chatAfter, connect, link } = kick;
  let t: TestApp;
  beforeAll(() => {
    ({ t } = kick);
  });

  async function open(extra: Record<string, unknown> = {}): Promise<Prediction> {
    clock.advance(1000);
    const res = await admin$('POST', '/api/admin/predictions', {
      title: 'Bonus or bust?',
      outcomes: ['Bonus', 'Bust'],
      windowSeconds: 60,
      minStake: 10,
      maxStake: 300,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().prediction;
  }
  const jobs = () => t.app.runJobs();

  it('announces the opening, the lock and the result in chat, once each', async () => {
    await connect();
    let p!: Prediction;
    expect(
      await chatAfter(async () => {
        p = await open();
        await jobs();
      }),
    ).toEqual([
      `Prediction open: Bonus or bust? 1) Bonus 2) Bust. Stake points with !bet <number> <amount|all|half> in the next 60s, or at ${site}/predictions`,
    ]);
    const member = await makeUser(t.app, { points: 100 });
    const stake = await t.app.inject({
      method: 'POST',
      url: `/api/predictions/${p.id}/stakes`,
      headers: { ...member.auth, 'idempotency-key': 'chat-1' },
      payload: { outcomeId: p.outcomes[0]!.id, amount: 30 },
    });
    expect(stake.statusCode, stake.body).toBe(201);
    expect(await chatAfter(jobs)).toEqual([]);
    clock.advance(60_000);
    expect(await chatAfter(jobs)).toEqual(['Prediction locked: Bonus or bust?. 30 points staked: 1) Bonus 100%, 2) Bust 0%.']);
    expect(
      await chatAfter(async () => {
        expect((await admin$('POST', `/api/admin/predictions/${p.id}/resolve`, { outcomeId: p.outcomes[0]!.id })).statusCode).toBe(200);
        await jobs();
      }),
    ).toEqual(['Prediction result: Bonus or bust?: Bonus wins! 1 winner share 30 points.']);
    expect(await chatAfter(jobs)).toEqual([]);
  });

  it('!bet stakes for a linked, verified member with a number and an amount, all or half; says why not otherwise', async () => {
    const stranger = viewer();
    expect(await say(stranger, '!bet 1 50')).toBe(`@${stranger.name} link your account first: Paste your UID from ${site}/profile in chat`);
    const user = await makeUser(t.app, { points: 500 });
    const v = viewer();
    await link(user, v);
    expect(await say(v, '!bet 1 50')).toBe(`@${v.name} no prediction is taking stakes right now.`);
    const p = await open();
    await jobs();
    const usage = `@${v.name} stake with !bet <outcome number> <amount|all|half>, e.g. !bet 1 500`;
    for (const bad of ['!bet', '!bet 1', '!bet one 50', '!bet 1 lots', '!bet 1 50 60', '!bet 1 -5']) expect(await say(v, bad), bad).toBe(usage);
    expect(await say(v, '!bet 3 50')).toBe(`@${v.name} pick an outcome from 1 to 2: 1) Bonus 2) Bust`);
    expect(await say(v, '!bet 1 5')).toBe(`@${v.name} A stake is 10 to 300 points.`);
    expect(await say(v, '!bet 1 50')).toBe(`@${v.name} 50 points on Bonus (your stake: 50).`);
    expect(await say(v, '!bet 2 50')).toBe(`@${v.name} You have staked on another outcome: one outcome per prediction.`);
    // half: half the balance (450 / 2 = 225), capped by what the maximum leaves (300 - 50 = 250).
    expect(await say(v, '!BET 1 half')).toBe(`@${v.name} 225 points on Bonus (your stake: 275).`);
    // all: the balance (225), capped at what the maximum leaves (25).
    expect(await say(v, '!bet 1 all')).toBe(`@${v.name} 25 points on Bonus (your stake: 300).`);
    expect(await say(v, '!bet 1 all')).toBe(`@${v.name} a stake is at least 10 points.`);
    expect(await pointsOf(t.app, user.id)).toBe(200);
    expect((await ledgerSumOf(t.app, user.id)).sum).toBe(200);

    const poor = await makeUser(t.app, { points: 20 });
    const pv = viewer();
    await link(poor, pv);
    expect(await say(pv, '!bet 2 30')).toBe(`@${pv.name} You need 10 more points for this stake.`);
    const unverified = await makeUser(t.app, { points: 100, verified: false });
    const uv = viewer();
    await link(unverified, uv);
    expect(await say(uv, '!bet 2 30')).toBe(`@${uv.name} verify your email at ${site}/profile first.`);
    // Admins run predictions: their bets are ignored without a word.
    const av = viewer();
    await link(kick.admin, av);
    expect(await say(av, '!bet 1 10')).toBeNull();
    expect(await t.app.db.select().from(predictionStakes).where(eq(predictionStakes.userId, kick.admin.id))).toEqual([]);

    clock.advance(60_000);
    // The lock and its announcement first, so the bot's last word below is its answer.
    await jobs();
    await t.app.stream.settled();
    expect(await say(v, '!bet 1 10')).toBe(`@${v.name} no prediction is taking stakes right now.`);
    expect((await admin$('POST', `/api/admin/predictions/${p.id}/cancel`)).statusCode).toBe(200);
    expect(await pointsOf(t.app, user.id)).toBe(500);
    await jobs();
  });

  it('"Will this hunt profit?": one click on a collecting hunt, locked when it opens, resolved when it finishes', async () => {
    const hunt = (
      await admin$('POST', '/api/admin/bonus-hunts', {
        title: 'Sunday hunt',
        casino: 'Stake',
        currency: 'USD',
        startBalance: 100000,
        entryCost: 0,
        prizes: [100],
      })
    ).json().hunt;
    const created = await admin$('POST', `/api/admin/predictions/hunt/${hunt.id}`, {});
    expect(created.statusCode, created.body).toBe(201);
    const p = created.json().prediction;
    expect(p).toMatchObject({ title: 'Will Sunday hunt profit?', huntId: hunt.id, status: 'open', minStake: 10, maxStake: 10_000 });
    expect(p.outcomes.map((o: { label: string }) => o.label)).toEqual(['Yes, profit', 'No, loss']);
    const [yes, no] = [await makeUser(t.app, { points: 1000 }), await makeUser(t.app, { points: 1000 })];
    for (const [u, i] of [
      [yes, 0],
      [no, 1],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/predictions/${p.id}/stakes`,
        headers: { ...u.auth, 'idempotency-key': `h${i}` },
        payload: { outcomeId: p.outcomes[i].id, amount: 100 },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const bonus = await admin$('POST', `/api/admin/bonus-hunts/${hunt.id}/bonuses`, { slotName: 'Sweet Bonanza', bet: 100 });
    const bonusId = bonus.json().bonuses.at(-1).id;
    expect((await admin$('POST', `/api/admin/bonus-hunts/${hunt.id}/status`, { status: 'opening' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/predictions/${p.id}` })).json().status).toBe('locked');
    expect((await admin$('POST', `/api/admin/predictions/hunt/${hunt.id}`, {})).statusCode).toBe(409);
    expect((await admin$('PUT', `/api/admin/bonus-hunts/${hunt.id}/bonuses/${bonusId}`, { win: 100000 })).statusCode).toBe(200);
    expect((await admin$('POST', `/api/admin/bonus-hunts/${hunt.id}/status`, { status: 'finished' })).statusCode).toBe(200);
    const ended = (await t.app.inject({ method: 'GET', url: `/api/predictions/${p.id}` })).json();
    // Final balance 100000 ≥ start 100000: a profit (break-even counts).
    expect(ended).toMatchObject({ status: 'resolved', winningOutcomeId: p.outcomes[0].id });
    expect([await pointsOf(t.app, yes.id), await pointsOf(t.app, no.id)]).toEqual([1100, 900]);
    await jobs();
  });
});

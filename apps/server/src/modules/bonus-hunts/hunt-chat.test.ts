import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { maskUsername } from '@app/shared/api/races';
import { auditLog, huntBonusGuesses, huntGuesses, ledgerEntries, userRestrictions } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import type { FakeKick } from '../../test/fake-kick.ts';
import { makeUser, pointsOf } from '../../test/factories.ts';
import { useFakeKickApp, type KickViewer } from '../../test/kick-chat.ts';
import type { TestApp } from '../../test/test-app.ts';

/**
 * Guess the Balance in the stream chat, against the fake Kick: the bot's announcements (guessing
 * opens, closes, who won) and `!gtb <amount>` with the web guess's rules.
 */
describe(`Guess the Balance in chat (${process.env.TEST_DB})`, () => {
  const clock = new ManualClock('2026-11-25T12:00:00.000Z');
  const site = 'http://localhost:3000';
  const kick = useFakeKickApp({ clock, firstKickId: 7000 });
  const { admin$, viewer, chatBody, say, chatAfter, connect, link } = kick;
  let fake: FakeKick;
  let t: TestApp;
  beforeAll(() => {
    ({ fake, t } = kick);
  });

  const chatDelivery = (v: KickViewer, content: string) => fake.delivery('chat.message.sent', chatBody(v, content), { timestamp: clock.now() });
  const post = (d: ReturnType<typeof chatDelivery>) =>
    t.app.inject({ method: 'POST', url: '/api/integrations/kick/webhook', headers: d.headers, payload: d.payload });

  async function newHunt(fields: Record<string, unknown> = {}) {
    const res = await admin$('POST', '/api/admin/bonus-hunts', {
      title: 'Friday hunt',
      casino: 'Stake',
      currency: 'USD',
      startBalance: 100000,
      entryCost: 0,
      prizes: [500, 200],
      ...fields,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().hunt as { id: string; title: string };
  }
  async function addBonus(huntId: string): Promise<string> {
    const res = await admin$('POST', `/api/admin/bonus-hunts/${huntId}/bonuses`, { slotName: 'Sweet Bonanza', bet: 100 });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().bonuses.at(-1).id;
  }
  const status = (huntId: string, to: 'opening' | 'finished') => admin$('POST', `/api/admin/bonus-hunts/${huntId}/status`, { status: to });

  it('announces when guessing opens, closes and who won; nothing without a channel or with the commands switch off', async () => {
    // No channel connected: the acts succeed and the bot says nothing.
    const quiet = await chatAfter(async () => {
      const hunt = await newHunt({ title: 'Before the channel' });
      await addBonus(hunt.id);
      expect((await status(hunt.id, 'opening')).statusCode).toBe(200);
    });
    expect(quiet).toEqual([]);

    await connect();
    await admin$('PUT', '/api/admin/bot-features/commands', { status: false });
    const switchedOff = await chatAfter(async () => {
      const hunt = await newHunt({ title: 'Commands off' });
      await addBonus(hunt.id);
      expect((await status(hunt.id, 'opening')).statusCode).toBe(200);
    });
    expect(switchedOff).toEqual([]);
    await admin$('PUT', '/api/admin/bot-features/commands', { status: true });

    let hunt!: { id: string; title: string };
    expect(await chatAfter(async () => (hunt = await newHunt({ title: 'Big hunt', entryCost: 50 })))).toEqual([
      `Guess the Balance is open for Big hunt: type !gtb <amount> with your guess of the final balance (a guess costs 50 points), or guess at ${site}/bonus-hunts/${hunt.id}`,
    ]);
    const bonusId = await addBonus(hunt.id);
    const [near, far] = [await makeUser(t.app, { points: 100 }), await makeUser(t.app, { points: 100 })];
    for (const [user, amount, key] of [
      [near, 150000, 'g-near'],
      [far, 10000, 'g-far'],
    ] as const) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/bonus-hunts/${hunt.id}/guess`,
        headers: { ...user.auth, 'idempotency-key': key },
        payload: { amount },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await chatAfter(() => status(hunt.id, 'opening'))).toEqual(['Guessing is closed for Big hunt: 2 guesses locked. Opening the bonuses now!']);
    expect((await admin$('PUT', `/api/admin/bonus-hunts/${hunt.id}/bonuses/${bonusId}`, { win: 123456 })).statusCode).toBe(200);
    expect(await chatAfter(() => status(hunt.id, 'finished'))).toEqual([
      // Masked like every public board (neither opted in to show their name).
      `Big hunt finished at $1,234.56. Guess the Balance winners: 1. ${maskUsername(near.username)} ($1,500.00, off by $265.44), 2. ${maskUsername(far.username)} ($100.00, off by $1,134.56)`,
    ]);
    // A refused act announces nothing.
    expect(await chatAfter(async () => expect((await status(hunt.id, 'finished')).statusCode).toBe(409))).toEqual([]);
  });

  it("!gtb submits or changes a linked viewer's guess with the web's rules, and answers in chat", async () => {
    const stranger = viewer();
    expect(await say(stranger, '!gtb 100')).toBe(`@${stranger.name} link your account first: Paste your UID from ${site}/profile in chat`);
    const user = await makeUser(t.app, { points: 300 });
    const v = viewer();
    await link(user, v);
    expect(await say(v, '!gtb 100')).toBe(`@${v.name} no bonus hunt is taking guesses right now.`);

    const hunt = await newHunt({ title: 'Chat hunt', entryCost: 100 });
    const usage = `@${v.name} guess the final balance with !gtb <amount>, e.g. !gtb 1234.56`;
    for (const bad of ['!gtb', '!gtb lots', '!gtb 12.345', '!gtb 5 6', '!gtb 9999999999']) expect(await say(v, bad), bad).toBe(usage);
    expect(await say(v, '!gtb $1,234.56')).toBe(`@${v.name} your guess for Chat hunt is $1,234.56 (100 points spent).`);
    expect(await pointsOf(t.app, user.id)).toBe(200);
    // A change is free; the web sees it as the member's own guess.
    expect(await say(v, '!GTB 2000')).toBe(`@${v.name} your guess for Chat hunt is $2,000.00.`);
    expect(await pointsOf(t.app, user.id)).toBe(200);
    const read = await t.app.inject({ method: 'GET', url: `/api/bonus-hunts/${hunt.id}`, headers: user.auth });
    expect(read.json().myGuess.amount).toBe(200000);

    // The same Kick message delivered again is a replay: never a second guess or spend.
    const d = chatDelivery(v, '!gtb 3000');
    expect((await post(d)).statusCode).toBe(200);
    expect((await post(d)).statusCode).toBe(409);
    await t.app.runJobs();
    await t.app.stream.settled();
    expect(fake.chat.at(-1)!.content).toBe(`@${v.name} your guess for Chat hunt is $3,000.00.`);
    const entries = await t.app.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, user.id), eq(ledgerEntries.reason, 'gtb_entry')));
    expect(entries).toHaveLength(1);

    // Refusals: not enough points (the guess is undone with it), an unverified email, a Chat ban.
    const poor = await makeUser(t.app, { points: 40 });
    const pv = viewer();
    await link(poor, pv);
    expect(await say(pv, '!gtb 10')).toBe(`@${pv.name} You need 60 more points to guess.`);
    expect(await t.app.db.select().from(huntGuesses).where(eq(huntGuesses.userId, poor.id))).toEqual([]);
    expect((await t.app.runJobs()).streamEvents ?? 0).toBe(0);
    const unverified = await makeUser(t.app, { points: 500, verified: false });
    const uv = viewer();
    await link(unverified, uv);
    expect(await say(uv, '!gtb 10')).toBe(`@${uv.name} verify your email at ${site}/profile first.`);
    const banned = await makeUser(t.app, { points: 500 });
    const bv = viewer();
    await link(banned, bv);
    await t.app.db
      .insert(userRestrictions)
      .values({ userId: banned.id, kind: 'ban_chat', reason: 'test', days: null, expiresAt: null, createdBy: null, createdAt: clock.now() });
    expect(await say(bv, '!gtb 10')).toBe(`@${bv.name} You are restricted from Guess the Balance.`);
    expect(await pointsOf(t.app, banned.id)).toBe(500);
    expect(await t.app.db.select().from(huntGuesses).where(eq(huntGuesses.userId, banned.id))).toEqual([]);

    // The commands switch stops !gtb; once the hunt is opening, guessing from chat is closed.
    await admin$('PUT', '/api/admin/bot-features/commands', { status: false });
    expect(await say(v, '!gtb 4000')).toBeNull();
    await admin$('PUT', '/api/admin/bot-features/commands', { status: true });
    await addBonus(hunt.id);
    expect((await status(hunt.id, 'opening')).statusCode).toBe(200);
    await t.app.stream.settled();
    expect(await say(v, '!gtb 4000')).toBe(`@${v.name} no bonus hunt is taking guesses right now.`);
    const [mine] = await t.app.db.select().from(huntGuesses).where(eq(huntGuesses.userId, user.id));
    expect(mine!.amount).toBe(300000);
  });

  it("!x guesses the next bonus's multiplier for a linked viewer, and the best guess is named when it opens", async () => {
    const stranger = viewer();
    expect(await say(stranger, '!x 10')).toBe(`@${stranger.name} link your account first: Paste your UID from ${site}/profile in chat`);
    const user = await makeUser(t.app);
    const v = viewer();
    await link(user, v);
    const other = await makeUser(t.app);
    const ov = viewer();
    await link(other, ov);
    const hunt = await newHunt({ title: 'X hunt' });
    const first = await addBonus(hunt.id);
    await addBonus(hunt.id);
    // The newest hunt to open takes chat's guesses (the earlier tests left theirs opening).
    clock.advance(1000);
    expect((await status(hunt.id, 'opening')).statusCode).toBe(200);
    await t.app.stream.settled();
    const usage = `@${v.name} guess the next bonus's multiplier with !x <multiplier>, e.g. !x 125.5`;
    for (const bad of ['!x', '!x lots', '!x 1.234', '!x 0x10', '!x 5 6', '!x -3']) expect(await say(v, bad), bad).toBe(usage);
    expect(await say(v, '!x 150x')).toBe(`@${v.name} your guess for Sweet Bonanza is 150x.`);
    expect(await say(ov, '!X 90.5')).toBe(`@${ov.name} your guess for Sweet Bonanza is 90.5x.`);
    // Bet $1.00, win $100.00: 100x; 90.5 is closer than 150.
    const opened = await admin$('PUT', `/api/admin/bonus-hunts/${hunt.id}/bonuses/${first}`, { win: 10000 });
    expect(opened.json().bonuses[0].bestGuess).toEqual({ username: maskUsername(other.username), multiplier: 90.5, difference: 9.5 });
    expect(opened.json().bonuses[1].guessCount).toBe(0);
  });

  it("an admin's !gtb and !x are ignored without a word: admins run the hunts", async () => {
    const av = viewer();
    await link(kick.admin, av);
    const hunt = await newHunt({ title: 'Admin hunt' });
    const bonus = await addBonus(hunt.id);
    expect(await say(av, '!gtb 100')).toBeNull();
    expect(await t.app.db.select().from(huntGuesses).where(eq(huntGuesses.userId, kick.admin.id))).toEqual([]);
    // The bot does answer a member here (the channel is connected, the switch on).
    const mv = viewer();
    await link(await makeUser(t.app), mv);
    expect(await say(mv, '!gtb 100')).toBe(`@${mv.name} your guess for Admin hunt is $100.00.`);
    clock.advance(1000);
    expect((await status(hunt.id, 'opening')).statusCode).toBe(200);
    await t.app.stream.settled();
    expect(await say(av, '!x 10')).toBeNull();
    expect(await t.app.db.select().from(huntBonusGuesses).where(eq(huntBonusGuesses.bonusId, bonus))).toEqual([]);
    // A chat message is ignored, not audited: the site call is the audited path.
    expect(await t.app.db.select().from(auditLog).where(eq(auditLog.actorId, kick.admin.id))).not.toContainEqual(
      expect.objectContaining({ action: expect.stringMatching(/_refused$/) }),
    );
  });
});

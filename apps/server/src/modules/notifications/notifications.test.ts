import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { casinoAccounts, notificationMails, notifications, wagers } from '../../db/schema.ts';
import { endDuePeriods } from '../king-of-the-hill/king-of-the-hill-service.ts';
import { ManualClock } from '../../platform/clock.ts';
import { createActiveRaffle, makeUser, pointsOf, type TestUser, useTestAppWithAdmin } from '../../test/factories.ts';

type Received = { to: string[]; raw: string };

/** A real SMTP receiver on a free port: the app's mailer talks SMTP to it. */
function useSmtpServer(): { url: () => string; mails: Received[]; failNext: (n: number) => void } {
  const mails: Received[] = [];
  let failures = 0;
  let port = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failures > 0) {
          failures -= 1;
          callback(new Error('451 try again later'));
          return;
        }
        // Quoted-printable soft breaks and folded header lines undone, so tests read the words.
        const raw = Buffer.concat(chunks)
          .toString('utf8')
          .replace(/=\r?\n/g, '')
          .replace(/\r?\n[ \t]+/g, ' ');
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { url: () => `smtp://127.0.0.1:${port}`, mails, failNext: (n) => (failures = n) };
}

/** Polls a condition (the mail goes out after the commit, on the bus): no sleeps of a fixed length. */
async function waitFor<T>(read: () => Promise<T> | T, ok: (value: T) => boolean, what: string, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const smtp = useSmtpServer();

describe(`notifications (${process.env.TEST_DB})`, () => {
  const clock = new ManualClock('2026-11-23T12:00:00.000Z');
  // The SMTP URL is known once the receiver listens: the env is read in the app's beforeAll, after it.
  const env: Record<string, string> = {};
  beforeAll(() => {
    env.SMTP_URL = smtp.url();
  });
  const { t, admin } = useTestAppWithAdmin(env, { clock });

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string> = {}, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const notificationsOf = (userId: string) => t.app.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.createdAt);
  const typesOf = async (userId: string) => (await notificationsOf(userId)).map((n) => n.type);

  async function orderFor(user: TestUser, price = 500): Promise<string> {
    const reward = await inject('POST', '/api/admin/rewards', admin.auth, {
      name: `Reward ${Math.random().toString(36).slice(2, 7)}`,
      description: 'A test reward',
      category: 'bonuses',
      price,
    });
    expect(reward.statusCode, reward.body).toBe(201);
    const redeemed = await inject('POST', `/api/store/rewards/${reward.json().reward.id}/redeem`, user.auth);
    expect(redeemed.statusCode, redeemed.body).toBe(201);
    return redeemed.json().order.id as string;
  }

  it('a declined order notifies its member with the reason and the refund, and mails them through SMTP with a one-click unsubscribe', async () => {
    const user = await makeUser(t.app, { points: 2000 });
    const orderId = await orderFor(user, 500);
    // The admins heard of the new pending order, in the redeem's transaction.
    expect(await typesOf(admin.id)).toContain('admin_order_pending');
    const declined = await inject('POST', `/api/admin/orders/${orderId}/decline`, admin.auth, { reason: 'Out of stock at the supplier' });
    expect(declined.statusCode, declined.body).toBe(200);
    const [n] = await notificationsOf(user.id);
    expect(n).toMatchObject({ type: 'order_declined', title: 'Order declined', link: '/points-store?tab=orders', readAt: null });
    expect(n!.body).toBe(
      `Your order of ${declined.json().order.rewardName} was declined: Out of stock at the supplier. 500 points were refunded to your balance.`,
    );
    expect(await pointsOf(t.app, user.id)).toBe(2000);

    const mail = await waitFor(() => smtp.mails.find((m) => m.raw.includes(`Hi ${user.username},`)), Boolean, 'the decline mail');
    expect(mail!.raw).toContain('Subject: Order declined');
    expect(mail!.raw).toContain('Out of stock at the supplier');
    expect(mail!.raw).toMatch(/List-Unsubscribe: <http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=[^>]+>/);
    expect(mail!.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const readRow = () =>
      t.app.db
        .select()
        .from(notificationMails)
        .where(eq(notificationMails.notificationId, n!.id))
        .then((r) => r[0]);
    expect(await waitFor(readRow, (r) => r?.status === 'sent', 'the mail marked sent')).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('a decision that fails notifies nobody: deciding an order twice writes no second notification', async () => {
    const user = await makeUser(t.app, { points: 1000 });
    const orderId = await orderFor(user);
    expect((await inject('POST', `/api/admin/orders/${orderId}/approve`, admin.auth)).statusCode).toBe(200);
    expect((await inject('POST', `/api/admin/orders/${orderId}/decline`, admin.auth, { reason: 'x' })).statusCode).toBe(409);
    expect((await inject('POST', `/api/admin/orders/${orderId}/approve`, admin.auth)).statusCode).toBe(409);
    expect(await typesOf(user.id)).toEqual(['order_approved']);
  });

  it('a redeem that fails (too few points) writes no admin notification', async () => {
    const user = await makeUser(t.app, { points: 10 });
    const before = (await notificationsOf(admin.id)).length;
    const reward = await inject('POST', '/api/admin/rewards', admin.auth, { name: 'Too dear', description: 'd', category: 'bonuses', price: 5000 });
    expect((await inject('POST', `/api/store/rewards/${reward.json().reward.id}/redeem`, user.auth)).statusCode).toBe(409);
    expect((await notificationsOf(admin.id)).length).toBe(before);
  });

  it('lists newest first, paged and unread only, counts unread, and marks read by ids or all', async () => {
    const user = await makeUser(t.app, { points: 5000 });
    for (let i = 0; i < 3; i += 1) {
      clock.advance(1000);
      await inject('POST', `/api/admin/orders/${await orderFor(user, 100)}/approve`, admin.auth);
    }
    const page1 = await inject('GET', '/api/notifications?pageSize=2', user.auth);
    expect(page1.statusCode, page1.body).toBe(200);
    expect(page1.json()).toMatchObject({ total: 3, unreadCount: 3, page: 1, pageSize: 2 });
    const list = page1.json().notifications as { id: string; createdAt: string }[];
    expect(list).toHaveLength(2);
    expect(list[0]!.createdAt > list[1]!.createdAt).toBe(true);
    expect((await inject('GET', '/api/notifications?pageSize=2&page=2', user.auth)).json().notifications).toHaveLength(1);

    const read = await inject('POST', '/api/notifications/read', user.auth, { ids: [list[0]!.id] });
    expect(read.json()).toEqual({ unreadCount: 2 });
    const unread = (await inject('GET', '/api/notifications?unread=true', user.auth)).json();
    expect(unread.total).toBe(2);
    expect(unread.notifications.map((n: { id: string }) => n.id)).not.toContain(list[0]!.id);
    // Another member's ids are not theirs to mark.
    const other = await makeUser(t.app);
    expect((await inject('POST', '/api/notifications/read', other.auth, { ids: [list[1]!.id] })).json()).toEqual({ unreadCount: 0 });
    expect((await inject('POST', '/api/notifications/read', user.auth, { all: true })).json()).toEqual({ unreadCount: 0 });
    expect((await inject('GET', '/api/notifications', user.auth)).json().unreadCount).toBe(0);
  });

  it('answers 401 without a token and 400 for a bad body or query', async () => {
    const user = await makeUser(t.app);
    expect((await inject('GET', '/api/notifications')).statusCode).toBe(401);
    expect((await inject('POST', '/api/notifications/read', {}, { all: true })).statusCode).toBe(401);
    expect((await inject('GET', '/api/notifications/preferences')).statusCode).toBe(401);
    expect((await inject('PUT', '/api/notifications/preferences', {}, { preferences: [] })).statusCode).toBe(401);
    expect((await inject('POST', '/api/events/ticket')).statusCode).toBe(401);
    expect((await inject('POST', '/api/notifications/read', user.auth, { ids: ['nope'] })).statusCode).toBe(400);
    expect((await inject('POST', '/api/notifications/read', user.auth, { all: false })).statusCode).toBe(400);
    expect((await inject('GET', '/api/notifications?pageSize=500', user.auth)).statusCode).toBe(400);
    expect((await inject('PUT', '/api/notifications/preferences', user.auth, { preferences: [{ type: 'level_reached', email: true }] })).statusCode).toBe(400);
  });

  it('respects preferences: on site only writes the notification and queues no mail', async () => {
    const user = await makeUser(t.app, { points: 1000 });
    const prefs = await inject('PUT', '/api/notifications/preferences', user.auth, { preferences: [{ type: 'order_approved', email: false }] });
    expect(prefs.statusCode, prefs.body).toBe(200);
    expect(prefs.json().preferences).toContainEqual({ type: 'order_approved', label: 'An order of yours is approved', email: false });
    expect(prefs.json().preferences).toContainEqual(expect.objectContaining({ type: 'order_declined', email: true }));
    await inject('POST', `/api/admin/orders/${await orderFor(user)}/approve`, admin.auth);
    const [n] = await notificationsOf(user.id);
    expect(n!.type).toBe('order_approved');
    expect(await t.app.db.select().from(notificationMails).where(eq(notificationMails.notificationId, n!.id))).toEqual([]);
  });

  it('an unverified address gets no mail', async () => {
    const user = await makeUser(t.app, { points: 1000, verified: false });
    // An unverified member cannot redeem; restrict them instead (a mailable type).
    expect((await inject('POST', `/api/admin/users/${user.id}/restrictions`, admin.auth, { kind: 'ban_raffle', days: 1, reason: 'spam' })).statusCode).toBe(
      201,
    );
    const [n] = await notificationsOf(user.id);
    expect(n).toMatchObject({ type: 'restriction_applied', title: 'Restriction Applied' });
    expect(await t.app.db.select().from(notificationMails).where(eq(notificationMails.notificationId, n!.id))).toEqual([]);
  });

  it("the mail's unsubscribe link turns that type off without signing in, and a tampered one is refused", async () => {
    const user = await makeUser(t.app, { points: 1000 });
    await inject('POST', `/api/admin/orders/${await orderFor(user)}/decline`, admin.auth, { reason: 'No' });
    const mail = await waitFor(() => smtp.mails.find((m) => m.raw.includes(`Hi ${user.username},`)), Boolean, 'the mail');
    const url = /List-Unsubscribe: <([^>]+)>/.exec(mail!.raw)![1]!;
    const path = url.replace('http://localhost:3000', '');
    const tampered = path.replace(/token=([^.]+)\.order_declined\./, 'token=$1.order_approved.');
    expect(tampered).not.toBe(path);
    const refused = await t.app.inject({
      method: 'POST',
      url: tampered,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('INVALID_TOKEN');
    // The page a click opens changes nothing; its button (the RFC 8058 POST) does.
    const pageRes = await t.app.inject({ method: 'GET', url: path });
    expect(pageRes.statusCode).toBe(200);
    expect(pageRes.headers['content-type']).toContain('text/html');
    expect((await inject('GET', '/api/notifications/preferences', user.auth)).json().preferences).toContainEqual(
      expect.objectContaining({ type: 'order_declined', email: true }),
    );
    const done = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode, done.body).toBe(200);
    const prefs = (await inject('GET', '/api/notifications/preferences', user.auth)).json().preferences;
    expect(prefs).toContainEqual(expect.objectContaining({ type: 'order_declined', email: false }));
    expect(prefs).toContainEqual(expect.objectContaining({ type: 'order_approved', email: true }));
  });

  it('a mail that fails is retried by the job with back-off, and the act is not held', async () => {
    const user = await makeUser(t.app, { points: 1000 });
    smtp.failNext(2);
    const orderId = await orderFor(user);
    const res = await inject('POST', `/api/admin/orders/${orderId}/approve`, admin.auth);
    expect(res.statusCode).toBe(200);
    const [n] = await notificationsOf(user.id);
    const mailRow = () =>
      t.app.db
        .select()
        .from(notificationMails)
        .where(eq(notificationMails.notificationId, n!.id))
        .then((r) => r[0]!);
    const first = await waitFor(mailRow, (m) => m.attempts === 1 && m.lastError !== null, 'the first failed attempt');
    expect(first.status).toBe('pending');
    expect(first.nextAttemptAt.getTime()).toBe(clock.now().getTime() + 60_000);
    // Not due yet: the job leaves it.
    await t.app.runJobs();
    expect((await mailRow()).attempts).toBe(1);
    clock.advance(60_000);
    await t.app.runJobs();
    const second = await mailRow();
    expect(second).toMatchObject({ status: 'pending', attempts: 2 });
    expect(second.nextAttemptAt.getTime()).toBe(clock.now().getTime() + 5 * 60_000);
    clock.advance(5 * 60_000);
    await t.app.runJobs();
    expect(await mailRow()).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
  });

  it('a raffle draw notifies its winners', async () => {
    const a = await makeUser(t.app, { points: 100 });
    const raffleId = await createActiveRaffle(t.app, admin, clock.now(), { winners: 1, prize: '$50 cash' });
    expect((await inject('POST', `/api/raffles/${raffleId}/enter`, a.auth)).statusCode).toBe(201);
    clock.advance(2 * 3_600_000);
    await t.app.runJobs();
    const [n] = await notificationsOf(a.id);
    expect(n).toMatchObject({ type: 'raffle_won', title: 'You won a raffle!', link: `/raffles/${raffleId}` });
    expect(n!.body).toContain('Prize: $50 cash.');
  });

  it('casino accounts: a link tells the admins, a decision tells the member', async () => {
    const user = await makeUser(t.app);
    const linked = await inject('POST', '/api/casino-accounts', user.auth, { platform: 'Stake', username: `cas_${Math.random().toString(36).slice(2, 8)}` });
    expect(linked.statusCode, linked.body).toBe(201);
    const adminRows = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.id), eq(notifications.type, 'admin_casino_account_pending')));
    expect(adminRows.some((r) => r.body.startsWith(`${user.username} linked the Stake account`))).toBe(true);
    const verify = await inject('POST', `/api/admin/users/${user.id}/casino-accounts/${linked.json().account.id}/verify`, admin.auth);
    expect(verify.statusCode).toBe(200);
    expect(await typesOf(user.id)).toEqual(['casino_account_verified']);
    await inject('POST', `/api/admin/users/${user.id}/casino-accounts/${linked.json().account.id}/reject`, admin.auth);
    expect(await typesOf(user.id)).toEqual(['casino_account_verified', 'casino_account_rejected']);
  });

  it('a casino account named at profile completion tells the admins too, once', async () => {
    const user = await makeUser(t.app);
    const casino = `pc_${Math.random().toString(36).slice(2, 8)}`;
    const body = { partners: [{ partner: 'Roobet', username: casino }], crypto: {} };
    const saved = await inject('PATCH' as 'POST', '/api/profile/complete', user.auth, body);
    expect(saved.statusCode, saved.body).toBe(200);
    // Saving the same profile again links nothing new, so nobody is told twice.
    expect((await inject('PATCH' as 'POST', '/api/profile/complete', user.auth, body)).statusCode).toBe(200);
    const adminRows = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.id), eq(notifications.type, 'admin_casino_account_pending')));
    expect(adminRows.filter((r) => r.body === `${user.username} linked the Roobet account ${casino}.`)).toHaveLength(1);
  });

  it('restrictions: applied and removed, in the spec words; a refused restriction notifies nobody', async () => {
    const user = await makeUser(t.app);
    const applied = await inject('POST', `/api/admin/users/${user.id}/restrictions`, admin.auth, { kind: 'ban_points_store', days: 7, reason: 'abuse' });
    expect(applied.statusCode, applied.body).toBe(201);
    const [n] = await notificationsOf(user.id);
    expect(n).toMatchObject({ type: 'restriction_applied', title: 'Restriction Applied' });
    expect(n!.body).toBe('Applied Points Store Ban for 7 days to your account.');
    const lifted = await inject('DELETE' as 'POST', `/api/admin/users/${user.id}/restrictions/${applied.json().restriction.id}`, admin.auth);
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(await typesOf(user.id)).toEqual(['restriction_applied', 'restriction_removed']);
    const otherAdmin = await makeUser(t.app, { admin: true });
    expect((await inject('POST', `/api/admin/users/${otherAdmin.id}/restrictions`, admin.auth, { kind: 'ban_raffle', days: 1, reason: 'x' })).statusCode).toBe(
      403,
    );
    expect(await typesOf(otherAdmin.id)).toEqual([]);
  });

  it('a finished race tells its paid members their place and prize; a wager import tells who reached a level', async () => {
    const players: TestUser[] = [];
    const csv = ['username,date,category,wagered'];
    for (const [i, wagered] of [5000, 3000].entries()) {
      const user = await makeUser(t.app, { prefix: `rc${i}` });
      const casino = `rc${i}_${Math.random().toString(36).slice(2, 8)}`;
      const res = await inject('POST', '/api/casino-accounts', user.auth, { platform: 'Stake', username: casino });
      expect((await inject('POST', `/api/admin/users/${user.id}/casino-accounts/${res.json().account.id}/verify`, admin.auth)).statusCode).toBe(200);
      csv.push(`${casino},2026-11-20,slots,${wagered}`);
      players.push(user);
    }
    const race = await inject('POST', '/api/admin/leaderboards', admin.auth, {
      name: 'Notified race',
      metric: 'Total Wager',
      partnerId: 'p1',
      prizes: [
        { position: '1', amount: 500 },
        { position: '2', amount: 300 },
      ],
      prizePool: 800,
      isGlobalRaffle: false,
      wagerToTicketRatio: 1000,
      isActive: true,
      startDate: '2026-11-01T00:00:00.000Z',
      endDate: new Date(clock.now().getTime() + 3_600_000).toISOString(),
    });
    expect(race.statusCode, race.body).toBe(201);
    const imported = await inject('POST', '/api/admin/wagers/import?partner=p1', { ...admin.auth, 'content-type': 'text/csv' }, csv.join('\n'));
    expect(imported.statusCode, imported.body).toBe(200);
    expect(await typesOf(players[0]!.id)).toContain('level_reached');
    clock.advance(2 * 3_600_000);
    await t.app.runJobs();
    const finished = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, players[1]!.id), eq(notifications.type, 'race_finished')));
    expect(finished.map((n) => n.body)).toEqual(['Notified race finished: you placed #2 and won $300.']);
  });

  it('Guess the Balance: the winners of a finished hunt are told their place and prize, and mailed', async () => {
    const [a, b] = [await makeUser(t.app), await makeUser(t.app)];
    const hunt = await inject('POST', '/api/admin/bonus-hunts', admin.auth, {
      title: 'Notified hunt',
      casino: 'Stake',
      currency: 'USD',
      startBalance: 100000,
      entryCost: 0,
      prizes: [700],
    });
    expect(hunt.statusCode, hunt.body).toBe(201);
    const huntId = hunt.json().hunt.id as string;
    const bonus = await inject('POST', `/api/admin/bonus-hunts/${huntId}/bonuses`, admin.auth, { slotName: 'Free text slot', bet: 100 });
    const bonusId = bonus.json().bonuses[0].id as string;
    expect((await inject('PUT', `/api/bonus-hunts/${huntId}/guess`, a.auth, { amount: 40000 })).statusCode).toBe(200);
    expect((await inject('PUT', `/api/bonus-hunts/${huntId}/guess`, b.auth, { amount: 10 })).statusCode).toBe(200);
    expect((await inject('POST', `/api/admin/bonus-hunts/${huntId}/status`, admin.auth, { status: 'opening' })).statusCode).toBe(200);
    expect((await inject('PUT', `/api/admin/bonus-hunts/${huntId}/bonuses/${bonusId}`, admin.auth, { win: 40000 })).statusCode).toBe(200);
    expect((await inject('POST', `/api/admin/bonus-hunts/${huntId}/status`, admin.auth, { status: 'finished' })).statusCode).toBe(200);
    const [n] = await notificationsOf(a.id);
    expect(n).toMatchObject({ type: 'gtb_won', title: 'You won Guess the Balance!', link: `/bonus-hunts/${huntId}` });
    expect(n!.body).toBe('Your guess placed #1 in Notified hunt: 700 points were credited to your balance.');
    expect(await t.app.db.select().from(notificationMails).where(eq(notificationMails.notificationId, n!.id))).toHaveLength(1);
    expect(await typesOf(b.id)).toEqual([]);
  });

  // Last: it moves the clock past the hill's period (and the tokens' lifetime).
  it("King of the Hill: a claim tells the admins, the verdict tells the claimant, the period's king is told and mailed", async () => {
    const user = await makeUser(t.app);
    await t.app.db.insert(casinoAccounts).values({ userId: user.id, partner: 'p1', username: user.username, state: 'verified' });
    await t.app.db.insert(wagers).values({
      partner: 'p1',
      usernameKey: user.username.toLowerCase(),
      day: '2026-11-20',
      category: 'slots',
      username: user.username,
      cents: 100_000,
      source: 'csv',
    });
    const body = { slot: 'Gates of Olympus', bet: 1, win: 250, betUrl: 'https://stake.com/casino/bets/123' };
    const claimed = await inject('POST', '/api/king-of-the-hill/claims', user.auth, body);
    expect(claimed.statusCode, claimed.body).toBe(201);
    const adminRows = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.id), eq(notifications.type, 'admin_claim_pending')));
    expect(adminRows.map((r) => r.body)).toContain(`${user.username} claims 250.00× on Gates of Olympus.`);
    const claimId = (claimed.json().claim ?? claimed.json()).id as string;
    expect((await inject('POST', `/api/admin/king-of-the-hill/claims/${claimId}/verify`, admin.auth)).statusCode).toBe(200);
    expect(await typesOf(user.id)).toEqual(['koth_claim_verified']);
    // A second verify is refused and notifies nobody.
    expect((await inject('POST', `/api/admin/king-of-the-hill/claims/${claimId}/verify`, admin.auth)).statusCode).toBe(409);
    expect(await typesOf(user.id)).toEqual(['koth_claim_verified']);
    clock.advance(400 * 86_400_000);
    expect(await endDuePeriods(t.app.db, clock.now())).toBeGreaterThan(0);
    const won = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'koth_won')));
    expect(won).toHaveLength(1);
    expect(won[0]!.body).toContain('250.00× on Gates of Olympus');
    expect(await t.app.db.select().from(notificationMails).where(eq(notificationMails.notificationId, won[0]!.id))).toHaveLength(1);
  });
});

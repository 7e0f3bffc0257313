import { PARTNERS } from '@app/shared/api/casino-accounts';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, casinoAccounts, ledgerEntries, users, wagers } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { testDbKind } from '../../test/test-app.ts';
import { ledgerSumOf, makeUser, pointsOf, type TestUser, useTestAppWithAdmin } from '../../test/factories.ts';
import { storeWagers } from './wagers-service.ts';

describe(`wager CSV import and crediting (${process.env.TEST_DB})`, () => {
  const clock = new ManualClock('2026-11-23T12:00:00.000Z');
  const { t, admin } = useTestAppWithAdmin({}, { clock });

  const importCsv = (csv: string, partner = 'p1', headers: Record<string, string> = { 'content-type': 'text/csv' }, by: TestUser | null = admin) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/wagers/import${partner ? `?partner=${partner}` : ''}`,
      headers: { ...(by ? by.auth : {}), ...headers },
      payload: csv,
    });
  const uniqueName = (prefix: string) => `${prefix}_${Math.random().toString(36).slice(2, 8)}`;
  const csvOf = (lines: string[]) => ['username,date,category,wagered', ...lines].join('\n');
  async function account(user: TestUser, platform: string, username: string, decision?: 'verify' | 'reject') {
    const res = await t.app.inject({ method: 'POST', url: '/api/casino-accounts', headers: user.auth, payload: { platform, username } });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().account.id as string;
    if (decision) {
      const decided = await t.app.inject({ method: 'POST', url: `/api/admin/users/${user.id}/casino-accounts/${id}/${decision}`, headers: admin.auth });
      expect(decided.statusCode, decided.body).toBe(200);
    }
    return id;
  }
  const wagerCount = async () => Number((await t.app.db.select({ n: count() }).from(wagers))[0]!.n);
  const xpOf = async (userId: string) => (await t.app.db.select({ xp: users.xp }).from(users).where(eq(users.id, userId)))[0]!.xp;

  it('credits floor(dollars) to a verified account and nothing to pending or rejected ones; the same file again changes nothing', async () => {
    const [verified, pending, rejected] = await Promise.all([makeUser(t.app), makeUser(t.app), makeUser(t.app)]);
    const [v, p, r] = [uniqueName('Ver'), uniqueName('Pen'), uniqueName('Rej')];
    await account(verified, 'Stake', v, 'verify');
    await account(pending, 'Stake', p);
    await account(rejected, 'Stake', r, 'reject');
    const csv = csvOf([
      `${v},2026-11-20,slots,1000.99`,
      `${v.toUpperCase()},2026-11-21,Blackjack,234.50`,
      `${p},2026-11-20,slots,5000`,
      `${r},2026-11-20,table,777.77`,
      'nobody_linked,2026-11-20,other,12',
    ]);
    const first = await importCsv(csv);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ rows: 5, inserted: 5, updated: 0, unchanged: 0, rejected: [], rejectedTotal: 0, pointsCredited: 1235 });
    expect(await pointsOf(t.app, verified.id)).toBe(1235);
    expect(await pointsOf(t.app, pending.id)).toBe(0);
    expect(await pointsOf(t.app, rejected.id)).toBe(0);
    expect(await xpOf(verified.id)).toBe(1235);
    const ledgerAfterFirst = await ledgerSumOf(t.app, verified.id);
    expect(ledgerAfterFirst).toEqual({ sum: 1235, rows: 1 });
    const [entry] = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, verified.id));
    expect(entry).toMatchObject({ amount: 1235, reason: 'wager_credit', refType: 'wager' });

    const [audit] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'wagers.import'));
    expect(audit).toMatchObject({ actorId: admin.id, targetType: 'partner', targetId: 'p1' });
    expect((audit!.changes as { summary: string }).summary).toBe('Stake CSV: 5 rows, 5 new, 0 changed, 0 rejected, 1235 points credited');
    const again = await importCsv(csv);
    expect(again.json()).toEqual({ rows: 5, inserted: 0, updated: 0, unchanged: 5, rejected: [], rejectedTotal: 0, pointsCredited: 0 });
    expect(await ledgerSumOf(t.app, verified.id)).toEqual(ledgerAfterFirst);

    // The profile follows: XP 1,235 is Bronze 2 (Bronze 3 needs 2,000), with the level-up in history.
    const profile = (await t.app.inject({ method: 'GET', url: '/api/profile', headers: verified.auth })).json().profile;
    expect(profile).toMatchObject({ points: 1235, xp: 1235, vipTier: 'Bronze', totalWagered: 1235.49, level: 2, levelName: 'Bronze 2' });
    expect(profile.historyData.map((h: { type: string; level: number; amount: number }) => [h.type, h.level, h.amount])).toEqual([
      ['level_up', 2, 0],
      ['points_earned', 0, 1235],
    ]);
    expect(profile.casinoAccounts[0]).toMatchObject({ totalWager: 1235.49, monthlyWager: 1235.49 });
  });

  it('a raised day credits only the rise; a correction down takes back, never below zero, and is not paid twice', async () => {
    const user = await makeUser(t.app);
    const name = uniqueName('Rise');
    await account(user, 'Roobet', name, 'verify');
    expect((await importCsv(csvOf([`${name},2026-11-22,slots,100.60`]), 'p2')).json()).toMatchObject({ inserted: 1, pointsCredited: 100 });
    const raised = await importCsv(csvOf([`${name},2026-11-22,slots,250.40`]), 'p2');
    expect(raised.json()).toMatchObject({ rows: 1, inserted: 0, updated: 1, unchanged: 0, pointsCredited: 150 });
    expect(await pointsOf(t.app, user.id)).toBe(250);

    const lowered = await importCsv(csvOf([`${name},2026-11-22,slots,200`]), 'p2');
    expect(lowered.json()).toMatchObject({ updated: 1, pointsCredited: 0 });
    expect(await pointsOf(t.app, user.id)).toBe(200);
    expect(await xpOf(user.id)).toBe(200);
    expect(await ledgerSumOf(t.app, user.id)).toEqual({ sum: 200, rows: 3 });

    // Spent down to zero: a further correction cannot take points that are gone.
    const revoke = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/points`,
      headers: admin.auth,
      payload: { amount: -200, reason: 'test spend' },
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    await importCsv(csvOf([`${name},2026-11-22,slots,50`]), 'p2');
    expect(await pointsOf(t.app, user.id)).toBe(0);
    expect(await ledgerSumOf(t.app, user.id)).toEqual({ sum: 0, rows: 4 });
    // The $150 not taken back stays paid: back up to $200 pays nothing, $230 pays 30.
    expect((await importCsv(csvOf([`${name},2026-11-22,slots,200`]), 'p2')).json().pointsCredited).toBe(0);
    expect((await importCsv(csvOf([`${name},2026-11-22,slots,230`]), 'p2')).json().pointsCredited).toBe(30);
    expect(await pointsOf(t.app, user.id)).toBe(30);
    const [row] = await t.app.db.select().from(casinoAccounts).where(eq(casinoAccounts.partner, 'p2'));
    expect(row).toBeDefined();
  });

  it('imports the good lines of a file and lists the rejected ones with their line numbers', async () => {
    const user = await makeUser(t.app);
    const name = uniqueName('Mix');
    await account(user, 'Rollbit', name, 'verify');
    const csv = [
      'Username,Date,Category,Wagered',
      `${name},2026-11-01,slots,10`,
      `${name},2026-02-30,slots,10`,
      `${name},2026-11-30,slots,10`,
      `${name},2026-11-02,poker,10`,
      `${name},2026-11-03,table,-5`,
      `${name},2026-11-03,table,1.234`,
      ',2026-11-03,table,1',
      `${name},2026-11-04,other`,
      '',
      `${name},2026-11-01,slots,99`,
      `"${name}",2026-11-05,roulette,"20.5"`,
    ].join('\r\n');
    const res = await importCsv(csv, 'p4');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      rows: 10,
      inserted: 2,
      updated: 0,
      unchanged: 0,
      rejectedTotal: 8,
      pointsCredited: 30,
      rejected: [
        { line: 3, error: '"2026-02-30" is not a date (YYYY-MM-DD)' },
        { line: 4, error: '2026-11-30 is in the future' },
        { line: 5, error: '"poker" is not a category (slots, table, blackjack, roulette, other)' },
        { line: 6, error: '"-5" is not an amount in dollars (e.g. 1234.56)' },
        { line: 7, error: '"1.234" is not an amount in dollars (e.g. 1234.56)' },
        { line: 8, error: 'The username is empty' },
        { line: 9, error: 'Expected 4 fields (username,date,category,wagered), found 3' },
        { line: 11, error: 'Repeats line 2 (same username, date and category)' },
      ],
    });
    expect(await pointsOf(t.app, user.id)).toBe(30);
  });

  it('a malformed file is a 400 that changes nothing; 413, 415, 401, 403 and a bad partner are refused too', async () => {
    const name = uniqueName('Bad');
    const before = await wagerCount();
    const auditsBefore = (await t.app.db.select().from(auditLog)).length;
    const unclosed = await importCsv(csvOf([`${name},2026-11-01,slots,10`, `"${name},2026-11-02,slots,10`]));
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json()).toMatchObject({ ok: false, code: 'MALFORMED_CSV', error: expect.stringContaining('not valid CSV') });
    const header = await importCsv(`user,day,category,amount\n${name},2026-11-01,slots,10`);
    expect(header.statusCode).toBe(400);
    expect(header.json()).toMatchObject({ code: 'MALFORMED_CSV', error: 'The first line must be the header username,date,category,wagered.' });
    expect((await importCsv('')).json()).toMatchObject({ code: 'MALFORMED_CSV' });
    expect((await importCsv('\n\n')).statusCode).toBe(400);
    expect((await importCsv(csvOf([`${name},2026-11-01,slots,10`]), 'p9')).statusCode).toBe(400);
    expect((await importCsv(csvOf([`${name},2026-11-01,slots,10`]), PARTNERS.find((p) => !p.earns)!.id)).statusCode).toBe(400);
    expect((await importCsv(csvOf([`${name},2026-11-01,slots,10`]), '')).statusCode).toBe(400);
    const json = await importCsv(JSON.stringify({ rows: [] }), 'p1', { 'content-type': 'application/json' });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ ok: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect((await importCsv(csvOf([`${name},2026-11-01,slots,10`]), 'p1', undefined, null)).statusCode).toBe(401);
    const user = await makeUser(t.app);
    const forbidden = await importCsv(csvOf([`${name},2026-11-01,slots,10`]), 'p1', undefined, user);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ code: 'FORBIDDEN' });
    // Over 20 MB: refused whole, even when the good lines come first.
    const line = `${name},2026-11-01,slots,10\n`;
    const big = csvOf([]) + '\n' + line + 'x'.repeat(20 * 1024 * 1024);
    const tooBig = await importCsv(big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ ok: false, code: 'BODY_TOO_LARGE' });
    expect(await wagerCount()).toBe(before);
    expect(await t.app.db.select().from(auditLog)).toHaveLength(auditsBefore);
  });

  it('one store of two partners pays a user with accounts at both, one ledger row per account', async () => {
    const user = await makeUser(t.app);
    const [s, r] = [uniqueName('TwoS'), uniqueName('TwoR')];
    await account(user, 'Stake', s, 'verify');
    await account(user, 'Roobet', r, 'verify');
    const stored = await t.app.db.transaction((tx) =>
      storeWagers(
        tx,
        [
          { partner: 'p1', username: s, day: '2026-11-20', category: 'slots', cents: 120_99 },
          { partner: 'p2', username: r, day: '2026-11-20', category: 'table', cents: 80_01 },
        ],
        'test',
        clock.now(),
      ),
    );
    expect(stored).toEqual({ inserted: 2, updated: 0, unchanged: 0, pointsCredited: 200 });
    expect(await ledgerSumOf(t.app, user.id)).toEqual({ sum: 200, rows: 2 });
    expect(await xpOf(user.id)).toBe(201);
  });

  it('an import over several write batches credits a username whose lines span two batches once, from its whole total', async () => {
    const user = await makeUser(t.app);
    const name = uniqueName('zspan'); // sorts after the filler: its lines are rows 4,998 to 5,003 of 5,003
    await account(user, 'Gamdom', name, 'verify');
    const filler = Array.from({ length: 4997 }, (_, i) => `afill_${String(i).padStart(5, '0')},2026-11-01,slots,1.00`);
    const spanning = Array.from({ length: 6 }, (_, d) => `${name},2026-11-0${d + 1},table,10.50`);
    const res = await importCsv(csvOf([...filler, ...spanning]), 'p5');
    expect(res.statusCode, res.body).toBe(200);
    // 6 × $10.50 = $63: the floor of the sum over both batches, not the sum of floors ($60).
    expect(res.json()).toMatchObject({ rows: 5003, inserted: 5003, rejectedTotal: 0, pointsCredited: 63 });
    expect(await ledgerSumOf(t.app, user.id)).toEqual({ sum: 63, rows: 1 });
    expect(await xpOf(user.id)).toBe(63);
    // Again: nothing. A rise on a line of the second batch: only floor of the new total minus what was paid.
    expect((await importCsv(csvOf([...filler, ...spanning]), 'p5')).json()).toMatchObject({ unchanged: 5003, pointsCredited: 0 });
    const raised = spanning.map((l, i) => (i === 5 ? l.replace('10.50', '11.25') : l));
    expect((await importCsv(csvOf([...filler, ...raised]), 'p5')).json()).toMatchObject({ updated: 1, unchanged: 5002, pointsCredited: 0 });
    const raisedMore = spanning.map((l, i) => (i === 5 ? l.replace('10.50', '12.00') : l));
    expect((await importCsv(csvOf([...filler, ...raisedMore]), 'p5')).json()).toMatchObject({ updated: 1, pointsCredited: 1 });
    expect(await ledgerSumOf(t.app, user.id)).toEqual({ sum: 64, rows: 2 });
    expect(await xpOf(user.id)).toBe(64);
  });

  it('XP counts cents across partners even when no account earns a whole new dollar', async () => {
    const user = await makeUser(t.app);
    const [s, r] = [uniqueName('CentS'), uniqueName('CentR')];
    await account(user, 'Stake', s, 'verify');
    await account(user, 'Roobet', r, 'verify');
    expect((await importCsv(csvOf([`${s},2026-11-20,slots,0.60`]), 'p1')).json()).toMatchObject({ inserted: 1, pointsCredited: 0 });
    expect(await xpOf(user.id)).toBe(0);
    // $0.60 + $0.60: one whole dollar of XP, no points (each account's floor is still 0).
    expect((await importCsv(csvOf([`${r},2026-11-20,slots,0.60`]), 'p2')).json()).toMatchObject({ inserted: 1, pointsCredited: 0 });
    expect(await xpOf(user.id)).toBe(1);
    expect(await pointsOf(t.app, user.id)).toBe(0);
  });

  it('a store of thousands of linked usernames (summed by one grouped pass) credits each once, and again nothing', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const n = 2100; // over SUM_BY_KEY_MAX
    await t.app.db.execute(sql`
      insert into users (uid, email, username, password_hash, email_verified)
      select 'RH-' || ${tag} || lpad(i::text, 5, '0'), 'bulk' || ${tag} || i || '@example.com', 'bulk_' || ${tag} || '_' || i, '!', true
      from generate_series(1, ${n}) as i`);
    await t.app.db.execute(sql`
      insert into casino_accounts (user_id, partner, username, state)
      select id, 'p3', 'Bulk' || ${tag} || '_' || substr(username, 13), 'verified' from users where username like ${`bulk_${tag}_%`}`);
    const rows = Array.from({ length: n }, (_, i) => [
      { partner: 'p3', username: `Bulk${tag}_${i + 1}`, day: '2026-11-20', category: 'slots' as const, cents: 1_50 },
      { partner: 'p3', username: `Bulk${tag}_${i + 1}`, day: '2026-11-21', category: 'slots' as const, cents: 1_50 },
    ]).flat();
    const store = (input: typeof rows) => t.app.db.transaction((tx) => storeWagers(tx, input, 'test', clock.now()));
    expect(await store(rows)).toEqual({ inserted: 2 * n, updated: 0, unchanged: 0, pointsCredited: 3 * n });
    const totals = await t.app.db.execute(sql`
      select count(*)::int as entries, sum(l.amount)::int as points, count(distinct l.user_id)::int as users, min(u.xp)::int as min_xp, max(u.xp)::int as max_xp
      from ledger_entries l join users u on u.id = l.user_id where u.username like ${`bulk_${tag}_%`}`);
    expect((totals as unknown as { rows: unknown[] }).rows[0]).toEqual({ entries: n, points: 3 * n, users: n, min_xp: 3, max_xp: 3 });
    expect(await store(rows)).toEqual({ inserted: 0, updated: 0, unchanged: 2 * n, pointsCredited: 0 });
    const raised = rows.map((r, i) => (i < 2 ? { ...r, cents: 2_75 } : r)); // the first user: $1.50 + $1.50 → $5.50
    expect(await store(raised)).toEqual({ inserted: 0, updated: 2, unchanged: 2 * n - 2, pointsCredited: 2 });
  });

  it.runIf(testDbKind() === 'postgres')('the same file imported five times at once credits once', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => makeUser(t.app)));
    const names = users.map(() => uniqueName('Con'));
    for (const [i, u] of users.entries()) await account(u, 'BC.Game', names[i]!, 'verify');
    const csv = csvOf(names.flatMap((n, i) => [`${n},2026-11-10,slots,${(i + 1) * 100}.75`, `${n},2026-11-11,table,${i + 1}0`]));
    const results = await Promise.all(Array.from({ length: 5 }, () => importCsv(csv, 'p3')));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(results.reduce((sum, r) => sum + r.json().inserted, 0)).toBe(8);
    expect(results.reduce((sum, r) => sum + r.json().pointsCredited, 0)).toBe(110 + 220 + 330 + 440);
    const points = await Promise.all(users.map((u) => pointsOf(t.app, u.id)));
    expect(points).toEqual([110, 220, 330, 440]);
    for (const u of users) expect((await ledgerSumOf(t.app, u.id)).rows).toBe(1);
  });
  it.runIf(testDbKind() === 'postgres')('three imports at once of a file over two write batches credit the spanning username once', async () => {
    const user = await makeUser(t.app);
    const name = uniqueName('zcon');
    await account(user, 'Gamdom', name, 'verify');
    const filler = Array.from({ length: 4997 }, (_, i) => `bfill_${String(i).padStart(5, '0')},2026-11-02,slots,2.00`);
    const csv = csvOf([...filler, ...Array.from({ length: 6 }, (_, d) => `${name},2026-11-1${d},slots,20.25`)]);
    const results = await Promise.all(Array.from({ length: 3 }, () => importCsv(csv, 'p5')));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(results.reduce((sum, r) => sum + r.json().inserted, 0)).toBe(5003);
    expect(results.reduce((sum, r) => sum + r.json().pointsCredited, 0)).toBe(121); // 6 × $20.25 = $121.50
    expect(await ledgerSumOf(t.app, user.id)).toEqual({ sum: 121, rows: 1 });
    expect(await xpOf(user.id)).toBe(121);
  });
});

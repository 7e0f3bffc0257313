import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, ledgerEntries, socialAccounts, streamChatters } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { makeUser, pointsOf, useTestAppWithAdmin } from '../../test/factories.ts';
import { parsePointsFile } from './points-csv.ts';
import { heldBalanceOf } from './viewer-reads.ts';

const clock = new ManualClock('2026-06-01T12:00:00Z');

describe('reading points files', () => {
  it('reads quotes, escaped quotes, CRLF, a BOM and blank lines, counting the header as line 1', () => {
    const file = '\uFEFFplatform,platform_user_id,username,points\r\nkick,11,"Smith, ""Jo""",100\r\n\r\nkick,,plain,7\r\n';
    expect(parsePointsFile(file)).toEqual({
      format: 'rewards-hub',
      rows: [
        { line: 2, platform: 'kick', platformUserId: '11', username: 'Smith, "Jo"', points: '100' },
        { line: 4, platform: 'kick', platformUserId: null, username: 'plain', points: '7' },
      ],
    });
  });

  it("recognises StreamElements', Streamlabs' and BotRix's headers", () => {
    expect(parsePointsFile('Username,Points,AllTime\nbob,5,9\n')).toMatchObject({
      format: 'streamelements',
      rows: [{ username: 'bob', points: '5', platformUserId: null }],
    });
    expect(parsePointsFile('Name,Points,Hours\nann,3,1\n')).toMatchObject({ format: 'streamlabs', rows: [{ username: 'ann', points: '3' }] });
    expect(parsePointsFile('user_id,username,points\n42,cy,8\n')).toMatchObject({
      format: 'botrix',
      rows: [{ platformUserId: '42', username: 'cy', points: '8' }],
    });
    expect(parsePointsFile('a,b\n1,2\n')).toHaveProperty('error');
    expect(parsePointsFile('x,"unclosed\n')).toHaveProperty('error');
  });
});

describe(`Points import and export (${process.env.TEST_DB})`, () => {
  const { t, admin } = useTestAppWithAdmin({}, { clock });
  const post = (csv: string, dryRun = false) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/points/import${dryRun ? '?dryRun=true' : ''}`,
      headers: { ...admin.auth, 'content-type': 'text/csv' },
      payload: csv,
    });

  it('previews, then credits linked members through the ledger and unlinked viewers to their holding balance, once per file and row', async () => {
    const member = await makeUser(t.app, { points: 10 });
    await t.app.db.insert(socialAccounts).values({ userId: member.id, platform: 'kick', externalId: 'imp-1', username: 'LinkedOne' });
    await t.app.db.insert(streamChatters).values({ kickUserId: 'imp-chat', username: 'Chatty', lastChatAt: clock.now() });
    const csv = [
      'platform,platform_user_id,username,points',
      'kick,imp-1,,100', // linked by id
      'kick,,chatty,40', // a seen chatter by name: held
      'kick,imp-new,,5', // a new id: held
      'kick,,,9', // neither
      'kick,,nobody,3', // a name never seen
      'kick,imp-1,,-2', // not a positive whole number
      'twitch,1,x,1', // another platform
    ].join('\n');

    const preview = await post(csv, true);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ rows: 7, credited: 3, points: 145, dryRun: true, format: 'rewards-hub' });
    expect(preview.json().skipped.map((s: { line: number }) => s.line)).toEqual([5, 6, 7, 8]);
    expect(await pointsOf(t.app, member.id)).toBe(10);

    const run = await post(csv);
    expect(run.json()).toMatchObject({ rows: 7, credited: 3, points: 145, dryRun: false });
    expect(await pointsOf(t.app, member.id)).toBe(110);
    const [row] = await t.app.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, member.id), eq(ledgerEntries.reason, 'import')));
    expect(row).toMatchObject({ amount: 100, refType: 'points_import' });
    expect(await heldBalanceOf(t.app.db, 'imp-chat', clock.now())).toBe(40);
    expect(await heldBalanceOf(t.app.db, 'imp-new', clock.now())).toBe(5);

    const again = await post(csv);
    expect(again.json()).toMatchObject({ credited: 0, points: 0 });
    expect(await pointsOf(t.app, member.id)).toBe(110);
    expect(await heldBalanceOf(t.app.db, 'imp-chat', clock.now())).toBe(40);
    expect((await post(csv, true)).json()).toMatchObject({ credited: 0 });
    expect(await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'points.import'))).toHaveLength(2);

    expect((await post('nothing,here\n1,2\n')).statusCode).toBe(400);
  });

  it('exports every member as CSV, streamed and audited', async () => {
    const member = await makeUser(t.app, { points: 77 });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/points/export', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('uid,username,email_verified,linked_accounts,points,lifetime_earned');
    expect(lines).toContain(`${member.uid},${member.username},true,,77,77`);
    expect(await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'points.export'))).toHaveLength(1);
  });
});

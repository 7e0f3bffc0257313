import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, challengeClaims, challenges, ledgerEntries, notifications } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { ledgerSumOf, makeUser, pointsOf, useTestAppWithAdmin, type TestUser } from '../../test/factories.ts';
import { completeDueChallenges } from './jobs.ts';

const HOUR = 3_600_000;
const clock = new ManualClock('2026-06-01T12:00:00Z');

const challengeInput = (extra: Record<string, unknown> = {}) => ({
  title: 'Gates 100x',
  partner: 'p1',
  game: 'Gates of Olympus',
  minBet: 0.2,
  targetMultiplier: 100,
  prizePoints: 5_000,
  winners: 2,
  startsAt: new Date(clock.now().getTime() - HOUR).toISOString(),
  endsAt: new Date(clock.now().getTime() + 24 * HOUR).toISOString(),
  ...extra,
});

const claimInput = (extra: Record<string, unknown> = {}) => ({ betUrl: 'https://stake.com/casino/bets/1', bet: 1, win: 150, ...extra });

describe(`Challenges (${process.env.TEST_DB})`, () => {
  const { t, admin } = useTestAppWithAdmin({}, { clock });
  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, user?: TestUser, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...user?.auth, ...headers }, ...(payload === undefined ? {} : { payload }) });

  async function post(extra: Record<string, unknown> = {}): Promise<string> {
    const res = await inject('POST', '/api/admin/challenges', admin, challengeInput(extra));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().challenge.id;
  }
  async function claim(user: TestUser, challengeId: string, extra: Record<string, unknown> = {}): Promise<string> {
    const res = await inject('POST', `/api/challenges/${challengeId}/claims`, user, claimInput(extra));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }
  const verify = (claimId: string, headers: Record<string, string> = {}) =>
    inject('POST', `/api/admin/challenges/claims/${claimId}/verify`, admin, undefined, headers);

  it('needs a signed-in member to read and a verified one to claim; the admin calls need an admin', async () => {
    const id = await post();
    expect((await inject('GET', '/api/challenges')).statusCode).toBe(401);
    expect((await inject('POST', `/api/challenges/${id}/claims`, undefined, claimInput())).statusCode).toBe(401);
    const unverified = await makeUser(t.app, { verified: false });
    expect((await inject('GET', '/api/challenges', unverified)).statusCode).toBe(200);
    const refused = await inject('POST', `/api/challenges/${id}/claims`, unverified, claimInput());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('EMAIL_NOT_VERIFIED');
    const member = await makeUser(t.app);
    expect((await inject('GET', '/api/admin/challenges', member)).statusCode).toBe(403);
    expect((await inject('POST', '/api/admin/challenges', member, challengeInput())).statusCode).toBe(403);
    expect((await inject('PUT', `/api/admin/challenges/${id}`, member, challengeInput())).statusCode).toBe(403);
    expect((await inject('POST', `/api/admin/challenges/claims/${id}/verify`, member)).statusCode).toBe(403);
    expect((await inject('POST', `/api/admin/challenges/claims/${id}/decline`, member, { reason: 'x' })).statusCode).toBe(403);
    expect((await inject('GET', '/api/admin/challenges')).statusCode).toBe(401);
  });

  it('refuses bad input with 400: the challenge, the claim, and a claim below the minimum bet or the target, with a clear message', async () => {
    for (const body of [
      {},
      challengeInput({ partner: 'nope' }),
      challengeInput({ winners: 0 }),
      challengeInput({ targetMultiplier: 1 }),
      challengeInput({ prizePoints: 1.5 }),
      challengeInput({ endsAt: challengeInput().startsAt }),
      challengeInput({ extra: true }),
    ]) {
      expect((await inject('POST', '/api/admin/challenges', admin, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const past = await inject('POST', '/api/admin/challenges', admin, challengeInput({ endsAt: new Date(clock.now().getTime() - 1).toISOString() }));
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toBe('The end must be in the future.');

    const id = await post({ minBet: 0.5, targetMultiplier: 100 });
    const member = await makeUser(t.app);
    for (const body of [{}, claimInput({ bet: 0 }), claimInput({ betUrl: 'javascript:alert(1)' }), claimInput({ win: 1.001 }), claimInput({ extra: 1 })]) {
      expect((await inject('POST', `/api/challenges/${id}/claims`, member, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const lowBet = await inject('POST', `/api/challenges/${id}/claims`, member, claimInput({ bet: 0.4, win: 400 }));
    expect(lowBet.statusCode).toBe(400);
    expect(lowBet.json()).toMatchObject({ code: 'VALIDATION_ERROR', error: 'The bet must be at least $0.50 for this challenge.' });
    const short = await inject('POST', `/api/challenges/${id}/claims`, member, claimInput({ bet: 1, win: 99.99 }));
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe('Your win is 99.99× your bet; this challenge needs 100.00×.');
    // Exactly the target is enough.
    await claim(member, id, { bet: 0.5, win: 50 });
    expect((await inject('POST', '/api/challenges/not-an-id/claims', member, claimInput())).statusCode).toBe(400);
    expect((await inject('GET', `/api/challenges/${member.id}`, member)).statusCode).toBe(404);
  });

  it('an admin cannot claim: 403 OWN_ACCOUNT_ACT, nothing stored, the attempt audited', async () => {
    const id = await post();
    const res = await inject('POST', `/api/challenges/${id}/claims`, admin, claimInput());
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('OWN_ACCOUNT_ACT');
    expect(await t.app.db.select().from(challengeClaims).where(eq(challengeClaims.userId, admin.id))).toHaveLength(0);
    const audited = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'challenge_claim.submit_refused'), eq(auditLog.targetId, id)));
    expect(audited).toHaveLength(1);
  });

  it('a restriction that blocks raffles refuses a claim (403 RESTRICTED)', async () => {
    const id = await post();
    const banned = await makeUser(t.app);
    expect((await inject('POST', `/api/admin/users/${banned.id}/restrictions`, admin, { kind: 'ban_raffle', reason: 'abuse' })).statusCode).toBe(201);
    const res = await inject('POST', `/api/challenges/${id}/claims`, banned, claimInput());
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('RESTRICTED');
  });

  it('the first N verified claims win the prize once each; a later one is valid but wins nothing and the member is told; the challenge completes', async () => {
    const id = await post({ winners: 2, prizePoints: 5_000 });
    const [a, b, c] = [await makeUser(t.app), await makeUser(t.app), await makeUser(t.app)];
    const claims = [await claim(a, id), await claim(b, id, { bet: 2, win: 250 }), await claim(c, id)];
    // One open claim per member and challenge.
    const again = await inject('POST', `/api/challenges/${id}/claims`, a, claimInput());
    expect(again.json().code).toBe('CHALLENGE_ALREADY_CLAIMED');

    // Submission order: the second cannot be verified before the first is decided.
    const early = await verify(claims[1]!);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('EARLIER_CLAIM_PENDING');

    const admin1 = await inject('GET', '/api/admin/challenges', admin);
    const listed = admin1.json().challenges.find((x: { id: string }) => x.id === id);
    expect(listed.claims.map((x: { id: string }) => x.id)).toEqual(claims);
    expect(listed.pendingClaims).toBe(3);

    for (const claimId of claims) expect((await verify(claimId)).statusCode).toBe(200);
    const rows = await t.app.db.select().from(challengeClaims).where(eq(challengeClaims.challengeId, id)).orderBy(challengeClaims.seq);
    expect(rows.map((r) => [r.status, r.won, r.winnerPlace, r.prizePoints])).toEqual([
      ['verified', true, 1, 5_000],
      ['verified', true, 2, 5_000],
      ['verified', false, null, 0],
    ]);
    for (const [user, points] of [
      [a, 5_000],
      [b, 5_000],
      [c, 0],
    ] as const) {
      expect(await pointsOf(t.app, user.id)).toBe(points);
      expect((await ledgerSumOf(t.app, user.id)).sum).toBe(points);
    }
    const prizes = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.reason, 'challenge_prize'));
    expect(prizes.filter((p) => claims.includes(p.refId!))).toHaveLength(2);
    const [late] = await t.app.db.select().from(notifications).where(eq(notifications.userId, c.id));
    expect(late).toMatchObject({ type: 'challenge_claim_verified', body: expect.stringContaining('no prize') });
    const [winNote] = await t.app.db.select().from(notifications).where(eq(notifications.userId, a.id));
    expect(winNote).toMatchObject({ type: 'challenge_won', body: expect.stringContaining('5,000 points') });

    const [done] = await t.app.db.select().from(challenges).where(eq(challenges.id, id));
    expect(done!.completedAt).not.toBeNull();
    const seen = (await inject('GET', `/api/challenges/${id}`, a)).json();
    expect(seen).toMatchObject({ status: 'completed', winnersCount: 2, winnersLeft: 0, myClaims: [{ status: 'verified', won: true, prizePoints: 5_000 }] });
    const closed = await inject('POST', `/api/challenges/${id}/claims`, await makeUser(t.app), claimInput());
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('CHALLENGE_CLOSED');
    // A decided claim is decided: verifying again pays nothing.
    expect((await verify(claims[0]!)).json().code).toBe('CLAIM_ALREADY_DECIDED');
    expect(await pointsOf(t.app, a.id)).toBe(5_000);

    // The profile counts the completed challenge and shows it in History.
    const { profile } = (await inject('GET', '/api/profile', a)).json();
    expect(profile.stats.challengesCompleted).toBe(1);
    expect(profile.historyData[0]).toMatchObject({ type: 'challenge_completed', amount: 5_000 });
  });

  it('declines with a reason the member sees; the member may claim again', async () => {
    const id = await post();
    const member = await makeUser(t.app);
    const first = await claim(member, id);
    expect((await inject('POST', `/api/admin/challenges/claims/${first}/decline`, admin, { reason: ' ' })).statusCode).toBe(400);
    const res = await inject('POST', `/api/admin/challenges/claims/${first}/decline`, admin, { reason: 'The bet link shows another game' });
    expect(res.statusCode).toBe(200);
    expect(res.json().claim).toMatchObject({ status: 'declined', declineReason: 'The bet link shows another game', won: false });
    const [note] = await t.app.db.select().from(notifications).where(eq(notifications.userId, member.id));
    expect(note).toMatchObject({ type: 'challenge_claim_declined', body: expect.stringContaining('The bet link shows another game') });
    expect((await inject('POST', `/api/admin/challenges/claims/${first}/decline`, admin, { reason: 'again' })).json().code).toBe('CLAIM_ALREADY_DECIDED');
    await claim(member, id);
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, first));
    expect(audit.map((r) => r.action)).toEqual(['challenge_claim.decline']);
  });

  it('refuses claims before the start and after the end (409 CHALLENGE_CLOSED); the job completes an ended challenge once', async () => {
    const upcoming = await post({ startsAt: new Date(clock.now().getTime() + HOUR).toISOString() });
    const member = await makeUser(t.app);
    const early = await inject('POST', `/api/challenges/${upcoming}/claims`, member, claimInput());
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'CHALLENGE_CLOSED', error: 'This challenge has not started yet.' });

    const ending = await post({ endsAt: new Date(clock.now().getTime() + HOUR).toISOString() });
    const inTime = await claim(member, ending);
    clock.advance(HOUR);
    const late = await inject('POST', `/api/challenges/${ending}/claims`, await makeUser(t.app), claimInput());
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('CHALLENGE_CLOSED');
    expect((await inject('GET', `/api/challenges/${ending}`, member)).json().status).toBe('completed');

    const runs = await Promise.all([completeDueChallenges(t.app.db, clock.now()), completeDueChallenges(t.app.db, clock.now())]);
    expect(runs[0] + runs[1]).toBeGreaterThanOrEqual(1);
    expect(await completeDueChallenges(t.app.db, clock.now())).toBe(0);
    const [row] = await t.app.db.select().from(challenges).where(eq(challenges.id, ending));
    expect(row!.completedAt).not.toBeNull();
    // A claim sent in time is still decided, and wins while places are left.
    expect((await verify(inTime)).json().claim).toMatchObject({ status: 'verified', won: true });
    // A completed challenge cannot be edited.
    const edit = await inject('PUT', `/api/admin/challenges/${ending}`, admin, challengeInput());
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('CHALLENGE_COMPLETED');
  });

  it('an admin edits a running challenge (audited); the member list shows it with the winners left', async () => {
    const id = await post({ winners: 3 });
    const res = await inject('PUT', `/api/admin/challenges/${id}`, admin, challengeInput({ title: 'Gates 200x', targetMultiplier: 200, winners: 5 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().challenge).toMatchObject({
      title: 'Gates 200x',
      targetMultiplier: 200,
      winners: 5,
      winnersLeft: 5,
      status: 'active',
      partnerName: 'Stake',
    });
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'challenge.update')));
    expect(audit[0]!.changes).toMatchObject({ title: { from: 'Gates 100x', to: 'Gates 200x' } });
    const list = (await inject('GET', '/api/challenges', await makeUser(t.app))).json();
    expect(list.challenges.find((c: { id: string }) => c.id === id)).toMatchObject({ title: 'Gates 200x', winnersLeft: 5, myClaims: [] });
  });
});

describe(`Challenges under concurrency (${process.env.TEST_DB})`, () => {
  const raceClock = new ManualClock('2026-07-01T12:00:00Z');
  const { t, admin } = useTestAppWithAdmin({}, { clock: raceClock });
  const verify = (id: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/admin/challenges/claims/${id}/verify`, headers: { ...admin.auth, ...headers } });

  async function setUp(winners: number, claimants: number): Promise<{ claims: string[]; users: TestUser[] }> {
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/admin/challenges',
      headers: admin.auth,
      payload: challengeInput({
        winners,
        startsAt: new Date(raceClock.now().getTime() - HOUR).toISOString(),
        endsAt: new Date(raceClock.now().getTime() + HOUR).toISOString(),
      }),
    });
    const id = posted.json().challenge.id;
    const users: TestUser[] = [];
    const claims: string[] = [];
    for (let i = 0; i < claimants; i += 1) {
      const user = await makeUser(t.app);
      const res = await t.app.inject({ method: 'POST', url: `/api/challenges/${id}/claims`, headers: user.auth, payload: claimInput() });
      expect(res.statusCode, res.body).toBe(201);
      users.push(user);
      claims.push(res.json().id);
    }
    return { claims, users };
  }

  it('a claim verified twice at once pays once; the same Idempotency-Key replays the answer', async () => {
    const { claims, users } = await setUp(1, 1);
    const twice = await Promise.all([verify(claims[0]!), verify(claims[0]!)]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await pointsOf(t.app, users[0]!.id)).toBe(5_000);
    expect((await ledgerSumOf(t.app, users[0]!.id)).rows).toBe(1);

    const next = await setUp(1, 1);
    const key = { 'idempotency-key': `verify-${next.claims[0]}` };
    const first = await verify(next.claims[0]!, key);
    const replay = await verify(next.claims[0]!, key);
    expect([first.statusCode, replay.statusCode]).toEqual([200, 200]);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await pointsOf(t.app, next.users[0]!.id)).toBe(5_000);
  });

  it('two claims verified at once for the last place: one wins', async () => {
    const { claims, users } = await setUp(1, 2);
    // The second waits for the first (submission order), so only one can win the one place.
    const results = await Promise.all([verify(claims[0]!), verify(claims[1]!)]);
    const won = (await t.app.db.select().from(challengeClaims).where(eq(challengeClaims.won, true))).filter((r) => claims.includes(r.id));
    expect(won).toHaveLength(1);
    expect(results.some((r) => r.statusCode === 200)).toBe(true);
    const paid = (await Promise.all(users.map((u) => pointsOf(t.app, u.id)))).reduce((a, b) => a + b, 0);
    expect(paid).toBe(5_000);
  });
});

describe(`Challenges in the admin's readers (${process.env.TEST_DB})`, () => {
  const readerClock = new ManualClock('2026-08-01T12:00:00Z');
  const { t, admin } = useTestAppWithAdmin({}, { clock: readerClock });
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin.auth });

  it('the Overview counts active challenges, Latest Activity filters them, Quick Search finds them (Active by default)', async () => {
    expect((await get('/api/admin/overview')).json().stats.activeChallenges).toMatchObject({ value: 0, note: 'There are no challenges on the server yet.' });
    const at = (h: number) => new Date(readerClock.now().getTime() + h * HOUR).toISOString();
    const post = async (extra: Record<string, unknown>) =>
      (await t.app.inject({ method: 'POST', url: '/api/admin/challenges', headers: admin.auth, payload: challengeInput(extra) })).json().challenge.id as string;
    const running = await post({ title: 'Running one', startsAt: at(-1), endsAt: at(5) });
    await post({ title: 'Later one', startsAt: at(2), endsAt: at(5) });
    const member = await makeUser(t.app);
    const claimed = await t.app.inject({ method: 'POST', url: `/api/challenges/${running}/claims`, headers: member.auth, payload: claimInput() });
    expect(claimed.statusCode).toBe(201);

    expect((await get('/api/admin/overview')).json().stats.activeChallenges).toMatchObject({ value: 1, previous: 0, note: '2 posted in all' });

    const feed = (await get('/api/admin/activity?type=challenge')).json();
    expect(feed.items.every((i: { type: string }) => i.type === 'challenge')).toBe(true);
    expect(feed.items.map((i: { title: string }) => i.title)).toEqual(expect.arrayContaining(['Challenge posted', 'Challenge claim']));
    expect(feed.items.find((i: { title: string }) => i.title === 'Challenge claim').details).toBe(`${member.username} claims 150.00× on Running one`);

    const active = (await get('/api/admin/search?category=challenges&status=Active')).json();
    expect(active.note).toBeNull();
    expect(active.results).toEqual([expect.objectContaining({ title: 'Running one', status: 'Active', link: `/admin/challenges?id=${running}` })]);
    const all = (await get('/api/admin/search?category=challenges&q=one')).json();
    expect(all.results.map((r: { status: string }) => r.status).sort()).toEqual(['Active', 'Upcoming']);
    expect((await get('/api/admin/search?category=challenges&status=Sleeping')).statusCode).toBe(400);
  });
});

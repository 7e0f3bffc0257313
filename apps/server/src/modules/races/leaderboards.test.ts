import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, leaderboards } from '../../db/schema.ts';
import { useTestAppWithAdmin } from '../../test/factories.ts';

describe(`admin leaderboard races (${process.env.TEST_DB})`, () => {
  const { t, admin } = useTestAppWithAdmin({ SEED_CATALOGUE: 'false' });

  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { ...admin.auth, 'user-agent': 'vitest-admin' }, ...(payload === undefined ? {} : { payload: payload as object }) });

  const form = (fields: Record<string, unknown> = {}) => ({
    name: '',
    metric: 'Total Wager',
    partnerId: 'p1',
    participants: 0,
    prizes: [
      { position: 1, amount: 500 },
      { position: '2', amount: 300 },
      { position: 'Top 10', amount: 200 },
    ],
    prizePool: 1000,
    isGlobalRaffle: true,
    wagerToTicketRatio: 1000,
    isActive: false,
    startDate: '2026-12-01T00:00:00.000Z',
    endDate: '2026-12-08T00:00:00.000Z',
    ...fields,
  });

  const auditCount = async () => Number((await t.app.db.select({ n: count() }).from(auditLog))[0]!.n);
  const rowCount = async () => Number((await t.app.db.select({ n: count() }).from(leaderboards))[0]!.n);

  it('creates a Draft race with the generated name and returns it; the list puts it first', async () => {
    const first = await inject('POST', '/api/admin/leaderboards', form({ partnerId: 'p2', metric: 'Slot Wager', prizePool: 250 }));
    expect(first.statusCode, first.body).toBe(201);
    const res = await inject('POST', '/api/admin/leaderboards', form());
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      name: 'Stake Weekly Total Wager - $1000',
      status: 'Draft',
      isActive: false,
      partnerId: 'p1',
      metric: 'Total Wager',
      prizePool: 1000,
      participants: 0,
      isGlobalRaffle: true,
      wagerToTicketRatio: 1000,
      startDate: '2026-12-01T00:00:00.000Z',
      endDate: '2026-12-08T00:00:00.000Z',
      prizes: [
        { position: '1', amount: 500 },
        { position: '2', amount: 300 },
        { position: 'Top 10', amount: 200 },
      ],
    });
    const list = await inject('GET', '/api/admin/leaderboards');
    expect(list.statusCode).toBe(200);
    expect(Array.isArray(list.json())).toBe(true);
    expect(list.json()[0].id).toBe(created.id);
    expect(list.json()[1].id).toBe(first.json().id);
  });

  it('keeps a given name, sets Active from isActive, and names a dateless race Race', async () => {
    const named = await inject('POST', '/api/admin/leaderboards', form({ name: '  Holiday Sprint  ', isActive: true }));
    expect(named.statusCode).toBe(201);
    expect(named.json()).toMatchObject({ name: 'Holiday Sprint', status: 'Active', isActive: true });
    const dateless = await inject('POST', '/api/admin/leaderboards', form({ partnerId: 'p5', startDate: null, endDate: null }));
    expect(dateless.statusCode).toBe(201);
    expect(dateless.json()).toMatchObject({ name: 'Gamdom Race Total Wager - $1000', startDate: null, endDate: null });
    const plainDates = await inject('POST', '/api/admin/leaderboards', form({ partnerId: 'p3', startDate: '2026-12-01', endDate: '2026-12-03' }));
    expect(plainDates.statusCode).toBe(201);
    expect(plainDates.json()).toMatchObject({ name: 'BC.Game Weekend Total Wager - $1000', startDate: '2026-12-01T00:00:00.000Z' });
  });

  it('updates every field but participants; status Active ↔ isActive; 404 for an unknown id', async () => {
    const created = (await inject('POST', '/api/admin/leaderboards', form())).json();
    await t.app.db.update(leaderboards).set({ participants: 42 }).where(eq(leaderboards.id, created.id));
    const res = await inject(
      'PUT',
      `/api/admin/leaderboards/${created.id}`,
      form({ status: 'Active', isActive: true, participants: 999, prizePool: 5000, metric: 'Roulette Wager', endDate: '2027-01-01T00:00:00.000Z', name: '' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: created.id,
      status: 'Active',
      isActive: true,
      participants: 42,
      prizePool: 5000,
      metric: 'Roulette Wager',
      name: 'Stake Monthly Roulette Wager - $5000',
    });
    const back = await inject('PUT', `/api/admin/leaderboards/${created.id}`, form({ isActive: false }));
    expect(back.json()).toMatchObject({ status: 'Upcoming', isActive: false });
    const completed = await inject('PUT', `/api/admin/leaderboards/${created.id}`, form({ status: 'Completed', isActive: false }));
    expect(completed.json()).toMatchObject({ status: 'Completed', isActive: false });
    const missing = await inject('PUT', '/api/admin/leaderboards/00000000-0000-4000-8000-000000000000', form());
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });

  it('deletes a race; a second delete is 404', async () => {
    const created = (await inject('POST', '/api/admin/leaderboards', form())).json();
    const res = await inject('DELETE', `/api/admin/leaderboards/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, id: created.id });
    expect((await inject('GET', '/api/admin/leaderboards')).json().some((l: { id: string }) => l.id === created.id)).toBe(false);
    expect((await inject('DELETE', `/api/admin/leaderboards/${created.id}`)).statusCode).toBe(404);
    expect((await inject('DELETE', '/api/admin/leaderboards/not-a-uuid')).statusCode).toBe(400);
  });

  it.each([
    ['an unparseable start date', { startDate: 'next tuesday' }],
    ['an unparseable end date', { endDate: '2026-13-45' }],
    ['an end before the start', { startDate: '2026-12-08T00:00:00.000Z', endDate: '2026-12-01T00:00:00.000Z' }],
    ['an end equal to the start', { startDate: '2026-12-08T00:00:00.000Z', endDate: '2026-12-08T00:00:00.000Z' }],
    ['a negative pool', { prizePool: -1 }],
    ['a fractional pool', { prizePool: 10.5 }],
    ['a negative prize', { prizes: [{ position: '1', amount: -5 }] }],
    ['a missing partner', { partnerId: undefined }],
    ['an unknown partner', { partnerId: 'p9' }],
    ['an unknown metric', { metric: 'Dice Wager' }],
    ['an unknown status', { status: 'Paused' }],
    ['a ratio of 0', { wagerToTicketRatio: 0 }],
    ['an unknown field', { colour: 'red' }],
    ['a blank prize position', { prizes: [{ position: ' ', amount: 5 }] }],
  ])('refuses %s with a 400 envelope and changes nothing', async (_label, fields) => {
    const created = (await inject('POST', '/api/admin/leaderboards', form())).json();
    const [rowsBefore, auditBefore] = [await rowCount(), await auditCount()];
    const body = form(fields as Record<string, unknown>);
    if ('partnerId' in fields && fields.partnerId === undefined) delete (body as Record<string, unknown>).partnerId;
    for (const [method, url] of [
      ['POST', '/api/admin/leaderboards'],
      ['PUT', `/api/admin/leaderboards/${created.id}`],
    ] as const) {
      const res = await inject(method, url, body);
      expect(res.statusCode, `${method} ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
      expect(typeof res.json().error).toBe('string');
    }
    expect(await rowCount()).toBe(rowsBefore);
    expect(await auditCount()).toBe(auditBefore);
    const [stored] = await t.app.db.select().from(leaderboards).where(eq(leaderboards.id, created.id));
    expect(stored!.name).toBe(created.name);
  });

  it('refuses malformed JSON with a 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/leaderboards',
      headers: { ...admin.auth, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ok: false });
  });

  it('leaves exactly one audit row per create, update and delete, with actor, IP and user agent', async () => {
    const before = await auditCount();
    const created = (await inject('POST', '/api/admin/leaderboards', form({ prizePool: 777 }))).json();
    expect(await auditCount()).toBe(before + 1);
    await inject('PUT', `/api/admin/leaderboards/${created.id}`, form({ prizePool: 888 }));
    expect(await auditCount()).toBe(before + 2);
    await inject('DELETE', `/api/admin/leaderboards/${created.id}`);
    expect(await auditCount()).toBe(before + 3);
    const rows = await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, created.id)).orderBy(auditLog.seq);
    expect(rows.map((r) => r.action)).toEqual(['leaderboard.create', 'leaderboard.update', 'leaderboard.delete']);
    expect(rows.every((r) => r.actorId === admin.id && r.userAgent === 'vitest-admin' && typeof r.ip === 'string')).toBe(true);
    expect(rows[1]!.changes).toMatchObject({ prizePool: { from: 777, to: 888 } });
    const activity = await inject('GET', '/api/admin/activity?type=race&pageSize=3');
    expect(activity.statusCode).toBe(200);
    expect(activity.json().items.map((i: { action: string }) => i.action)).toEqual(['leaderboard.delete', 'leaderboard.update', 'leaderboard.create']);
    expect(activity.json().items[0]).toMatchObject({ type: 'race', title: 'Leaderboard deleted', actor: { id: admin.id } });
  });
});

import { verifySlotPick } from '@app/shared/fairness/slot-picker';
import { sha256Hex } from '@app/shared/fairness/engine';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, slots } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { makeUser, useTestAppWithAdmin } from '../../test/factories.ts';
import { SLOT_PICK_LIMIT } from './routes.ts';
import { seedSlots } from './seed-slots.ts';
import { STARTER_SLOTS } from './starter-slots.ts';

describe(`Slot Hub and the picker (${process.env.TEST_DB})`, () => {
  const clock = new ManualClock('2026-11-25T12:00:00.000Z');
  const { t, admin } = useTestAppWithAdmin({}, { clock });

  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string> = {}, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const csv = (body: string, headers: Record<string, string> = admin.auth) =>
    t.app.inject({ method: 'POST', url: '/api/admin/slots/import', headers: { ...headers, 'content-type': 'text/csv' }, payload: body });
  const auditCount = async (action: string) => Number((await t.app.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)))[0]!.n);

  it('seeds the starter catalogue once: at least 150 slots, every figure valid', async () => {
    expect(STARTER_SLOTS.length).toBeGreaterThanOrEqual(150);
    expect(await seedSlots(t.app.db, clock)).toBe(STARTER_SLOTS.length);
    expect(await seedSlots(t.app.db, clock)).toBe(0);
    const res = await inject('GET', '/api/slots');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(STARTER_SLOTS.length);
    expect(body.slots).toHaveLength(24);
    expect(body.providers).toEqual(
      expect.arrayContaining([
        'Pragmatic Play',
        'Hacksaw Gaming',
        'Nolimit City',
        "Play'n GO",
        'Push Gaming',
        'Relax Gaming',
        'BGaming',
        'ELK Studios',
        'Big Time Gaming',
        'NetEnt',
      ]),
    );
  });

  it('searches, filters, sorts and pages', async () => {
    const q = await inject('GET', '/api/slots?q=olympus');
    expect(q.json().slots.map((s: { name: string }) => s.name)).toEqual(['Gates of Olympus', 'Gates of Olympus 1000', 'Rise of Olympus']);
    const rtp = await inject('GET', '/api/slots?provider=pragmatic%20play&rtpMin=96.7&sort=rtp');
    const names = rtp.json().slots.map((s: { name: string; rtp: number }) => [s.name, s.rtp]);
    expect(names[0]).toEqual(['Big Bass Bonanza', 96.71]);
    expect(rtp.json().slots.every((s: { rtp: number; provider: string }) => s.rtp >= 96.7 && s.provider === 'Pragmatic Play')).toBe(true);
    const vol = await inject('GET', '/api/slots?volatility=very_high&sort=maxWin');
    expect(vol.json().slots[0].name).toBe('Tombstone RIP');
    const page2 = await inject('GET', '/api/slots?page=2');
    expect(page2.json().slots[0].name).not.toBe((await inject('GET', '/api/slots')).json().slots[0].name);
    expect((await inject('GET', '/api/slots?volatility=huge')).statusCode).toBe(400);
    expect((await inject('GET', '/api/slots?sort=rtp&extra=1')).statusCode).toBe(400);
  });

  it('admin CRUD: add, edit, remove, each audited; 401, 403, 400, 404 and 409', async () => {
    const member = await makeUser(t.app);
    const body = {
      name: 'Test Slot',
      provider: 'Test Provider',
      rtp: 96.25,
      volatility: 'medium',
      maxWin: 5000,
      year: 2024,
      imageUrl: null,
      source: 'Game sheet',
    };
    expect((await inject('POST', '/api/admin/slots', {}, body)).statusCode).toBe(401);
    expect((await inject('POST', '/api/admin/slots', member.auth, body)).statusCode).toBe(403);
    expect((await inject('POST', '/api/admin/slots', admin.auth, { ...body, rtp: 96.255 })).statusCode).toBe(400);
    expect((await inject('POST', '/api/admin/slots', admin.auth, { ...body, unknown: 1 })).statusCode).toBe(400);
    const created = await inject('POST', '/api/admin/slots', admin.auth, body);
    expect(created.statusCode, created.body).toBe(201);
    const slot = created.json().slot;
    expect(slot).toMatchObject({ name: 'Test Slot', rtp: 96.25, volatility: 'medium', maxWin: 5000, year: 2024 });
    const dup = await inject('POST', '/api/admin/slots', admin.auth, { ...body, name: 'test slot' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('SLOT_EXISTS');

    const edited = await inject('PUT', `/api/admin/slots/${slot.id}`, admin.auth, { ...body, rtp: 94 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().slot.rtp).toBe(94);
    const detail = await inject('GET', `/api/slots/${slot.id}`);
    expect(detail.json()).toEqual({ slot: edited.json().slot, history: { timesPlayed: 0, averageX: null, bestX: null } });

    expect((await inject('DELETE', `/api/admin/slots/${slot.id}`, member.auth)).statusCode).toBe(403);
    expect((await inject('DELETE', `/api/admin/slots/${slot.id}`, admin.auth)).statusCode).toBe(204);
    expect((await inject('GET', `/api/slots/${slot.id}`)).statusCode).toBe(404);
    expect((await inject('DELETE', `/api/admin/slots/${slot.id}`, admin.auth)).statusCode).toBe(404);
    expect((await inject('GET', '/api/slots/not-a-uuid')).statusCode).toBe(400);
    expect(await auditCount('slot.create')).toBe(1);
    expect(await auditCount('slot.update')).toBe(1);
    expect(await auditCount('slot.delete')).toBe(1);
  });

  it('imports a CSV with a report of rejected lines; the same file twice changes nothing', async () => {
    const file = [
      'name,provider,rtp,volatility,maxWin,year,imageUrl',
      'Import One,CSV Co,96.5,high,5000,2023,',
      'Import Two,CSV Co,,,,,https://example.com/two.png',
      'Bad Rtp,CSV Co,ninety,high,,,',
      'Import One,CSV Co,95,low,,,',
      'Bad Vol,CSV Co,96,wild,,,',
      'Too,Few',
      'Gates of Olympus,Pragmatic Play,96.5,high,5000,2021,',
    ].join('\n');
    const member = await makeUser(t.app);
    expect((await csv(file, member.auth)).statusCode).toBe(403);
    const first = await csv(file);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ rows: 7, inserted: 2, updated: 0, unchanged: 1, rejectedTotal: 4 });
    expect(first.json().rejected.map((r: { line: number }) => r.line)).toEqual([4, 5, 6, 7]);
    expect(first.json().rejected[1].error).toMatch(/Repeats line 2/);
    const again = await csv(file);
    expect(again.json()).toMatchObject({ rows: 7, inserted: 0, updated: 0, unchanged: 3, rejectedTotal: 4 });
    const changed = await csv('name,provider,rtp,volatility,maxWin,year,imageUrl\nimport one,csv co,96.4,high,5000,2023,\n');
    expect(changed.json()).toMatchObject({ inserted: 0, updated: 1, unchanged: 0 });
    const [row] = await t.app.db
      .select()
      .from(slots)
      .where(and(eq(slots.provider, 'csv co'), eq(slots.name, 'import one')));
    expect(row?.rtpBp).toBe(9640);

    const noHeader = await csv('a,b\n1,2\n');
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().code).toBe('MALFORMED_CSV');
    const json = await inject('POST', '/api/admin/slots/import', admin.auth, { name: 'x' });
    expect(json.statusCode).toBe(415);
    expect(await auditCount('slots.import')).toBe(3);
  });

  it('picks provably fair: the hash shown before, the pick reproduced by the shared verifier from the published seeds', async () => {
    const member = await makeUser(t.app);
    expect((await inject('POST', '/api/slots/pick', {}, { clientSeed: 'abc' })).statusCode).toBe(401);
    const unverified = await makeUser(t.app, { verified: false });
    expect((await inject('POST', '/api/slots/pick', unverified.auth, { clientSeed: 'abc' })).statusCode).toBe(403);
    expect((await inject('POST', '/api/slots/pick', member.auth, { clientSeed: '' })).statusCode).toBe(400);

    const before = (await inject('GET', '/api/slots/picks', member.auth)).json();
    expect(before).toMatchObject({ picks: [], next: { nonce: 0 } });
    const filters = { provider: 'Pragmatic Play', volatility: 'high', rtpMin: 96.5 };
    const res = await inject('POST', '/api/slots/pick', member.auth, { filters, clientSeed: 'my stream seed' });
    expect(res.statusCode, res.body).toBe(201);
    const { pick, next } = res.json();
    expect(pick.serverSeedHash).toBe(before.next.serverSeedHash);
    expect(sha256Hex(pick.serverSeed)).toBe(pick.serverSeedHash);
    expect(pick.nonce).toBe(0);
    expect(next.nonce).toBe(1);
    expect(next.serverSeedHash).not.toBe(pick.serverSeedHash);
    // The published list is exactly the filtered catalogue.
    const listed = await t.app.db.select({ id: slots.id, provider: slots.provider, rtpBp: slots.rtpBp, volatility: slots.volatility }).from(slots);
    const expected = listed.filter((s) => s.provider === 'Pragmatic Play' && s.volatility === 'high' && (s.rtpBp ?? 0) >= 9650);
    expect([...pick.slotIds].sort()).toEqual(expected.map((s) => s.id).sort());
    const verified = verifySlotPick({ serverSeed: pick.serverSeed, clientSeed: 'my stream seed', nonce: 0 }, pick.slotIds);
    expect(verified).toMatchObject({ index: pick.index, slotId: pick.slot.id, listDigest: pick.listDigest });

    const second = (await inject('POST', '/api/slots/pick', member.auth, { filters: {}, clientSeed: 'x' })).json();
    expect(second.pick.nonce).toBe(1);
    expect(second.pick.serverSeedHash).toBe(next.serverSeedHash);
    const recent = (await inject('GET', '/api/slots/picks', member.auth)).json();
    expect(recent.picks.map((p: { nonce: number }) => p.nonce)).toEqual([1, 0]);

    // "Leave out the live hunt's slots": a collecting hunt holding Gates of Olympus.
    const olympus = listed.find((s) => expected.some((e) => e.id === s.id))!;
    const hunt = await inject('POST', '/api/admin/bonus-hunts', admin.auth, { title: 'Live', casino: 'Stake', startBalance: 1000, prizes: [1] });
    await inject('POST', `/api/admin/bonus-hunts/${hunt.json().hunt.id}/bonuses`, admin.auth, { slotId: olympus.id, bet: 100 });
    const excluding = (await inject('POST', '/api/slots/pick', member.auth, { filters: { ...filters, excludeLiveHunt: true }, clientSeed: 'x' })).json();
    expect(excluding.pick.slotIds).toHaveLength(expected.length - 1);
    expect(excluding.pick.slotIds).not.toContain(olympus.id);

    const none = await inject('POST', '/api/slots/pick', member.auth, { filters: { provider: 'Nobody' }, clientSeed: 'x' });
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('NO_SLOTS_MATCH');
  });

  it(`limits picks per member (${SLOT_PICK_LIMIT.max} a minute, 429 with Retry-After); each pick still publishes what its verifier needs`, async () => {
    await seedSlots(t.app.db, clock);
    const member = await makeUser(t.app);
    const pick = (who: { auth: Record<string, string> }, clientSeed: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/slots/pick',
        headers: who.auth,
        remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
        payload: { filters: {}, clientSeed },
      });
    for (let i = 0; i < SLOT_PICK_LIMIT.max; i += 1) {
      const res = await pick(member, `seed ${i}`);
      expect(res.statusCode, res.body).toBe(201);
      const { pick: p } = res.json();
      expect(verifySlotPick({ serverSeed: p.serverSeed, clientSeed: `seed ${i}`, nonce: p.nonce }, p.slotIds)).toMatchObject({
        index: p.index,
        slotId: p.slot.id,
        listDigest: p.listDigest,
      });
    }
    const refused = await pick(member, 'one more');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
    // Nothing stored for the refused one; another member is not affected.
    expect((await inject('GET', '/api/slots/picks', member.auth)).json().next.nonce).toBe(SLOT_PICK_LIMIT.max);
    expect((await pick(await makeUser(t.app), 'other')).statusCode).toBe(201);
  });
});

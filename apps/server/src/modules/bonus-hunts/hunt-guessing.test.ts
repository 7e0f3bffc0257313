import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { makeUser } from '../../test/factories.ts';
import { useHuntTestApp } from './hunt-test-helpers.ts';

/**
 * The admin's hunt console: Guess the Balance closed (and opened again) before the opening, and a
 * bet changed while collecting.
 */
describe(`bonus hunts: guessing closed before opening, bets edited while collecting (${process.env.TEST_DB})`, () => {
  const { t, admin, inject, guess, status, tick, newHunt, addBonus } = useHuntTestApp();
  const guessing = (huntId: string, headers: Record<string, string>, body: unknown) =>
    inject('PUT', `/api/admin/bonus-hunts/${huntId}/guessing`, headers, body);

  it('closes guessing while collecting: guesses are refused, the state is shown, opening again lets them in; audited once per change', async () => {
    const member = await makeUser(t.app);
    const late = await makeUser(t.app);
    const hunt = await newHunt();
    await addBonus(hunt.id, 200);
    expect((await inject('GET', `/api/bonus-hunts/${hunt.id}`)).json().hunt.isGuessingOpen).toBe(true);
    expect((await guess(member, hunt.id, 90000)).statusCode).toBe(200);

    expect((await guessing(hunt.id, {}, { open: false })).statusCode).toBe(401);
    expect((await guessing(hunt.id, member.auth, { open: false })).statusCode).toBe(403);
    for (const body of [{}, { open: 'no' }, { open: false, extra: 1 }]) {
      const bad = await guessing(hunt.id, admin.auth, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await guessing('7c1f1f4e-0000-4000-8000-000000000000', admin.auth, { open: false })).statusCode).toBe(404);
    expect((await inject('GET', `/api/bonus-hunts/${hunt.id}`)).json().hunt.isGuessingOpen).toBe(true);

    tick();
    const closed = await guessing(hunt.id, admin.auth, { open: false });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().hunt).toMatchObject({ status: 'collecting', isGuessingOpen: false, guessCount: 1 });
    expect((await inject('GET', `/api/bonus-hunts/${hunt.id}`)).json().hunt.isGuessingOpen).toBe(false);
    // A new guess and a change of one are both refused.
    const refused = await guess(late, hunt.id, 100000);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'HUNT_WRONG_STATUS', error: 'Guessing is closed for this hunt.' });
    expect((await guess(member, hunt.id, 95000)).statusCode).toBe(409);
    // A repeat changes nothing.
    expect((await guessing(hunt.id, admin.auth, { open: false })).json().hunt.isGuessingOpen).toBe(false);

    expect((await guessing(hunt.id, admin.auth, { open: true })).json().hunt.isGuessingOpen).toBe(true);
    expect((await guess(late, hunt.id, 100000)).statusCode).toBe(200);
    const audits = await t.app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, hunt.id), eq(auditLog.targetType, 'bonus_hunt')));
    expect(audits.map((a) => a.action).filter((a) => a.startsWith('bonus_hunt.guessing'))).toEqual(['bonus_hunt.guessing_close', 'bonus_hunt.guessing_open']);

    // From opening on, guessing is closed for good: the switch is refused.
    expect((await status(hunt.id, 'opening')).statusCode).toBe(200);
    expect((await inject('GET', `/api/bonus-hunts/${hunt.id}`)).json().hunt.isGuessingOpen).toBe(false);
    const tooLate = await guessing(hunt.id, admin.auth, { open: true });
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().code).toBe('HUNT_WRONG_STATUS');
  });

  it('changes a bet while collecting (the figures follow), and not once opening; a bad bet changes nothing', async () => {
    const hunt = await newHunt();
    const [bonus] = await addBonus(hunt.id, 200);
    const edit = (bet: unknown, headers: Record<string, string> = admin.auth) =>
      inject('PUT', `/api/admin/bonus-hunts/${hunt.id}/bonuses/${bonus!.id}`, headers, { bet });
    const member = await makeUser(t.app);
    expect((await edit(500, member.auth)).statusCode).toBe(403);
    expect((await edit(500, {})).statusCode).toBe(401);
    for (const bad of [0, -5, 1.5, 'x']) expect((await edit(bad)).statusCode, String(bad)).toBe(400);
    const changed = await edit(500);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().bonuses[0].bet).toBe(500);
    expect(changed.json().hunt.figures.totalBets).toBe(500);
    expect((await status(hunt.id, 'opening')).statusCode).toBe(200);
    const locked = await edit(700);
    expect(locked.statusCode).toBe(409);
    expect((await inject('GET', `/api/bonus-hunts/${hunt.id}`)).json().bonuses[0].bet).toBe(500);
  });
});

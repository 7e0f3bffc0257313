import { expect } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { type TestUser, useTestAppWithAdmin } from '../../test/factories.ts';

/**
 * The bonus hunts' test app with an admin on a manual clock, and the steps their test files share:
 * a request, a member's guess, the admin's hunt, bonus, win and status changes.
 */
export function useHuntTestApp() {
  const clock = new ManualClock('2026-11-25T12:00:00.000Z');
  const { t, admin } = useTestAppWithAdmin({}, { clock });

  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string> = {}, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const guess = (user: TestUser, huntId: string, amount: number, key?: string) =>
    inject('PUT', `/api/bonus-hunts/${huntId}/guess`, { ...user.auth, ...(key ? { 'idempotency-key': key } : {}) }, { amount });
  const status = (huntId: string, to: 'opening' | 'finished') => inject('POST', `/api/admin/bonus-hunts/${huntId}/status`, admin.auth, { status: to });
  const tick = (ms = 1000) => clock.advance(ms);

  async function newHunt(fields: Record<string, unknown> = {}) {
    const res = await inject('POST', '/api/admin/bonus-hunts', admin.auth, {
      title: `Hunt ${Math.random().toString(36).slice(2, 7)}`,
      casino: 'Stake',
      currency: 'USD',
      startBalance: 100000,
      entryCost: 0,
      prizes: [500],
      ...fields,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().hunt as { id: string; title: string };
  }
  async function addBonus(huntId: string, bet: number, slot: { slotId?: string; slotName?: string } = { slotName: 'Free text slot' }) {
    const res = await inject('POST', `/api/admin/bonus-hunts/${huntId}/bonuses`, admin.auth, { ...slot, bet });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().bonuses as { id: string }[];
  }
  const win = (huntId: string, bonusId: string, amount: number | null) =>
    inject('PUT', `/api/admin/bonus-hunts/${huntId}/bonuses/${bonusId}`, admin.auth, { win: amount });
  return { clock, t, admin, inject, guess, status, tick, newHunt, addBonus, win };
}

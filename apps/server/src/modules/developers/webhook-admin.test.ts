import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, webhookDeliveries, webhooks } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { enqueueWebhookEvent } from '../../platform/outbox.ts';
import { makeUser, useTestAppWithAdmin } from '../../test/factories.ts';
import { deliveryContextOf } from './jobs.ts';
import { sendDueDeliveries } from './send-deliveries.ts';

// PATCH /api/admin/webhooks/:id and POST .../deliveries/:deliveryId/redeliver, with their refusals.

const clock = new ManualClock('2026-07-01T09:00:00Z');

function receiver() {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const answers: number[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(answers.shift() ?? 200).end('{}');
    });
  });
  return {
    received,
    answers,
    start: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
    url: (p = '/hook') => `http://127.0.0.1:${(server.address() as AddressInfo).port}${p}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe(`Webhook changes and redelivery (${process.env.TEST_DB})`, () => {
  const { t, admin } = useTestAppWithAdmin({ WEBHOOKS_ALLOW_PRIVATE: 'true' }, { clock });
  const rx = receiver();
  beforeAll(() => rx.start());
  afterAll(() => rx.stop());
  const send = () => sendDueDeliveries(deliveryContextOf(t.app), clock.now());
  const enqueue = () => t.app.db.transaction((tx) => enqueueWebhookEvent(tx, 'raffle.drawn', { raffleId: 'r1' }, clock.now()));
  const deliveriesOf = (id: string) => t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, id));
  const patch = (id: string, payload: unknown, headers: Record<string, string> = admin.auth) =>
    t.app.inject({ method: 'PATCH', url: `/api/admin/webhooks/${id}`, headers, payload: payload as object });

  async function addWebhook(events: string[]) {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/webhooks', headers: admin.auth, payload: { url: rx.url(), events, format: 'standard' } });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; secret: string };
  }

  it('turns a webhook off (no new deliveries) and on again (the failing run cleared), changes its events and URL; each change audited', async () => {
    const hook = await addWebhook(['raffle.drawn']);
    await t.app.db.update(webhooks).set({ failingSince: clock.now() }).where(eq(webhooks.id, hook.id));

    const off = await patch(hook.id, { enabled: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().webhook).toMatchObject({ id: hook.id, enabled: false });
    await enqueue();
    expect(await deliveriesOf(hook.id)).toHaveLength(0);

    const on = await patch(hook.id, { enabled: true, events: ['order.created', 'order.created', 'koth.crowned'], url: rx.url('/moved') });
    expect(on.statusCode).toBe(200);
    expect(on.json().webhook).toMatchObject({ enabled: true, url: rx.url('/moved') });
    expect([...on.json().webhook.events].sort()).toEqual(['koth.crowned', 'order.created']);
    const [row] = await t.app.db.select().from(webhooks).where(eq(webhooks.id, hook.id));
    expect(row).toMatchObject({ enabled: true, failingSince: null, disabledAt: null });

    // The old event no longer reaches it; a new one does, at the new URL.
    await enqueue();
    expect(await deliveriesOf(hook.id)).toHaveLength(0);
    await t.app.db.transaction((tx) => enqueueWebhookEvent(tx, 'order.created', { orderId: 'o1' }, clock.now()));
    expect(await deliveriesOf(hook.id)).toHaveLength(1);

    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, hook.id), eq(auditLog.action, 'webhook.update')));
    expect(audits).toHaveLength(2);
    expect(JSON.stringify(audits[1]!.changes)).toContain('/moved');
    await t.app.inject({ method: 'DELETE', url: `/api/admin/webhooks/${hook.id}`, headers: admin.auth });
  });

  it('refuses a bad change with 400 and changes nothing; 404 for an unknown webhook; 401 without a session; 403 for a member', async () => {
    const hook = await addWebhook(['raffle.drawn']);
    for (const body of [{ events: [] }, { events: ['nope.event'] }, { url: 'ftp://example.com/x' }, { enabled: 'yes' }, { secret: 'x' }]) {
      const res = await patch(hook.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await patch('not-a-uuid', { enabled: false })).statusCode).toBe(400);
    const [row] = await t.app.db.select().from(webhooks).where(eq(webhooks.id, hook.id));
    expect(row).toMatchObject({ enabled: true, events: ['raffle.drawn'], url: rx.url() });

    expect((await patch('00000000-0000-4000-8000-000000000000', { enabled: false })).statusCode).toBe(404);
    expect((await patch(hook.id, { enabled: false }, {})).statusCode).toBe(401);
    const member = await makeUser(t.app);
    expect((await patch(hook.id, { enabled: false }, member.auth)).statusCode).toBe(403);
    const redeliverAsMember = await t.app.inject({
      method: 'POST',
      url: `/api/admin/webhooks/${hook.id}/deliveries/00000000-0000-4000-8000-000000000000/redeliver`,
      headers: member.auth,
    });
    expect(redeliverAsMember.statusCode).toBe(403);
    const [still] = await t.app.db.select().from(webhooks).where(eq(webhooks.id, hook.id));
    expect(still!.enabled).toBe(true);
    await t.app.inject({ method: 'DELETE', url: `/api/admin/webhooks/${hook.id}`, headers: admin.auth });
  });

  it('redelivers a failed delivery with the same webhook-id and its attempts from zero; audited; 404 for another webhook or an unknown delivery', async () => {
    const hook = await addWebhook(['raffle.drawn']);
    const other = await addWebhook(['koth.crowned']);
    await enqueue();
    await t.app.db.update(webhookDeliveries).set({ status: 'failed', attempts: 8, nextAttemptAt: null }).where(eq(webhookDeliveries.webhookId, hook.id));
    const [failed] = await deliveriesOf(hook.id);
    const url = (webhookId: string, deliveryId: string) => `/api/admin/webhooks/${webhookId}/deliveries/${deliveryId}/redeliver`;

    expect((await t.app.inject({ method: 'POST', url: url(other.id, failed!.id), headers: admin.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: url(hook.id, '00000000-0000-4000-8000-000000000000'), headers: admin.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: url(hook.id, 'nope'), headers: admin.auth })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: url(hook.id, failed!.id) })).statusCode).toBe(401);
    expect((await deliveriesOf(hook.id))[0]).toMatchObject({ status: 'failed', attempts: 8 });

    const before = rx.received.length;
    const res = await t.app.inject({ method: 'POST', url: url(hook.id, failed!.id), headers: admin.auth });
    expect(res.statusCode).toBe(202);
    expect(res.json().delivery).toMatchObject({ id: failed!.id, status: 'pending', attempts: 0 });
    await t.app.backgroundWork.idle();
    await send();
    const got = rx.received.slice(before);
    expect(got).toHaveLength(1);
    expect(got[0]!.headers['webhook-id']).toBe(failed!.id);
    expect((await deliveriesOf(hook.id))[0]).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200 });
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, hook.id), eq(auditLog.action, 'webhook.redeliver')));
    expect(audits).toHaveLength(1);
    for (const id of [hook.id, other.id]) await t.app.inject({ method: 'DELETE', url: `/api/admin/webhooks/${id}`, headers: admin.auth });
  });
});

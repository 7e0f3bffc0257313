import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications, webhookDeliveries, webhooks } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { enqueueWebhookEvent } from '../../platform/outbox.ts';
import { testDbKind } from '../../test/test-app.ts';
import { useTestAppWithAdmin } from '../../test/factories.ts';
import { deliveryContextOf } from './jobs.ts';
import { sendDueDeliveries } from './send-deliveries.ts';

type Received = { headers: IncomingHttpHeaders; body: string; path: string };

/** A local receiver: records every request and answers with the next queued status (200 when none). */
function receiver() {
  const received: Received[] = [];
  const answers: { status: number; body?: string }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), path: req.url ?? '' });
      const answer = answers.shift() ?? { status: 200 };
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body ?? '{}');
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

/** The receiver's own Standard Webhooks check (not the server's code): v1 HMAC-SHA256 over id.timestamp.body. */
function verifyStandardWebhook(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const id = String(headers['webhook-id'] ?? '');
  const timestamp = String(headers['webhook-timestamp'] ?? '');
  const key = Buffer.from(secret.split('_')[1]!, 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return String(headers['webhook-signature'] ?? '')
    .split(' ')
    .some((sig) => {
      const [version, value] = sig.split(',');
      const given = Buffer.from(value ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

const clock = new ManualClock('2026-06-01T12:00:00Z');

describe(`Outgoing webhooks, private addresses refused by default (${process.env.TEST_DB})`, () => {
  const { t, admin } = useTestAppWithAdmin({}, { clock });
  it('refuses a loopback, private or metadata URL at creation (400 WEBHOOK_URL_NOT_ALLOWED) without WEBHOOKS_ALLOW_PRIVATE', async () => {
    for (const url of ['http://127.0.0.1:9/hook', 'http://10.1.2.3/hook', 'http://169.254.169.254/latest', 'http://localhost:9/x', 'ftp://example.com/x']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/webhooks',
        headers: admin.auth,
        payload: { url, events: ['ping'], format: 'standard' },
      });
      expect(res.statusCode, url).toBe(400);
      if (!url.startsWith('ftp')) expect(res.json().code, url).toBe('WEBHOOK_URL_NOT_ALLOWED');
    }
  });
});

describe(`Outgoing webhooks (${process.env.TEST_DB})`, () => {
  const { t, admin } = useTestAppWithAdmin({ WEBHOOKS_ALLOW_PRIVATE: 'true' }, { clock });
  const rx = receiver();
  beforeAll(() => rx.start());
  afterAll(() => rx.stop());
  const send = () => sendDueDeliveries(deliveryContextOf(t.app), clock.now());

  async function addWebhook(events: string[], format: 'standard' | 'discord' = 'standard', path = '/hook') {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/webhooks', headers: admin.auth, payload: { url: rx.url(path), events, format } });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; secret: string };
  }

  const enqueue = (type: 'raffle.drawn' | 'koth.crowned' | 'order.created', data: Record<string, unknown>) =>
    t.app.db.transaction((tx) => enqueueWebhookEvent(tx, type, data, clock.now()));

  it('creates a webhook with its secret shown once (whsec_ + 32 bytes), audited, and a test ping arrives signed', async () => {
    const hook = await addWebhook(['raffle.drawn']);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(hook.secret.slice(6), 'base64')).toHaveLength(32);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/webhooks', headers: admin.auth });
    expect(list.body).not.toContain(hook.secret);
    const [row] = await t.app.db.select().from(webhooks).where(eq(webhooks.id, hook.id));
    expect(row!.secret).not.toContain(hook.secret.slice(6));

    const before = rx.received.length;
    const ping = await t.app.inject({ method: 'POST', url: `/api/admin/webhooks/${hook.id}/test`, headers: admin.auth });
    expect(ping.statusCode).toBe(202);
    await t.app.backgroundWork.idle();
    await send();
    const got = rx.received.slice(before);
    expect(got).toHaveLength(1);
    expect(verifyStandardWebhook(hook.secret, got[0]!.headers, got[0]!.body)).toBe(true);
    expect(got[0]!.headers['webhook-id']).toBe(ping.json().delivery.id);
    expect(got[0]!.headers['webhook-timestamp']).toBe(String(Math.floor(clock.now().getTime() / 1000)));
    expect(JSON.parse(got[0]!.body)).toMatchObject({ type: 'ping', timestamp: clock.now().toISOString() });
    const log = await t.app.inject({ method: 'GET', url: `/api/admin/webhooks/${hook.id}/deliveries`, headers: admin.auth });
    expect(log.json().deliveries[0]).toMatchObject({ event: 'ping', status: 'delivered', attempts: 1, lastStatusCode: 200 });
    expect((await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, hook.id))).map((a) => a.action)).toContain('webhook.create');
    await t.app.inject({ method: 'DELETE', url: `/api/admin/webhooks/${hook.id}`, headers: admin.auth });
  });

  it('retries after a 500 with the same webhook-id, 5 s later, and sends nothing more after a 200', async () => {
    const hook = await addWebhook(['raffle.drawn']);
    const before = rx.received.length;
    rx.answers.push({ status: 500 });
    await enqueue('raffle.drawn', { raffleId: 'r1', winners: ['Al***'] });
    await send();
    const [pending] = await t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook.id));
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 });
    expect(pending!.nextAttemptAt!.getTime()).toBe(clock.now().getTime() + 5_000);
    await send(); // not due yet
    expect(rx.received.length - before).toBe(1);
    clock.advance(5_000);
    await send();
    clock.advance(60 * 60_000);
    await send();
    const got = rx.received.slice(before);
    expect(got).toHaveLength(2);
    expect(got[1]!.headers['webhook-id']).toBe(got[0]!.headers['webhook-id']);
    expect(verifyStandardWebhook(hook.secret, got[1]!.headers, got[1]!.body)).toBe(true);
    const [done] = await t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook.id));
    expect(done).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200 });
    await t.app.inject({ method: 'DELETE', url: `/api/admin/webhooks/${hook.id}`, headers: admin.auth });
  });

  it('writes nothing to the outbox when the change rolls back', async () => {
    const hook = await addWebhook(['koth.crowned']);
    await expect(
      t.app.db.transaction(async (tx) => {
        await enqueueWebhookEvent(tx, 'koth.crowned', { king: 'Bo***' }, clock.now());
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook.id))).toHaveLength(0);
    const before = rx.received.length;
    await send();
    expect(rx.received.length).toBe(before);
    await t.app.inject({ method: 'DELETE', url: `/api/admin/webhooks/${hook.id}`, headers: admin.auth });
  });

  it('fails a delivery after the last retry, turns off an endpoint failing for 3 days and tells the admins', async () => {
    const hook = await addWebhook(['order.created']);
    await enqueue('order.created', { orderId: 'o1' });
    for (let i = 0; i < 8; i += 1) {
      rx.answers.push({ status: 503 });
      await send();
      clock.advance(11 * 60 * 60_000);
    }
    const [row] = await t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook.id));
    expect(row).toMatchObject({ status: 'failed', attempts: 8, lastStatusCode: 503, nextAttemptAt: null });
    const [off] = await t.app.db.select().from(webhooks).where(eq(webhooks.id, hook.id));
    expect(off!.enabled).toBe(false);
    const told = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.id), eq(notifications.type, 'admin_webhook_disabled')));
    expect(told).toHaveLength(1);
    // Off: new events are not written for it.
    await enqueue('order.created', { orderId: 'o2' });
    expect(await t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook.id))).toHaveLength(1);
    await t.app.inject({ method: 'DELETE', url: `/api/admin/webhooks/${hook.id}`, headers: admin.auth });
  });

  it('posts a Discord message within its limits and honours its 429 retry_after', async () => {
    const hook = await addWebhook(['raffle.drawn'], 'discord', '/discord');
    const before = rx.received.length;
    rx.answers.push({ status: 429, body: JSON.stringify({ retry_after: 2.5 }) });
    await enqueue('raffle.drawn', { summary: 'Weekly raffle drawn', link: '/raffles/r9', winners: 'x'.repeat(5000) });
    await send();
    const [waiting] = await t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook.id));
    expect(waiting).toMatchObject({ status: 'pending', attempts: 0, lastStatusCode: 429 });
    expect(waiting!.nextAttemptAt!.getTime()).toBe(clock.now().getTime() + 2_500);
    clock.advance(2_500);
    await send();
    const got = rx.received.slice(before);
    expect(got).toHaveLength(2);
    const message = JSON.parse(got[1]!.body);
    expect(message.embeds).toHaveLength(1);
    const embed = message.embeds[0];
    expect(embed).toMatchObject({ title: 'Raffle drawn', description: 'Weekly raffle drawn', url: `${t.config.appOrigin}/raffles/r9` });
    const total =
      embed.title.length +
      embed.description.length +
      embed.fields.reduce((n: number, f: { name: string; value: string }) => n + f.name.length + f.value.length, 0);
    expect(total).toBeLessThanOrEqual(6000);
    for (const f of embed.fields) expect(f.value.length).toBeLessThanOrEqual(1024);
    expect(got[1]!.headers['webhook-signature']).toBeUndefined();
    await t.app.inject({ method: 'DELETE', url: `/api/admin/webhooks/${hook.id}`, headers: admin.auth });
  });

  it.skipIf(testDbKind() !== 'postgres')('sends each delivery once when two senders run at once', async () => {
    const hook = await addWebhook(['raffle.drawn']);
    const before = rx.received.length;
    for (let i = 0; i < 5; i += 1) await enqueue('raffle.drawn', { raffleId: `r${i}` });
    const ctxA = deliveryContextOf(t.app);
    const ctxB = deliveryContextOf(t.app);
    await Promise.all([sendDueDeliveries(ctxA, clock.now()), sendDueDeliveries(ctxB, clock.now()), sendDueDeliveries(ctxA, clock.now())]);
    const ids = rx.received.slice(before).map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
    await t.app.inject({ method: 'DELETE', url: `/api/admin/webhooks/${hook.id}`, headers: admin.auth });
  });
});

import { and, eq, isNull, sql } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import type { Database } from '../../db/client.ts';
import { webhookDeliveries, webhooks } from '../../db/schema.ts';
import type { WebhookPayload } from '../../platform/outbox.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { notifyAdmins } from '../notifications/index.ts';
import { secretContext } from './create-webhook.ts';
import { discordMessage } from './discord-message.ts';
import { signWebhook } from './webhook-signing.ts';
import { guardedPost, type PostOutcome } from './webhook-url.ts';

/**
 * The delivery job: sends the outbox's due deliveries. A server claims a batch with a lease
 * (locked_until, FOR UPDATE SKIP LOCKED), so with several servers each delivery is sent by one; a
 * 2xx is delivered, anything else waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h between
 * attempts and is then failed. Discord's 429 is retried after its `retry_after`, not counted. An
 * endpoint that has failed for 3 days in a row is turned off and the admins are told.
 */

const RETRY_WAITS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
const LEASE_MS = 60_000;
const BATCH = 20;
const DISABLE_AFTER_MS = 3 * 86_400_000;

export type DeliveryContext = { db: Database; box: SecretBox; allowPrivate: boolean; appOrigin: string };

type Claimed = { id: string; payload: WebhookPayload; attempts: number; webhook_id: string; url: string; format: string; secret: string; enabled: boolean };

async function claimDue(db: Database, now: Date): Promise<Claimed[]> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    update ${webhookDeliveries} d set locked_until = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz
    from ${webhooks} w
    where w.id = d.webhook_id and d.id in (
      select id from ${webhookDeliveries}
      where status = 'pending' and next_attempt_at <= ${at}::timestamptz and (locked_until is null or locked_until <= ${at}::timestamptz)
      order by next_attempt_at limit ${BATCH}
      for update skip locked
    )
    returning d.id, d.payload, d.attempts, d.webhook_id, w.url, w.format, w.secret, w.enabled`);
  return (result as unknown as { rows: Claimed[] }).rows;
}

function requestOf(ctx: DeliveryContext, row: Claimed, now: Date): { body: string; headers: Record<string, string> } {
  if (row.format === 'discord') return { body: JSON.stringify(discordMessage(row.payload, ctx.appOrigin)), headers: {} };
  const body = JSON.stringify(row.payload);
  const timestamp = Math.floor(now.getTime() / 1000);
  const secret = ctx.box.open(row.secret, secretContext(row.webhook_id));
  return {
    body,
    headers: { 'webhook-id': row.id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signWebhook(secret, row.id, timestamp, body) },
  };
}

/** Discord's 429 answer: `retry_after` in seconds. */
function discordRetryAfterMs(outcome: PostOutcome): number | null {
  if (outcome.status !== 429) return null;
  try {
    const seconds = Number((JSON.parse(outcome.body) as { retry_after?: unknown }).retry_after);
    return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds * 1000) : null;
  } catch {
    return null;
  }
}

async function recordFailure(ctx: DeliveryContext, webhookId: string, now: Date): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [hook] = await tx
      .update(webhooks)
      .set({ failingSince: sql`coalesce(${webhooks.failingSince}, ${now.toISOString()}::timestamptz)` })
      .where(eq(webhooks.id, webhookId))
      .returning({ failingSince: webhooks.failingSince, enabled: webhooks.enabled, url: webhooks.url });
    if (!hook?.enabled || !hook.failingSince || now.getTime() - hook.failingSince.getTime() < DISABLE_AFTER_MS) return;
    const [off] = await tx
      .update(webhooks)
      .set({ enabled: false, disabledAt: now })
      .where(and(eq(webhooks.id, webhookId), eq(webhooks.enabled, true)))
      .returning({ id: webhooks.id });
    if (!off) return;
    await notifyAdmins(tx, {
      type: 'admin_webhook_disabled',
      title: 'Webhook turned off',
      body: `The webhook ${hook.url} has failed for 3 days and was turned off. Check it and turn it on again on the Developers screen.`,
      link: '/admin/developers',
      at: now,
    });
  });
}

/** One run: sends what is due now; returns how many were delivered and how many attempts failed. */
export async function sendDueDeliveries(ctx: DeliveryContext, now: Date): Promise<{ webhooksDelivered: number; webhookAttemptsFailed: number }> {
  let delivered = 0;
  let failed = 0;
  for (const row of await claimDue(ctx.db, now)) {
    const done = (set: Partial<typeof webhookDeliveries.$inferInsert>) =>
      ctx.db
        .update(webhookDeliveries)
        .set({ ...set, lockedUntil: null })
        .where(eq(webhookDeliveries.id, row.id));
    if (!row.enabled && row.payload.type !== 'ping') {
      await done({ status: 'failed', nextAttemptAt: null });
      continue;
    }
    const { body, headers } = requestOf(ctx, row, now);
    const started = performance.now();
    const outcome = await guardedPost(row.url, body, headers, ctx.allowPrivate);
    const durationMs = Math.round(performance.now() - started);
    const code = outcome.status || null;
    if (outcome.status >= 200 && outcome.status < 300) {
      await done({ status: 'delivered', attempts: row.attempts + 1, lastStatusCode: code, durationMs, nextAttemptAt: null });
      await ctx.db
        .update(webhooks)
        .set({ failingSince: null })
        .where(and(eq(webhooks.id, row.webhook_id)));
      delivered += 1;
      continue;
    }
    failed += 1;
    const discordWait = row.format === 'discord' ? discordRetryAfterMs(outcome) : null;
    if (discordWait !== null) {
      await done({ lastStatusCode: code, durationMs, nextAttemptAt: new Date(now.getTime() + discordWait) });
      continue;
    }
    const attempts = row.attempts + 1;
    const wait = RETRY_WAITS_MS[attempts - 1];
    await done(
      wait === undefined
        ? { status: 'failed', attempts, lastStatusCode: code, durationMs, nextAttemptAt: null }
        : { attempts, lastStatusCode: code, durationMs, nextAttemptAt: new Date(now.getTime() + wait) },
    );
    await recordFailure(ctx, row.webhook_id, now);
  }
  return { webhooksDelivered: delivered, webhookAttemptsFailed: failed };
}

/** Deliveries past the log's keep (30 days), purged with the delivery job. */
export async function purgeOldDeliveries(db: Database, now: Date): Promise<number> {
  const gone = await db
    .delete(webhookDeliveries)
    .where(
      and(sql`${webhookDeliveries.createdAt} < ${new Date(now.getTime() - 30 * 86_400_000).toISOString()}::timestamptz`, isNull(webhookDeliveries.lockedUntil)),
    )
    .returning({ id: webhookDeliveries.id });
  return gone.length;
}

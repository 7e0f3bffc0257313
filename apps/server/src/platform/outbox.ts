import type { WebhookEvent } from '@app/shared/api/developers';
import { and, eq, sql } from 'drizzle-orm';
import { webhookDeliveries, webhooks } from '../db/schema.ts';
import type { Tx } from '../db/tx.ts';

/**
 * The outbox of outgoing events (ARCHITECTURE: outgoing events are written in the transaction of the
 * change that caused them and sent by a job): a feature calls enqueueWebhookEvent in its open
 * transaction, which writes one delivery row per enabled endpoint subscribed to the event. A
 * rolled-back change leaves no row, so nothing is sent for it; a committed one is sent by the
 * developers module's delivery job, once across servers. The feature never waits for a receiver.
 */

/** The body every receiver gets: `{type, timestamp, data}`. */
export type WebhookPayload = { type: WebhookEvent; timestamp: string; data: Record<string, unknown> };

/**
 * Writes the event for every enabled endpoint that asked for it (`onlyWebhookId`: for that endpoint
 * only, whatever its events: the admin's test ping). Returns the delivery ids.
 */
export async function enqueueWebhookEvent(tx: Tx, type: WebhookEvent, data: Record<string, unknown>, at: Date, onlyWebhookId?: string): Promise<string[]> {
  const payload: WebhookPayload = { type, timestamp: at.toISOString(), data };
  const target = onlyWebhookId ? eq(webhooks.id, onlyWebhookId) : and(eq(webhooks.enabled, true), sql`${webhooks.events} @> ${JSON.stringify([type])}::jsonb`);
  const rows = await tx.execute(sql`
    insert into ${webhookDeliveries} (webhook_id, event, payload, status, attempts, next_attempt_at, created_at)
    select ${webhooks.id}, ${type}, ${JSON.stringify(payload)}::jsonb, 'pending', 0, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
    from ${webhooks} where ${target}
    returning id`);
  return (rows as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
}

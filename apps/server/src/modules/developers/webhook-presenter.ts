import type { Delivery, Webhook, WebhookEvent } from '@app/shared/api/developers';
import type { webhookDeliveries, webhooks } from '../../db/schema.ts';

export function presentWebhook(row: typeof webhooks.$inferSelect): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    format: row.format as Webhook['format'],
    description: row.description,
    enabled: row.enabled,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentDelivery(row: typeof webhookDeliveries.$inferSelect): Delivery {
  return {
    id: row.id,
    event: row.event as WebhookEvent,
    status: row.status as Delivery['status'],
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    durationMs: row.durationMs,
    createdAt: row.createdAt.toISOString(),
  };
}

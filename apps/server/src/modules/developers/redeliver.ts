import type { Delivery } from '@app/shared/api/developers';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { webhookDeliveries, webhooks } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { enqueueWebhookEvent } from '../../platform/outbox.ts';
import { presentDelivery } from './webhook-presenter.ts';

/** POST /test: a `ping` for this endpoint only, through the outbox like every event. */
export async function sendTestPing(db: Database, webhookId: string, actor: AuditActor, now: Date): Promise<Delivery> {
  return db.transaction(async (tx) => {
    const [hook] = await tx.select({ id: webhooks.id }).from(webhooks).where(eq(webhooks.id, webhookId));
    if (!hook) throw new AppError('NOT_FOUND', 'No such webhook.');
    const [id] = await enqueueWebhookEvent(tx, 'ping', { summary: 'This endpoint receives Rewards Hub events.' }, now, webhookId);
    await recordAudit(tx, { ...actor, action: 'webhook.test', targetType: 'webhook', targetId: webhookId, at: now });
    const [row] = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id!));
    return presentDelivery(row!);
  });
}

/** POST /deliveries/:id/redeliver: the same delivery (the same webhook-id) pending again, its attempts from zero. */
export async function redeliver(db: Database, webhookId: string, deliveryId: string, actor: AuditActor, now: Date): Promise<Delivery> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: now, lockedUntil: null })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhookId, webhookId)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', 'No such delivery.');
    await recordAudit(tx, { ...actor, action: 'webhook.redeliver', targetType: 'webhook', targetId: webhookId, changes: { deliveryId }, at: now });
    return presentDelivery(row);
  });
}

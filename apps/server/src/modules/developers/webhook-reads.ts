import type { Delivery, Webhook } from '@app/shared/api/developers';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { webhookDeliveries, webhooks } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { presentDelivery, presentWebhook } from './webhook-presenter.ts';

export async function listWebhooks(db: Database): Promise<{ webhooks: Webhook[] }> {
  const rows = await db.select().from(webhooks).orderBy(desc(webhooks.createdAt));
  return { webhooks: rows.map(presentWebhook) };
}

/** The newest 100 deliveries of one endpoint. */
export async function listDeliveries(db: Database, webhookId: string): Promise<{ deliveries: Delivery[] }> {
  const [hook] = await db.select({ id: webhooks.id }).from(webhooks).where(eq(webhooks.id, webhookId));
  if (!hook) throw new AppError('NOT_FOUND', 'No such webhook.');
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(100);
  return { deliveries: rows.map(presentDelivery) };
}

import type { Webhook, WebhookEvent } from '@app/shared/api/developers';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { webhooks } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { diffChanges, recordAudit, type AuditActor } from '../../platform/audit.ts';
import { presentWebhook } from './webhook-presenter.ts';
import { assertWebhookUrlAllowed } from './webhook-url.ts';

type Patch = { enabled?: boolean; events?: WebhookEvent[]; url?: string };

const notFound = () => new AppError('NOT_FOUND', 'No such webhook.');

/** PATCH: turn on or off (on again clears the failing run), other events, another URL (checked again). Audited. */
export async function updateWebhook(db: Database, id: string, patch: Patch, allowPrivate: boolean, actor: AuditActor, now: Date): Promise<Webhook> {
  if (patch.url !== undefined) await assertWebhookUrlAllowed(patch.url, allowPrivate);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(webhooks).where(eq(webhooks.id, id)).for('update');
    if (!before) throw notFound();
    const set: Partial<typeof webhooks.$inferInsert> = {};
    if (patch.url !== undefined) set.url = patch.url;
    if (patch.events !== undefined) set.events = [...new Set(patch.events)];
    if (patch.enabled !== undefined) {
      set.enabled = patch.enabled;
      set.disabledAt = patch.enabled ? null : now;
      if (patch.enabled) set.failingSince = null;
    }
    const [after] = Object.keys(set).length ? await tx.update(webhooks).set(set).where(eq(webhooks.id, id)).returning() : [before];
    const changes = diffChanges(
      { url: before.url, events: before.events, enabled: before.enabled },
      { url: after!.url, events: after!.events, enabled: after!.enabled },
    );
    await recordAudit(tx, { ...actor, action: 'webhook.update', targetType: 'webhook', targetId: id, changes, at: now });
    return presentWebhook(after!);
  });
}

/** DELETE: the endpoint and its delivery log. Audited. */
export async function deleteWebhook(db: Database, id: string, actor: AuditActor, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(webhooks).where(eq(webhooks.id, id)).returning({ url: webhooks.url });
    if (!gone) throw notFound();
    await recordAudit(tx, { ...actor, action: 'webhook.delete', targetType: 'webhook', targetId: id, changes: { url: gone.url }, at: now });
  });
}

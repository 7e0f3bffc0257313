import { randomUUID } from 'node:crypto';
import type { CreatedWebhook, WebhookInput } from '@app/shared/api/developers';
import type { Database } from '../../db/client.ts';
import { webhooks } from '../../db/schema.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { presentWebhook } from './webhook-presenter.ts';
import { newWebhookSecret } from './webhook-signing.ts';
import { assertWebhookUrlAllowed } from './webhook-url.ts';

/** The secret box's context of a webhook's signing secret (bound into the sealed value). */
export const secretContext = (webhookId: string) => `webhook:${webhookId}`;

/**
 * A new endpoint: the URL checked (400 WEBHOOK_URL_NOT_ALLOWED), a signing secret made, sealed at
 * rest and answered this once. Audited.
 */
export async function createWebhook(
  db: Database,
  input: WebhookInput,
  deps: { box: SecretBox; allowPrivate: boolean },
  actor: AuditActor,
  now: Date,
): Promise<CreatedWebhook> {
  await assertWebhookUrlAllowed(input.url, deps.allowPrivate);
  const secret = newWebhookSecret();
  const id = randomUUID();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhooks)
      .values({
        id,
        url: input.url,
        events: [...new Set(input.events)],
        format: input.format,
        description: input.description ?? '',
        secret: deps.box.seal(secret, secretContext(id)),
        createdAt: now,
      })
      .returning();
    await recordAudit(tx, {
      ...actor,
      action: 'webhook.create',
      targetType: 'webhook',
      targetId: row!.id,
      changes: { url: input.url, events: input.events, format: input.format },
      at: now,
    });
    return { ...presentWebhook(row!), secret };
  });
}

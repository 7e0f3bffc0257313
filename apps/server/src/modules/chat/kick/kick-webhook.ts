import { verify, type KeyObject } from 'node:crypto';
import type { KickWebhookResult } from '@app/shared/api/integrations';
import { lt } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { kickWebhookMessages } from '../../../db/schema.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Delivery, DeliveryOutcome } from '../events.ts';

/**
 * Kick webhooks, as Kick's developer documentation describes them: RSA SHA-256 PKCS#1
 * v1.5 over `<Kick-Event-Message-Id>.<Kick-Event-Message-Timestamp>.<raw body>`, signature in
 * base64 in Kick-Event-Signature. Every app receives deliveries signed with the same key, so a
 * valid signature alone does not stop a replay: the timestamp must be within 5 minutes and a
 * message id is handled once (the ids are kept a day, far longer than the 5 minutes).
 */

export const KICK_TOLERANCE_MS = 5 * 60 * 1000;
const MESSAGE_RETENTION_MS = 24 * 60 * 60 * 1000;

export type KickDelivery = {
  messageId: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
  eventType: string | undefined;
  rawBody: Buffer;
};

function badWebhook(message: string): AppError {
  return new AppError('BAD_WEBHOOK', message);
}

/** Checks headers, signature and freshness; throws the refusal, else returns the parsed body. */
export function verifyKickDelivery(key: KeyObject, delivery: KickDelivery, now: Date): unknown {
  const { messageId, timestamp, signature } = delivery;
  if (!messageId || !timestamp || !signature) {
    throw badWebhook('Kick-Event-Message-Id, Kick-Event-Message-Timestamp and Kick-Event-Signature are required.');
  }
  if (messageId.length > 200) throw badWebhook('The message id is too long.');
  const signed = Buffer.concat([Buffer.from(`${messageId}.${timestamp}.`), delivery.rawBody]);
  const signatureBytes = Buffer.from(signature, 'base64');
  const isValid = signatureBytes.length > 0 && verify('sha256', signed, key, signatureBytes);
  if (!isValid) throw new AppError('INVALID_SIGNATURE', 'The webhook signature does not verify.');
  const sentAt = Date.parse(timestamp);
  if (Number.isNaN(sentAt)) throw badWebhook('The message timestamp is not a date.');
  if (Math.abs(now.getTime() - sentAt) > KICK_TOLERANCE_MS) {
    throw new AppError('STALE_TIMESTAMP', 'The message timestamp is more than 5 minutes off.');
  }
  try {
    return JSON.parse(delivery.rawBody.toString('utf8')) as unknown;
  } catch {
    throw badWebhook('The body is not JSON.');
  }
}

/**
 * POST /api/integrations/kick/webhook after verification: records the message id (a repeat is a
 * 409), then stores an event the stream handles and answers; the stream's job does its work after
 * (modules/stream/events.ts). Another type, any event while no channel is connected, or another
 * broadcaster's, is 'ignored': still a 2xx, so Kick keeps the subscription.
 */
export async function handleKickDelivery(
  record: (delivery: Delivery) => Promise<DeliveryOutcome>,
  delivery: KickDelivery,
  body: unknown,
  now: Date,
): Promise<KickWebhookResult> {
  // The type header is not signed: the body's shape decides what the handlers read.
  const { seen, stored } = await record({ messageId: delivery.messageId!, type: delivery.eventType, body, now });
  if (!seen) throw new AppError('REPLAYED_MESSAGE', 'This message id was already received.');
  return { ok: true, result: stored ? 'stored' : 'ignored' };
}

/** Message ids are kept a day, far longer than the 5-minute window (purge job). */
export async function purgeWebhookMessages(db: Database, now: Date): Promise<number> {
  const gone = await db
    .delete(kickWebhookMessages)
    .where(lt(kickWebhookMessages.receivedAt, new Date(now.getTime() - MESSAGE_RETENTION_MS)))
    .returning({ id: kickWebhookMessages.messageId });
  return gone.length;
}

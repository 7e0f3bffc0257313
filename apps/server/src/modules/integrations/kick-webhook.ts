import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { KickChatMessageSchema, type KickWebhookResult } from '@app/shared/api/integrations';
import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { appSettings, kickWebhookMessages, socialAccounts, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * Kick webhooks, as Kick's developer documentation describes them: RSA SHA-256 PKCS#1
 * v1.5 over `<Kick-Event-Message-Id>.<Kick-Event-Message-Timestamp>.<raw body>`, signature in
 * base64 in Kick-Event-Signature. Every app receives deliveries signed with the same key, so a
 * valid signature alone does not stop a replay: the timestamp must be within 5 minutes and a
 * message id is handled once (the ids are kept a day, far longer than the 5 minutes).
 */

export const KICK_TOLERANCE_MS = 5 * 60 * 1000;
const MESSAGE_RETENTION_MS = 24 * 60 * 60 * 1000;
// The public User UID of the profile (users-repository newUid): RH- and 8 of A-Z (no I, O) and 2-9.
const UID_PATTERN = /\bRH-[A-HJ-NP-Z2-9]{8}\b/i;

export type KickDelivery = {
  messageId: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
  eventType: string | undefined;
  rawBody: Buffer;
};

export function kickPublicKey(pem: string | undefined): KeyObject | null {
  return pem ? createPublicKey(pem) : null;
}

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

/** The bot's 'commands' switch (admin Bot features, stored as app_settings 'bot.commands'; on by default). */
async function areCommandsOn(db: Database): Promise<boolean> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, 'bot.commands'));
  const status = (row?.value as { status?: unknown } | undefined)?.status;
  return typeof status === 'boolean' ? status : true;
}

/**
 * POST /api/integrations/kick/webhook after verification: records the message id (a repeat is a
 * 409), then, for a chat message carrying a user's UID, links the sender's Kick account to that
 * user once. With the bot's 'commands' switch off, messages are ignored.
 */
export async function handleKickDelivery(db: Database, delivery: KickDelivery, body: unknown, now: Date): Promise<KickWebhookResult> {
  await db.delete(kickWebhookMessages).where(lt(kickWebhookMessages.receivedAt, new Date(now.getTime() - MESSAGE_RETENTION_MS)));
  const recorded = await db
    .insert(kickWebhookMessages)
    .values({ messageId: delivery.messageId!, receivedAt: now })
    .onConflictDoNothing()
    .returning({ id: kickWebhookMessages.messageId });
  if (recorded.length === 0) throw new AppError('REPLAYED_MESSAGE', 'This message id was already received.');

  if (delivery.eventType !== 'chat.message.sent') return { ok: true, result: 'ignored' };
  if (!(await areCommandsOn(db))) return { ok: true, result: 'commands_off' };
  const message = KickChatMessageSchema.safeParse(body);
  if (!message.success) return { ok: true, result: 'ignored' };
  const uid = UID_PATTERN.exec(message.data.content)?.[0]?.toUpperCase();
  if (!uid) return { ok: true, result: 'no_uid' };
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.uid, uid));
  if (!user) return { ok: true, result: 'no_uid' };
  const kickId = String(message.data.sender.user_id);
  const linked = await db
    .insert(socialAccounts)
    .values({ userId: user.id, platform: 'kick', externalId: kickId, username: message.data.sender.username, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: socialAccounts.id });
  if (linked.length > 0) return { ok: true, result: 'linked' };
  const [mine] = await db
    .select({ id: socialAccounts.id })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.userId, user.id), eq(socialAccounts.platform, 'kick')));
  return { ok: true, result: mine ? 'already_linked' : 'kick_account_taken' };
}

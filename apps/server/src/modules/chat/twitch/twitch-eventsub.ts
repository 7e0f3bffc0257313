import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { streamTwitchChatters, twitchConnection, twitchEventsubMessages } from '../../../db/schema.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Tx } from '../../../db/tx.ts';
import { enqueueWebhookEvent } from '../../../platform/outbox.ts';
import { isBotFeatureOn } from '../bot-features.ts';
import { creditBonus } from '../crediting.ts';
import { commandArgs, commandOf, runCommand } from '../commands.ts';
import { linkRequestReply, requestChatLink, uidIn } from '../kick-linking.ts';
import type { ChatRegistry } from '../registry.ts';
import { streamRules } from '../rules.ts';
import type { ChatBadge, ChatReply } from '../types.ts';

/**
 * Twitch's EventSub webhook (docs/twitch-api.md): `Twitch-Eventsub-Message-Signature` is `sha256=` +
 * hex HMAC-SHA256 keyed with TWITCH_EVENTSUB_SECRET over message id + timestamp + raw body. A bad
 * signature is 403, a timestamp more than 10 minutes off is 400. The challenge is answered at once;
 * a notification is stored by its message id (a retry with the same id changes nothing and still
 * gets a 2xx, so Twitch stops retrying) and worked after by the events job; a revocation marks the
 * channel "reconnect" with Twitch's reason. Only the connected broadcaster's events are acted on, and
 * a Shared Chat message that started in another channel never is.
 */

export const TWITCH_TOLERANCE_MS = 10 * 60 * 1000;
const RETENTION_MS = 24 * 60 * 60 * 1000;

export type TwitchDelivery = {
  messageId: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
  messageType: string | undefined;
  rawBody: Buffer;
};

export type TwitchWebhookAnswer = { kind: 'challenge'; challenge: string } | { kind: 'result'; result: 'stored' | 'ignored' | 'duplicate' | 'revoked' };

function badWebhook(message: string): AppError {
  return new AppError('BAD_WEBHOOK', message);
}

/** Checks the headers, the signature and the freshness; throws the refusal, else returns the parsed body. */
export function verifyTwitchDelivery(secret: string, delivery: TwitchDelivery, now: Date): Record<string, unknown> {
  const { messageId, timestamp, signature, messageType } = delivery;
  if (!messageId || !timestamp || !signature || !messageType) {
    throw badWebhook('Twitch-Eventsub-Message-Id, -Message-Timestamp, -Message-Signature and -Message-Type are required.');
  }
  if (messageId.length > 200) throw badWebhook('The message id is too long.');
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(messageId).update(timestamp).update(delivery.rawBody).digest('hex')}`);
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AppError('FORBIDDEN', 'The EventSub signature does not verify.');
  }
  const sentAt = Date.parse(timestamp);
  if (Number.isNaN(sentAt)) throw badWebhook('The message timestamp is not a date.');
  if (Math.abs(now.getTime() - sentAt) > TWITCH_TOLERANCE_MS) {
    throw new AppError('STALE_TIMESTAMP', 'The message timestamp is more than 10 minutes off.');
  }
  let body: unknown;
  try {
    body = JSON.parse(delivery.rawBody.toString('utf8'));
  } catch {
    throw badWebhook('The body is not JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badWebhook('The body is not a JSON object.');
  return body as Record<string, unknown>;
}

/** The notification types the product acts on. */
export const TWITCH_HANDLED = new Set([
  'channel.chat.message',
  'channel.follow',
  'channel.subscribe',
  'channel.subscription.message',
  'channel.subscription.gift',
  'channel.cheer',
  'stream.online',
  'stream.offline',
]);

const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

/** After verification: answers the challenge, records a revocation, or stores a notification by its id. */
export async function handleTwitchDelivery(db: Database, delivery: TwitchDelivery, body: Record<string, unknown>, now: Date): Promise<TwitchWebhookAnswer> {
  const subscription = (body.subscription ?? {}) as { id?: unknown; type?: unknown; status?: unknown; condition?: { broadcaster_user_id?: unknown } };
  if (delivery.messageType === 'webhook_callback_verification') {
    const challenge = str(body.challenge);
    if (!challenge || challenge.length > 1000) throw badWebhook('The verification carries no challenge.');
    return { kind: 'challenge', challenge };
  }
  const type = str(subscription.type) ?? '';
  const event = (body.event ?? null) as Record<string, unknown> | null;
  const broadcaster = str(event?.broadcaster_user_id) ?? str(subscription.condition?.broadcaster_user_id) ?? '';
  // A Shared Chat message from another channel: source_broadcaster_user_id names another broadcaster.
  const source = type === 'channel.chat.message' ? str(event?.source_broadcaster_user_id) : null;
  const isNotification = delivery.messageType === 'notification';
  const handled = isNotification && TWITCH_HANDLED.has(type) && event !== null && (source === null || source === broadcaster);
  // One statement: whether the event is the connected broadcaster's is read where it is stored.
  const result = await db.execute(sql`
    insert into twitch_eventsub_messages (message_id, type, body, acted, received_at, processed_at)
    select m.id, m.type, m.body, m.acted, m.at, case when m.acted then null else m.at end
    from (select ${delivery.messageId!}::text as id, ${isNotification ? type : `${delivery.messageType}:${type}`}::text as type,
        ${JSON.stringify(handled ? body : {})}::jsonb as body,
        ${handled}::boolean and exists (select 1 from twitch_connection c where c.id = 1 and c.broadcaster_user_id = ${broadcaster}) as acted,
        ${now.toISOString()}::timestamptz as at) m
    on conflict (message_id) do nothing
    returning acted`);
  const [row] = (result as unknown as { rows: { acted: boolean }[] }).rows;
  if (!row) return { kind: 'result', result: 'duplicate' };
  if (delivery.messageType === 'revocation') {
    const subscriptionId = str(subscription.id);
    const reason = (str(subscription.status) ?? 'revoked').slice(0, 100);
    const [connection] = await db.select().from(twitchConnection).where(eq(twitchConnection.id, 1));
    if (connection && connection.broadcasterUserId === broadcaster && subscriptionId) {
      await db
        .update(twitchConnection)
        .set({ needsReconnect: true, reconnectReason: reason, subscriptions: connection.subscriptions.filter((s) => s.id !== subscriptionId) })
        .where(eq(twitchConnection.id, 1));
      return { kind: 'result', result: 'revoked' };
    }
    return { kind: 'result', result: 'ignored' };
  }
  return { kind: 'result', result: row.acted ? 'stored' : 'ignored' };
}

const BATCH = 100;

const TWITCH_BADGES: Record<string, ChatBadge> = {
  broadcaster: 'broadcaster',
  moderator: 'moderator',
  vip: 'vip',
  subscriber: 'subscriber',
  founder: 'subscriber',
};

/**
 * A Twitch chat message: it marks its sender present (stream_twitch_chatters, for stream points);
 * one carrying a UID asks to link that Twitch account (the owner confirms on
 * the profile), as on Kick; a command ('!points', custom commands) is answered in Twitch chat.
 */
async function onTwitchChat(
  tx: Tx,
  chat: Pick<ChatRegistry, 'command'>,
  body: unknown,
  broadcaster: string,
  site: string,
  now: Date,
  replies: ChatReply[],
  sentAt: Date,
): Promise<void> {
  const event = ((body as { event?: unknown }).event ?? {}) as {
    chatter_user_id?: unknown;
    chatter_user_login?: unknown;
    chatter_user_name?: unknown;
    message_id?: unknown;
    message?: { text?: unknown };
    badges?: unknown;
  };
  const chatterId = str(event.chatter_user_id);
  const login = str(event.chatter_user_login);
  const text = typeof event.message?.text === 'string' ? event.message.text : '';
  if (!chatterId || !login || chatterId === broadcaster) return;
  const badgeSets = (Array.isArray(event.badges) ? event.badges : []).map((b) => String((b as { set_id?: unknown }).set_id));
  const presenceName = (str(event.chatter_user_name) ?? login).slice(0, 100);
  // Presence for stream points: the message's time (the delivery's), and a subscriber mark from its badges.
  await tx
    .insert(streamTwitchChatters)
    .values({ twitchUserId: chatterId, username: presenceName, lastChatAt: sentAt, isSubscriber: badgeSets.some((b) => b === 'subscriber' || b === 'founder') })
    .onConflictDoUpdate({
      target: streamTwitchChatters.twitchUserId,
      set: {
        username: presenceName,
        lastChatAt: sql`greatest(${streamTwitchChatters.lastChatAt}, excluded.last_chat_at)`,
        isSubscriber: sql`${streamTwitchChatters.isSubscriber} or excluded.is_subscriber`,
      },
    });
  const uid = uidIn(text);
  const command = uid ? null : commandOf(text);
  if (!uid && !command) return;
  const rules = await streamRules(tx);
  if (rules.ignoredUsernames.includes(login.toLowerCase())) return;
  if (!(await isBotFeatureOn(tx, 'commands'))) return;
  const username = (str(event.chatter_user_name) ?? login).slice(0, 100);
  const replyTo = str(event.message_id);
  if (uid) {
    const outcome = await requestChatLink(tx, { platform: 'twitch', uid, platformUserId: chatterId, username, now });
    const reply = linkRequestReply(outcome, username, site);
    if (reply) replies.push({ content: reply, replyTo });
    return;
  }
  const badges = (Array.isArray(event.badges) ? event.badges : [])
    .map((b) => TWITCH_BADGES[String((b as { set_id?: unknown }).set_id)])
    .filter((b): b is ChatBadge => b !== undefined);
  const viewer = { platform: 'twitch' as const, platformUserId: chatterId, username, badges: [...new Set(badges)] };
  const reply = await runCommand(chat, command!, { tx, viewer, site, now, args: commandArgs(text) });
  if (reply) replies.push({ content: reply, replyTo });
}

/** A Twitch viewer is a subscriber from now on (their presence's multiplier). */
async function markTwitchSubscriber(tx: Tx, id: string, username: string): Promise<void> {
  await tx
    .insert(streamTwitchChatters)
    .values({ twitchUserId: id, username, lastChatAt: new Date(0), isSubscriber: true })
    .onConflictDoUpdate({ target: streamTwitchChatters.twitchUserId, set: { isSubscriber: true, username } });
}

const BONUS_TYPES = new Set(['channel.follow', 'channel.subscribe', 'channel.subscription.message', 'channel.subscription.gift']);

/**
 * A follow, subscription, resubscription or subscription gift on Twitch: its bonus (the stream rules'
 * followBonus, subscriptionBonus, giftBonus a gifted subscription) to the Twitch viewer, through
 * creditBonus (linked: the ledger; not: the Twitch account's holding balance). Once per event: a
 * follow once per follower, the others by their EventSub message id (Twitch's retries keep it). A
 * gifted subscription's channel.subscribe marks the recipient a subscriber; the gifter earns the gift
 * (an anonymous gift earns nobody). Cheers are not worked yet.
 */
async function onTwitchBonus(tx: Tx, type: string, messageId: string, body: unknown, broadcaster: string, at: Date): Promise<void> {
  const event = ((body as { event?: unknown }).event ?? {}) as Record<string, unknown>;
  const id = str(event.user_id);
  if (!id) return;
  const username = (str(event.user_name) ?? str(event.user_login) ?? id).slice(0, 100);
  const viewer = { kickUserId: id, username };
  const rules = await streamRules(tx);
  const bonus = (key: string, reason: 'stream_follow' | 'stream_subscription' | 'stream_gift', amount: number, note: string) =>
    creditBonus(tx, { key, viewer, reason, amount, note, at, platform: 'twitch' }, broadcaster);
  if (type === 'channel.follow') {
    await bonus(`twitch:follow:${id}`, 'stream_follow', rules.followBonus, 'Followed the channel on Twitch');
    return;
  }
  if (type === 'channel.subscribe' || type === 'channel.subscription.message') {
    await markTwitchSubscriber(tx, id, username);
    if (type === 'channel.subscribe' && event.is_gift === true) return;
    const note = type === 'channel.subscribe' ? 'New subscription on Twitch' : 'Subscription renewed on Twitch';
    await bonus(`twitch:${messageId}`, 'stream_subscription', rules.subscriptionBonus, note);
    return;
  }
  if (type === 'channel.subscription.gift' && event.is_anonymous !== true) {
    const count = typeof event.total === 'number' && Number.isInteger(event.total) && event.total > 0 ? Math.min(event.total, 1000) : 1;
    await bonus(`twitch:${messageId}`, 'stream_gift', rules.giftBonus * count, `Gifted ${count} subscription${count === 1 ? '' : 's'} on Twitch`);
  }
}

/**
 * The Twitch events job: the stored notifications of the connected broadcaster, oldest first, each
 * once (FOR UPDATE SKIP LOCKED, marked processed in the transaction of its work). It acts on
 * stream.online and stream.offline (the card's Live, the outgoing stream.online/offline webhooks),
 * follows, subscriptions and gifts (their bonuses) and chat messages (presence; a UID asks to link,
 * a command is answered in Twitch chat); the other types (cheers) are recorded (the card's last
 * event) and marked processed. Returns the bot's replies for Twitch chat.
 */
export async function processTwitchEvents(
  db: Database,
  chat: Pick<ChatRegistry, 'command'>,
  site: string,
  now: Date,
): Promise<{ processed: number; replies: ChatReply[] }> {
  return db.transaction(async (tx) => {
    const events = await tx
      .select()
      .from(twitchEventsubMessages)
      .where(and(isNull(twitchEventsubMessages.processedAt), lte(twitchEventsubMessages.receivedAt, now)))
      .orderBy(asc(twitchEventsubMessages.receivedAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const replies: ChatReply[] = [];
    const [connection] = events.length > 0 ? await tx.select().from(twitchConnection).where(eq(twitchConnection.id, 1)) : [];
    for (const row of events) {
      // Stored while its channel was connected; one disconnected or replaced since then acts on nothing.
      const broadcaster = str((row.body as { event?: { broadcaster_user_id?: unknown } }).event?.broadcaster_user_id);
      const isConnected = connection !== undefined && broadcaster === connection.broadcasterUserId;
      if (isConnected && BONUS_TYPES.has(row.type)) await onTwitchBonus(tx, row.type, row.messageId, row.body, connection.broadcasterUserId, row.receivedAt);
      if (isConnected && row.type === 'channel.chat.message')
        await onTwitchChat(tx, chat, row.body, connection.broadcasterUserId, site, now, replies, row.receivedAt);
      if (isConnected && (row.type === 'stream.online' || row.type === 'stream.offline')) {
        const isLive = row.type === 'stream.online';
        const event = ((row.body as { event?: { started_at?: unknown } }).event ?? {}) as { started_at?: unknown };
        const started = typeof event.started_at === 'string' && !Number.isNaN(Date.parse(event.started_at)) ? new Date(event.started_at) : row.receivedAt;
        await tx
          .update(twitchConnection)
          .set(isLive ? { isLive: true, liveSince: started } : { isLive: false, liveSince: null })
          .where(eq(twitchConnection.id, 1));
        if (connection.isLive !== isLive) {
          const data = isLive
            ? { startedAt: started.toISOString(), summary: 'The stream is live on Twitch', platform: 'twitch' }
            : { summary: 'The stream has ended on Twitch', platform: 'twitch' };
          await enqueueWebhookEvent(tx, isLive ? 'stream.online' : 'stream.offline', data, now);
          connection.isLive = isLive;
        }
      }
      await tx.update(twitchEventsubMessages).set({ processedAt: now }).where(eq(twitchEventsubMessages.messageId, row.messageId));
    }
    return { processed: events.length, replies };
  });
}

/** Delivery ids are kept a day (the replay record, and the card's last event), then purged. */
export async function purgeTwitchEvents(db: Database, now: Date): Promise<number> {
  const gone = await db
    .delete(twitchEventsubMessages)
    .where(and(lt(twitchEventsubMessages.receivedAt, new Date(now.getTime() - RETENTION_MS)), sql`${twitchEventsubMessages.processedAt} is not null`))
    .returning({ id: twitchEventsubMessages.messageId });
  return gone.length;
}

import { setImmediate as nextTurn, setTimeout as pause } from 'node:timers/promises';
import { and, asc, eq, isNull, lt, lte, notInArray, sql, type SQLWrapper, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { streamChatters, streamConnection, streamEvents } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { isInProcessDatabase, queryPrepared } from '../../lib/prepared.ts';
import { recordAudit } from '../../platform/audit.ts';
import { enqueueWebhookEvent } from '../../platform/outbox.ts';
import { recordPlatformChatBan } from '../../platform/restrictions.ts';
import { isBotFeatureOn } from './bot-features.ts';
import { commandArgs, commandOf, runCommand } from './commands.ts';
import { creditBonus } from './crediting.ts';
import { isKickEventType, kickBroadcasterOf, kickChatMessageOf, kickEventOf } from './kick/kick-adapter.ts';
import { linkRequestReply, requestKickLink, uidIn } from './kick-linking.ts';
import type { ChatHook, ChatRegistry } from './registry.ts';
import { streamRules } from './rules.ts';
import { publishStreamAlert } from './stream-alerts.ts';
import {
  isSubscriber,
  PLATFORM_NAMES,
  type ChatBan,
  type ChatEvent,
  type ChatFollow,
  type ChatGift,
  type ChatLiveStatus,
  type ChatMessage,
  type ChatModerationAction,
  type ChatReply,
  type ChatSubscription,
  type ChatViewer,
} from './types.ts';
import { viewerAccountOf } from './viewer-account.ts';

/**
 * The platform's webhook events: the webhook stores each one (stream_events, by its message id) and
 * answers at once; this job does the work after, exactly once: each event is taken with FOR UPDATE
 * SKIP LOCKED and marked processed in the transaction of its work, so two servers never both do it
 * and a failure leaves it for the next run. The platform's adapter (kick/kick-adapter.ts) maps each
 * stored event to a neutral one (types.ts), which its handler below works; the features' hooks and
 * commands come from the registry (app.chat).
 */

type EventRow = typeof streamEvents.$inferSelect;
type Connection = typeof streamConnection.$inferSelect | null;
/** What the job reads of the registry. */
export type ChatHandlers = Pick<ChatRegistry, 'hooks' | 'command'>;
type HandlerCall = {
  tx: Tx;
  chat: ChatHandlers;
  event: EventRow;
  connection: Connection;
  site: string;
  replies: ChatReply[];
  actions: ChatModerationAction[];
  at: Date;
};

/**
 * A batch's events hold the database for its transaction; on PGlite that is the server's one thread,
 * so the batch is kept small enough (some 10 ms there) that a webhook never waits long behind one.
 */
const BATCH = 100;

const broadcasterOf = (c: Connection) => c?.broadcasterUserId ?? null;

/** Whether an event's body names the connected broadcaster (the webhook stores only those). */
function isConnectedChannels(connection: Connection, body: unknown): boolean {
  const broadcaster = kickBroadcasterOf(body);
  return connection !== null && broadcaster !== null && broadcaster === connection.broadcasterUserId;
}

/** The bonus earner as crediting knows them. */
const earner = (viewer: ChatViewer) => ({ kickUserId: viewer.platformUserId, username: viewer.username });

async function markSubscriber(tx: Tx, viewer: ChatViewer): Promise<void> {
  await tx
    .insert(streamChatters)
    .values({ kickUserId: viewer.platformUserId, username: viewer.username, lastChatAt: new Date(0), isSubscriber: true })
    .onConflictDoUpdate({ target: streamChatters.kickUserId, set: { isSubscriber: true, username: viewer.username } });
}

async function onMessage(message: ChatMessage, { tx, chat, event, connection, site, replies, actions, at }: HandlerCall): Promise<void> {
  const sender = message.viewer;
  // Presence counts from when the message was sent (a late delivery still counts for its block).
  const sentAt = message.sentAt ?? event.receivedAt;
  await tx
    .insert(streamChatters)
    .values({ kickUserId: sender.platformUserId, username: sender.username, lastChatAt: sentAt, isSubscriber: isSubscriber(sender) })
    .onConflictDoUpdate({
      target: streamChatters.kickUserId,
      set: {
        username: sender.username,
        lastChatAt: sql`greatest(${streamChatters.lastChatAt}, excluded.last_chat_at)`,
        isSubscriber: sql`${streamChatters.isSubscriber} or excluded.is_subscriber`,
      },
    });
  if (sender.platformUserId === broadcasterOf(connection)) return;
  for (const hook of chat.hooks()) {
    if ((await hook.run({ tx, message, sender, connection, site, at, receivedAt: event.receivedAt, replies, actions })) === 'stop') return;
  }
  const rules = await streamRules(tx);
  if (rules.ignoredUsernames.includes(sender.username.toLowerCase())) return;
  if (!(await isBotFeatureOn(tx, 'commands'))) return;
  const uid = uidIn(message.content);
  if (uid) {
    const outcome = await requestKickLink(tx, { uid, kickUserId: sender.platformUserId, kickUsername: sender.username, now: at });
    const reply = linkRequestReply(outcome, sender.username, site);
    if (reply && connection) replies.push({ content: reply, replyTo: message.id });
    return;
  }
  const command = commandOf(message.content);
  if (!command || !connection) return;
  const reply = await runCommand(chat, command, { tx, viewer: sender, site, now: at, args: commandArgs(message.content) });
  if (reply) replies.push({ content: reply, replyTo: message.id });
}

async function onFollow({ key, follower }: ChatFollow, { tx, connection, at }: HandlerCall): Promise<void> {
  const rules = await streamRules(tx);
  await creditBonus(
    tx,
    { key, viewer: earner(follower), reason: 'stream_follow', amount: rules.followBonus, note: 'Followed the channel', at },
    broadcasterOf(connection),
  );
}

async function onSubscription({ key, subscriber, isRenewal }: ChatSubscription, { tx, connection, at }: HandlerCall): Promise<void> {
  await markSubscriber(tx, subscriber);
  if (!key) return;
  const rules = await streamRules(tx);
  const note = isRenewal ? 'Subscription renewed' : 'New subscription';
  await creditBonus(
    tx,
    { key, viewer: earner(subscriber), reason: 'stream_subscription', amount: rules.subscriptionBonus, note, at },
    broadcasterOf(connection),
  );
}

async function onGift(gift: ChatGift, { tx, connection, at }: HandlerCall): Promise<void> {
  if (gift.kind === 'subscriptions') {
    for (const giftee of gift.giftees) await markSubscriber(tx, giftee);
    if (!gift.gifter || !gift.key) return;
    const rules = await streamRules(tx);
    const count = gift.giftees.length;
    await creditBonus(
      tx,
      {
        key: gift.key,
        viewer: earner(gift.gifter),
        reason: 'stream_gift',
        amount: rules.giftBonus * count,
        note: `Gifted ${count} subscription${count === 1 ? '' : 's'}`,
        at,
      },
      broadcasterOf(connection),
    );
    return;
  }
  if (!gift.key) return;
  const rules = await streamRules(tx);
  const amount = gift.amount * rules.pointsPerKick;
  await creditBonus(
    tx,
    { key: gift.key, viewer: earner(gift.sender), reason: 'stream_kicks', amount, note: `Sent ${gift.amount} ${gift.currency}`, at },
    broadcasterOf(connection),
  );
}

async function onLive(status: ChatLiveStatus, { tx, at }: HandlerCall): Promise<void> {
  const startedAt = status.startedAt ?? at;
  const [before] = await tx.select({ isLive: streamConnection.isLive }).from(streamConnection).where(eq(streamConnection.id, 1));
  await tx
    .update(streamConnection)
    .set(status.isLive ? { isLive: true, liveSince: startedAt } : { isLive: false, liveSince: null })
    .where(eq(streamConnection.id, 1));
  if (before && before.isLive !== status.isLive) {
    const data = status.isLive ? { startedAt: startedAt.toISOString(), summary: 'The stream is live' } : { summary: 'The stream has ended' };
    await enqueueWebhookEvent(tx, status.isLive ? 'stream.online' : 'stream.offline', data, at);
  }
}

async function onBan({ viewer, reason, expiresAt }: ChatBan, { tx, chat, at }: HandlerCall): Promise<void> {
  const linked = await viewerAccountOf(tx, viewer.platform, viewer.platformUserId);
  if (!linked) return;
  if (expiresAt && expiresAt.getTime() <= at.getTime()) return;
  const platform = PLATFORM_NAMES[viewer.platform];
  // The platform sends no unban event: the restriction ends at its expiry (a permanent ban holds until an admin lifts it).
  const restrictionId = await recordPlatformChatBan(tx, {
    userId: linked.id,
    expiresAt,
    reason: `Banned in ${platform} chat${reason ? `: ${reason.slice(0, 200)}` : ''}`,
    at,
  });
  // In force in the platform's chat already: the hooks (chat moderation) take note, so it is not put in force again on top of it.
  for (const hook of chat.hooks()) await hook.onPlatformBan?.({ tx, restrictionId, until: expiresAt, at });
  await recordAudit(tx, {
    action: 'restriction.apply',
    targetType: 'user',
    targetId: linked.id,
    changes: {
      summary: `Chat restriction from a ${platform} ban (done by ${platform})`,
      kind: 'ban_chat',
      expiresAt: expiresAt?.toISOString() ?? null,
      by: viewer.platform,
    },
    at,
  });
}

async function handle(chatEvent: ChatEvent, call: HandlerCall): Promise<void> {
  switch (chatEvent.kind) {
    case 'message':
      return onMessage(chatEvent.message, call);
    case 'follow':
      return onFollow(chatEvent.follow, call);
    case 'subscription':
      return onSubscription(chatEvent.subscription, call);
    case 'gift':
      return onGift(chatEvent.gift, call);
    case 'live':
      return onLive(chatEvent.status, call);
    case 'ban':
      return onBan(chatEvent.ban, call);
  }
}

/**
 * Whether chat the webhook received before `before` (a column, such as a giveaway's
 * closing time) still waits for the events job: for a feature that must not act before the chat it
 * counts has been handled. A condition for the feature's own statement.
 */
export function chatPendingBeforeSql(before: SQLWrapper): SQL {
  return sql`exists (select 1 from ${streamEvents} where ${streamEvents.processedAt} is null
    and ${streamEvents.type} = 'chat.message.sent' and ${streamEvents.receivedAt} < ${before})`;
}

// The webhook's hot path: one prepared statement (parsed and planned once per connection) for a
// batch of deliveries given as one JSON array. An event the stream stores is its own replay record
// (stream_events' key; processed events are kept a day, like the ids below), so it is written once,
// to one table; only the others (types the stream does not handle, another broadcaster's, any while
// no channel is connected) go to kick_webhook_messages. Kick signs every app's deliveries with one
// key, so a valid signature does not say the event is our channel's: until a channel is connected
// nothing is ours, and after it only the connected broadcaster's events are. Which table an id goes
// to depends only on its signed body and the connected channel, so a replay meets its first
// delivery's row. The ids are inserted in order, so two writers
// whose batches share ids (replays) take their locks in the same order and cannot deadlock; each
// event's seq is still drawn in the order its delivery was read, so the job takes events received in
// the same millisecond in their order of arrival.
const RECORD_DELIVERIES = `
  with input as (
    select *, i.handled and exists (select 1 from stream_connection c where c.id = 1 and c.broadcaster_user_id = i.broadcaster) as keep
    from json_to_recordset($1::json)
      as i(message_id text, type text, body jsonb, handled boolean, broadcaster text, received_at timestamptz, ord int)
  ), numbered as (
    -- seq in the order the deliveries were read (a volatile call is evaluated after the ORDER BY)
    select *, nextval(pg_get_serial_sequence('stream_events', 'seq')) as seq from input where keep order by ord
  ), stored as (
    insert into stream_events (message_id, type, body, received_at, seq)
    select message_id, type, body, received_at, seq from numbered order by message_id
    on conflict do nothing returning message_id
  ), other as (
    insert into kick_webhook_messages (message_id, received_at) select message_id, received_at from input where not keep order by message_id
    on conflict do nothing returning message_id
  )
  select coalesce((select json_agg(message_id) from (select message_id from stored union all select message_id from other) s), '[]'::json) as seen,
    coalesce((select json_agg(message_id) from stored), '[]'::json) as stored`;

export type Delivery = { messageId: string; type: string | undefined; body: unknown; now: Date };
export type DeliveryOutcome = { seen: boolean; stored: boolean };

type Pending = { delivery: Delivery; resolve: (outcome: DeliveryOutcome) => void; reject: (error: unknown) => void };

/**
 * The webhook's storing step: records each message id (the replay check) and stores the event,
 * unless the stream does not handle it, no channel is connected, or it is another broadcaster's.
 * `seen` false: the id was received before. Deliveries that arrive while the writers are busy wait
 * and then go together in one statement and one commit (group commit): an idle server writes each
 * at once, a busy one many per commit. On PostgreSQL a few writers run at once (one alone waits on
 * each commit's round trip and flush while the server idles; the database overlaps the commits); on
 * PGlite one, as its statements run one at a time on this thread anyway. A delivery that finds a
 * writer free still waits one turn of the event loop, in which the requests already read join it.
 * On PGlite a write settles without a turn, so without that wait a queue never formed there: each
 * delivery was its own statement and commit (about a millisecond each, most of the webhook's cost).
 * On PostgreSQL it means fewer, larger statements to send (benchmark: docs/performance.md).
 */
export function deliveryRecorder(db: Database, writers = isInProcessDatabase(db) ? 1 : 4): (delivery: Delivery) => Promise<DeliveryOutcome> {
  let queue: Pending[] = [];
  let busy = 0;
  let gathering = false;

  async function flush(): Promise<void> {
    busy += 1;
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      // An id twice in one batch: the second is a replay (the statement would see both as new).
      const first = new Map<string, Pending>();
      const repeats: Pending[] = [];
      for (const p of batch) {
        if (first.has(p.delivery.messageId)) repeats.push(p);
        else first.set(p.delivery.messageId, p);
      }
      try {
        const rows = [...first.values()].map(({ delivery: d }, ord) => {
          const handled = isKickEventType(d.type) && typeof d.body === 'object' && d.body !== null;
          return {
            message_id: d.messageId,
            type: d.type ?? '',
            body: handled ? d.body : {},
            handled,
            broadcaster: String((d.body as { broadcaster?: { user_id?: unknown } } | null)?.broadcaster?.user_id ?? ''),
            received_at: d.now.toISOString(),
            ord,
          };
        });
        const [row] = await queryPrepared<{ seen: string[] | string; stored: string[] | string }>(db, 'stream_record_deliveries', RECORD_DELIVERIES, [
          JSON.stringify(rows),
        ]);
        const list = (v: string[] | string | undefined) => new Set<string>(typeof v === 'string' ? (JSON.parse(v) as string[]) : (v ?? []));
        const seen = list(row?.seen);
        const stored = list(row?.stored);
        for (const [id, p] of first) p.resolve({ seen: seen.has(id), stored: stored.has(id) });
        for (const p of repeats) p.resolve({ seen: false, stored: false });
      } catch (error) {
        for (const p of batch) p.reject(error);
      }
    }
    busy -= 1;
  }

  return (delivery) =>
    new Promise<DeliveryOutcome>((resolve, reject) => {
      queue.push({ delivery, resolve, reject });
      if (busy >= writers || gathering) return;
      gathering = true;
      setImmediate(() => {
        gathering = false;
        if (busy < writers) void flush();
      });
    });
}

type PlainChat = { kickUserId: string; username: string; sentAt: Date; isSubscriber: boolean };

/**
 * A chat message with nothing to do but presence (no UID, no command, not the broadcaster's): the
 * great majority, handled in bulk. Anything else goes through its handler one event at a time.
 */
function plainChat(event: EventRow, { broadcasterUserId, hooksWant }: ChatState): PlainChat | null {
  if (event.type !== 'chat.message.sent') return null;
  const message = kickChatMessageOf(event.body);
  if (!message) return null;
  const { viewer, content } = message;
  if (viewer.platformUserId === broadcasterUserId || uidIn(content) || commandOf(content)) return null;
  if (hooksWant.some((wants) => wants(message))) return null;
  return { kickUserId: viewer.platformUserId, username: viewer.username, sentAt: message.sentAt ?? event.receivedAt, isSubscriber: isSubscriber(viewer) };
}

/** What decides whether a chat message is plain: the connected broadcaster and the chat hooks' tests. */
type ChatState = { broadcasterUserId: string | null; hooksWant: ((message: ChatMessage) => boolean)[] };

/**
 * Read once per run, in its first batch with events, not per batch (on PGlite these reads were a
 * third of a small batch's time). A run therefore takes only the events received by its `now`:
 * each is classified by the state as it was at or after the event arrived, as when the state was
 * read per batch. A giveaway's keyword or a blocked word added while a run works applies to the
 * messages received after it, in the next run.
 */
async function readChatState(tx: Tx, hooks: readonly ChatHook[], now: Date): Promise<ChatState> {
  const [connection] = await tx.select({ id: streamConnection.broadcasterUserId }).from(streamConnection).where(eq(streamConnection.id, 1));
  // One after another: the statements share the transaction's one connection.
  const hooksWant: ChatState['hooksWant'] = [];
  for (const hook of hooks) {
    const wants = await hook.wants(tx, now);
    if (wants !== null) hooksWant.push(wants);
  }
  return { broadcasterUserId: connection?.id ?? null, hooksWant };
}

/**
 * One batch: up to BATCH unprocessed events received by `now`, in order of arrival, taken FOR
 * UPDATE SKIP LOCKED. The plain chat messages among them get their presence in one upsert and are
 * marked processed together; the others' ids are returned, in order, for the one-at-a-time lane. So
 * a plain message never goes one at a time, however many arrive while a run works.
 */
async function takeBatch(
  db: Database,
  hooks: readonly ChatHook[],
  now: Date,
  run: { state?: ChatState },
  failed: ReadonlySet<string>,
): Promise<{ plain: number; others: string[]; full: boolean }> {
  return db.transaction(async (tx) => {
    const pending = and(isNull(streamEvents.processedAt), lte(streamEvents.receivedAt, now));
    const events = await tx
      .select()
      .from(streamEvents)
      .where(failed.size > 0 ? and(pending, notInArray(streamEvents.messageId, [...failed])) : pending)
      .orderBy(asc(streamEvents.receivedAt), asc(streamEvents.seq))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (events.length === 0) return { plain: 0, others: [], full: false };
    const state = (run.state ??= await readChatState(tx, hooks, now));
    const latest = new Map<string, PlainChat>();
    const ids: string[] = [];
    const others: string[] = [];
    for (const event of events) {
      const chat = plainChat(event, state);
      if (!chat) {
        others.push(event.messageId);
        continue;
      }
      ids.push(event.messageId);
      const seen = latest.get(chat.kickUserId);
      latest.set(chat.kickUserId, {
        ...chat,
        sentAt: seen && seen.sentAt > chat.sentAt ? seen.sentAt : chat.sentAt,
        isSubscriber: chat.isSubscriber || (seen?.isSubscriber ?? false),
      });
    }
    if (ids.length > 0) {
      // One statement with the batch as two JSON parameters: far cheaper to send and plan than a
      // multi-row VALUES of four parameters a row (on PGlite it holds the database's one connection).
      const chatters = [...latest.values()].map((c) => ({
        kick_user_id: c.kickUserId,
        username: c.username,
        last_chat_at: c.sentAt.toISOString(),
        is_subscriber: c.isSubscriber,
      }));
      await tx.execute(sql`
        with presence as (
          insert into stream_chatters (kick_user_id, username, last_chat_at, is_subscriber)
          select kick_user_id, username, last_chat_at, is_subscriber
          from json_to_recordset(${JSON.stringify(chatters)}::json) as c(kick_user_id text, username text, last_chat_at timestamptz, is_subscriber boolean)
          order by kick_user_id
          on conflict (kick_user_id) do update set
            username = excluded.username,
            last_chat_at = greatest(stream_chatters.last_chat_at, excluded.last_chat_at),
            is_subscriber = stream_chatters.is_subscriber or excluded.is_subscriber
        )
        update stream_events set processed_at = ${now.toISOString()}::timestamptz
        where message_id in (select json_array_elements_text(${JSON.stringify(ids)}::json))`);
    }
    return { plain: ids.length, others, full: events.length === BATCH };
  });
}

/** A run takes at most this many batches (5,000 events), so one run cannot hold the job forever under a flood. */
const BATCHES_PER_RUN = 50;
/**
 * Between two batches the run waits this long. On PGlite a statement's promise settles without a
 * turn of the event loop, so back-to-back batches would keep the server from reading any request
 * (webhooks included) until the run ends; a mere turn lets the requests in but runs the next batch
 * before their writes. A short pause lets them be read, stored and answered first, and still leaves
 * the job most of a flood's time (benchmark: docs/performance.md).
 */
const PAUSE_MS = 3;

/**
 * The job: the stored events, oldest first, each once, with the registry's hooks and commands.
 * Returns the events done and the replies and moderation calls to make. An event that is not plain chat is handled in its own transaction, which takes
 * it again FOR UPDATE SKIP LOCKED and only while unprocessed (another server's run may have it).
 */
export async function processStreamEvents(
  db: Database,
  chat: ChatHandlers,
  site: string,
  now: Date,
  onError?: (error: unknown, messageId: string) => void,
): Promise<{ processed: number; replies: ChatReply[]; actions: ChatModerationAction[] }> {
  const replies: ChatReply[] = [];
  const actions: ChatModerationAction[] = [];
  let processed = 0;
  const failed = new Set<string>();
  const run: { state?: ChatState } = {};
  for (let batches = 0; batches < BATCHES_PER_RUN; batches += 1) {
    if (batches > 0) await pause(PAUSE_MS);
    const batch = await takeBatch(db, chat.hooks(), now, run, failed);
    processed += batch.plain;
    for (const id of batch.others) {
      await nextTurn();
      try {
        const done = await db.transaction(async (tx) => {
          const [event] = await tx
            .select()
            .from(streamEvents)
            .where(and(eq(streamEvents.messageId, id), isNull(streamEvents.processedAt)))
            .for('update', { skipLocked: true });
          if (!event) return null;
          const [connection] = await tx.select().from(streamConnection).where(eq(streamConnection.id, 1));
          const mine = { replies: [] as ChatReply[], actions: [] as ChatModerationAction[] };
          // Stored while its channel was connected; one disconnected or replaced since then acts on nothing.
          const chatEvent = isKickEventType(event.type) && isConnectedChannels(connection ?? null, event.body) ? kickEventOf(event.type, event.body) : null;
          if (chatEvent) await handle(chatEvent, { tx, chat, event, connection: connection ?? null, site, ...mine, at: now });
          // The overlay's alerts (follows, subscriptions, gifts, KICKs), announced when this commits.
          if (chatEvent) await publishStreamAlert(tx, chatEvent, event.messageId);
          await tx.update(streamEvents).set({ processedAt: now }).where(eq(streamEvents.messageId, event.messageId));
          return mine;
        });
        if (!done) continue;
        replies.push(...done.replies);
        actions.push(...done.actions);
        processed += 1;
      } catch (error) {
        // An event whose work fails stays unprocessed for the next run (a database blip passes), and is
        // left out of the rest of this one, so it cannot hold up the events after it.
        failed.add(id);
        onError?.(error, id);
      }
    }
    if (!batch.full) break;
  }
  return { processed, replies, actions };
}

/** Processed events are kept a day (the admin's "last event"), then purged. */
export async function purgeStreamEvents(db: Database, now: Date): Promise<number> {
  const gone = await db
    .delete(streamEvents)
    .where(and(lt(streamEvents.receivedAt, new Date(now.getTime() - 86_400_000)), sql`${streamEvents.processedAt} is not null`))
    .returning({ id: streamEvents.messageId });
  return gone.length;
}

import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, max } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { twitchConnection, twitchEventsubMessages, twitchOauthStates } from '../../../db/schema.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../../platform/audit.ts';
import type { SecretBox } from '../../../platform/secret-box.ts';
import type { BotChat } from '../bot-chat.ts';
import { assertConnectingAdmin, badState } from '../connection.ts';
import type { TwitchClient, TwitchTokens } from './twitch-client.ts';

/**
 * The connected Twitch channel: OAuth authorization code. The state is single use, expires after 10
 * minutes and is bound to the admin's session and browser as Kick's is (its hash with a random
 * binding that goes to the browser in an httpOnly cookie scoped to the callback). The broadcaster's
 * tokens are sealed with the secret box; the EventSub webhook subscriptions are made with the app
 * token (client credentials) for APP_ORIGIN/api/integrations/twitch/eventsub.
 */

const STATE_TTL_MS = 10 * 60 * 1000;
const REFRESH_MARGIN_MS = 10 * 60 * 1000;
export const TWITCH_BINDING_COOKIE = 'twitch_oauth';
export const TWITCH_CALLBACK_PATH = '/api/integrations/twitch/callback';
export const TWITCH_EVENTSUB_PATH = '/api/integrations/twitch/eventsub';

/** Reading and sending chat as the broadcaster, followers, chatters, subscriptions, bits, bans and message deletion. */
export const TWITCH_SCOPES = [
  'user:read:chat',
  'user:write:chat',
  'user:bot',
  'channel:bot',
  'moderator:read:followers',
  'moderator:read:chatters',
  'channel:read:subscriptions',
  'bits:read',
  'moderator:manage:banned_users',
  'moderator:manage:chat_messages',
].join(' ');

/** The EventSub subscriptions the channel needs (type, version, and its condition for broadcaster `b`). */
export const TWITCH_EVENTS: { type: string; version: string; condition: (b: string) => Record<string, string> }[] = [
  { type: 'channel.chat.message', version: '1', condition: (b) => ({ broadcaster_user_id: b, user_id: b }) },
  { type: 'channel.follow', version: '2', condition: (b) => ({ broadcaster_user_id: b, moderator_user_id: b }) },
  { type: 'channel.subscribe', version: '1', condition: (b) => ({ broadcaster_user_id: b }) },
  { type: 'channel.subscription.message', version: '1', condition: (b) => ({ broadcaster_user_id: b }) },
  { type: 'channel.subscription.gift', version: '1', condition: (b) => ({ broadcaster_user_id: b }) },
  { type: 'channel.cheer', version: '1', condition: (b) => ({ broadcaster_user_id: b }) },
  { type: 'stream.online', version: '1', condition: (b) => ({ broadcaster_user_id: b }) },
  { type: 'stream.offline', version: '1', condition: (b) => ({ broadcaster_user_id: b }) },
];

/** What the Twitch services share: the client (null without TWITCH_CLIENT_ID), the secret box and the URLs. */
export type TwitchContext = {
  client: TwitchClient | null;
  /** The bot's paced chat queue for Twitch chat (one message a second, under Twitch's 100 per 30 s). */
  bot: BotChat;
  box: SecretBox;
  eventsubSecret: string | null;
  redirectUri: string;
  callbackUrl: string;
};

type TwitchRow = typeof twitchConnection.$inferSelect;

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const tokenContext = (kind: 'access' | 'refresh') => `twitch_connection:1:${kind}`;

export function requireTwitch(ctx: TwitchContext): TwitchClient {
  if (!ctx.client || !ctx.eventsubSecret) {
    throw new AppError('STREAM_NOT_CONFIGURED', 'Set TWITCH_CLIENT_ID, TWITCH_CLIENT_SECRET and TWITCH_EVENTSUB_SECRET to connect a Twitch channel.');
  }
  return ctx.client;
}

export async function twitchConnectionRow(db: Database): Promise<TwitchRow | null> {
  const [row] = await db.select().from(twitchConnection).where(eq(twitchConnection.id, 1));
  return row ?? null;
}

/** POST /api/admin/stream/twitch/connect: the authorize URL, and the browser binding for the cookie. */
export async function startTwitchConnect(
  db: Database,
  ctx: TwitchContext,
  admin: { userId: string; sessionId: string },
  now: Date,
): Promise<{ url: string; binding: string }> {
  const client = requireTwitch(ctx);
  const state = randomBytes(32).toString('base64url');
  const binding = randomBytes(32).toString('base64url');
  await db.delete(twitchOauthStates).where(lt(twitchOauthStates.expiresAt, now));
  await db.insert(twitchOauthStates).values({
    stateHash: sha256(`${state}.${binding}`),
    adminId: admin.userId,
    sessionId: admin.sessionId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + STATE_TTL_MS),
  });
  return { url: client.authorizeUrl({ redirectUri: ctx.redirectUri, scope: TWITCH_SCOPES, state }), binding };
}

function sealedTokens(ctx: TwitchContext, tokens: TwitchTokens, now: Date) {
  return {
    scopes: tokens.scope,
    accessToken: ctx.box.seal(tokens.accessToken, tokenContext('access')),
    refreshToken: ctx.box.seal(tokens.refreshToken, tokenContext('refresh')),
    tokenExpiresAt: new Date(now.getTime() + tokens.expiresIn * 1000),
  };
}

/**
 * The app's subscriptions for this broadcaster and callback that are enabled or being verified; the
 * missing ones are created now (Twitch then sends each its challenge). Another broadcaster's left
 * from an earlier connection are deleted.
 */
async function ensureSubscriptions(client: TwitchClient, ctx: TwitchContext, broadcaster: string): Promise<{ id: string; event: string }[]> {
  const all = await client.subscriptions();
  const ours = all.filter((s) => s.callback === ctx.callbackUrl);
  for (const s of ours.filter((s) => s.broadcasterUserId !== broadcaster)) await client.unsubscribe(s.id).catch(() => undefined);
  const live = ours.filter((s) => s.broadcasterUserId === broadcaster && (s.status === 'enabled' || s.status.endsWith('_pending')));
  const byType = new Map(live.map((s) => [s.type, s]));
  const result: { id: string; event: string }[] = [...byType.values()].map((s) => ({ id: s.id, event: s.type }));
  for (const event of TWITCH_EVENTS) {
    if (byType.has(event.type)) continue;
    const created = await client.subscribe({
      type: event.type,
      version: event.version,
      condition: event.condition(broadcaster),
      callback: ctx.callbackUrl,
      secret: ctx.eventsubSecret!,
    });
    result.push({ id: created.id, event: event.type });
  }
  return result;
}

/**
 * GET /api/integrations/twitch/callback: takes the state (single use), checks the admin's session is
 * still live and an admin's, exchanges the code, reads the broadcaster, subscribes to the events and
 * stores the sealed tokens. A bad or reused state throws before anything changes.
 */
export async function finishTwitchConnect(
  db: Database,
  ctx: TwitchContext,
  input: { code: string | undefined; state: string | undefined; binding: string | undefined; ip: string | null; userAgent: string | null },
  now: Date,
): Promise<void> {
  const client = requireTwitch(ctx);
  if (!input.state || !input.binding || !input.code) throw badState();
  const stateHash = sha256(`${input.state}.${input.binding}`);
  const [taken] = await db
    .update(twitchOauthStates)
    .set({ usedAt: now })
    .where(and(eq(twitchOauthStates.stateHash, stateHash), isNull(twitchOauthStates.usedAt), gt(twitchOauthStates.expiresAt, now)))
    .returning();
  if (!taken) throw badState();
  await assertConnectingAdmin(db, taken);

  const tokens = await client.exchangeCode(input.code, ctx.redirectUri);
  const user = await client.currentUser(tokens.accessToken);
  const values = {
    id: 1,
    broadcasterUserId: user.id,
    login: user.login,
    ...sealedTokens(ctx, tokens, now),
    needsReconnect: false,
    reconnectReason: null,
    isLive: false,
    liveSince: null,
    subscriptions: [] as { id: string; event: string }[],
    connectedBy: taken.adminId,
    connectedAt: now,
  };
  // Stored first: the challenges and first events that follow the subscriptions find their channel.
  await db.transaction(async (tx) => {
    await tx.insert(twitchConnection).values(values).onConflictDoUpdate({ target: twitchConnection.id, set: values });
    await recordAudit(tx, {
      actorId: taken.adminId,
      ip: input.ip,
      userAgent: input.userAgent,
      action: 'stream.connect',
      targetType: 'stream',
      targetId: user.id,
      changes: { summary: `Twitch channel ${user.login} connected`, platform: 'twitch', scopes: tokens.scope },
      at: now,
    });
  });
  const subscriptions = await ensureSubscriptions(client, ctx, user.id);
  await db.update(twitchConnection).set({ subscriptions }).where(eq(twitchConnection.id, 1));
}

/** A usable user access token: the stored one, refreshed first when it expires within 10 minutes; a failed refresh marks the card "reconnect". */
export async function twitchAccessToken(db: Database, ctx: TwitchContext, now: Date): Promise<{ token: string; connection: TwitchRow }> {
  const client = requireTwitch(ctx);
  const connection = await twitchConnectionRow(db);
  if (!connection) throw new AppError('STREAM_NOT_CONNECTED', 'No Twitch channel is connected.');
  if (connection.tokenExpiresAt.getTime() - now.getTime() > REFRESH_MARGIN_MS) {
    return { token: ctx.box.open(connection.accessToken, tokenContext('access')), connection };
  }
  try {
    const tokens = await client.refresh(ctx.box.open(connection.refreshToken, tokenContext('refresh')));
    const [updated] = await db
      .update(twitchConnection)
      .set({ ...sealedTokens(ctx, tokens, now), needsReconnect: false, reconnectReason: null })
      .where(eq(twitchConnection.id, 1))
      .returning();
    return { token: tokens.accessToken, connection: updated ?? connection };
  } catch (error) {
    if (!connection.needsReconnect) {
      await db.transaction(async (tx) => {
        await tx.update(twitchConnection).set({ needsReconnect: true, reconnectReason: 'refresh_failed' }).where(eq(twitchConnection.id, 1));
        await recordAudit(tx, {
          action: 'stream.token_refresh_failed',
          targetType: 'stream',
          targetId: connection.broadcasterUserId,
          changes: { summary: 'Refreshing the Twitch token failed: reconnect the channel', platform: 'twitch' },
          at: now,
        });
      });
    }
    throw error;
  }
}

/** POST /api/admin/stream/twitch/disconnect: revokes the tokens and deletes the subscriptions at Twitch (best effort), then forgets them. */
export async function disconnectTwitch(db: Database, ctx: TwitchContext, actor: AuditActor, now: Date): Promise<void> {
  const connection = await twitchConnectionRow(db);
  if (!connection) throw new AppError('STREAM_NOT_CONNECTED', 'No Twitch channel is connected.');
  if (ctx.client) {
    // Twitch may be unreachable; the tokens are forgotten here either way.
    for (const s of connection.subscriptions) await ctx.client.unsubscribe(s.id).catch(() => undefined);
    await ctx.client.revoke(ctx.box.open(connection.accessToken, tokenContext('access'))).catch(() => undefined);
    await ctx.client.revoke(ctx.box.open(connection.refreshToken, tokenContext('refresh'))).catch(() => undefined);
  }
  await db.transaction(async (tx) => {
    await tx.delete(twitchConnection).where(eq(twitchConnection.id, 1));
    await recordAudit(tx, {
      ...actor,
      action: 'stream.disconnect',
      targetType: 'stream',
      targetId: connection.broadcasterUserId,
      changes: { summary: `Twitch channel ${connection.login} disconnected`, platform: 'twitch' },
      at: now,
    });
  });
}

/** The hourly check: subscriptions Twitch dropped (or never verified) are made again. */
export async function reconcileTwitchSubscriptions(db: Database, ctx: TwitchContext): Promise<number> {
  if (!ctx.client || !ctx.eventsubSecret) return 0;
  const connection = await twitchConnectionRow(db);
  if (!connection || connection.needsReconnect) return 0;
  const subscriptions = await ensureSubscriptions(ctx.client, ctx, connection.broadcasterUserId);
  const known = new Set(connection.subscriptions.map((s) => s.id));
  await db.update(twitchConnection).set({ subscriptions }).where(eq(twitchConnection.id, 1));
  return subscriptions.filter((s) => !known.has(s.id)).length;
}

export type TwitchPlatformStatus = {
  platform: 'twitch';
  configured: boolean;
  connected: boolean;
  channel: { id: string; login: string } | null;
  isLive: boolean;
  lastEventAt: string | null;
  subscriptions: { id: string; event: string }[];
  needsReconnect: boolean;
  reconnectReason: string | null;
};

/** The Twitch entry of GET /api/admin/stream's `platforms`. */
export async function twitchPlatformStatus(db: Database, ctx: TwitchContext): Promise<TwitchPlatformStatus> {
  const [connection, [last]] = await Promise.all([
    twitchConnectionRow(db),
    db
      .select({ at: max(twitchEventsubMessages.receivedAt) })
      .from(twitchEventsubMessages)
      .where(eq(twitchEventsubMessages.acted, true)),
  ]);
  return {
    platform: 'twitch',
    configured: ctx.client !== null && ctx.eventsubSecret !== null,
    connected: connection !== null,
    channel: connection ? { id: connection.broadcasterUserId, login: connection.login } : null,
    isLive: connection?.isLive ?? false,
    lastEventAt: connection ? (last?.at?.toISOString() ?? null) : null,
    subscriptions: connection?.subscriptions ?? [],
    needsReconnect: connection?.needsReconnect ?? false,
    reconnectReason: connection?.reconnectReason ?? null,
  };
}

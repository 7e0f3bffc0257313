import { createHash, randomBytes } from 'node:crypto';
import type { StreamStatus } from '@app/shared/api/stream';
import { and, eq, gt, isNull, lt, max } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { authSessions, streamConnection, streamEvents, streamOauthStates, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import type { KickClient, KickTokens } from './kick/kick-client.ts';
import { streamRules } from './rules.ts';
import { STREAM_EVENTS, STREAM_SCOPES, type StreamContext } from './stream-context.ts';

/**
 * The connected Kick channel: OAuth 2.1 with PKCE (S256). The state is single use, expires after
 * 10 minutes and is bound to the admin's session and browser: its hash is stored with the session,
 * and a random binding goes to the browser in an httpOnly cookie scoped to the callback. Tokens
 * are sealed with the secret box (the wager sync keys' AES-256-GCM), bound to the channel row.
 */

const STATE_TTL_MS = 10 * 60 * 1000;
/** Refresh when less than this is left. */
const REFRESH_MARGIN_MS = 10 * 60 * 1000;
const SILENT_AFTER_MINUTES = 10;
export const BINDING_COOKIE = 'kick_oauth';

type ConnectionRow = typeof streamConnection.$inferSelect;

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const tokenContext = (kind: 'access' | 'refresh') => `stream_connection:1:${kind}`;

export function requireClient(ctx: StreamContext): KickClient {
  if (!ctx.client) throw new AppError('STREAM_NOT_CONFIGURED', 'Set KICK_CLIENT_ID and KICK_CLIENT_SECRET to connect a Kick channel.');
  return ctx.client;
}

/** POST /api/admin/stream/connect: the authorize URL, and the browser binding for the cookie. */
export async function startConnect(
  db: Database,
  ctx: StreamContext,
  admin: { userId: string; sessionId: string },
  now: Date,
): Promise<{ url: string; binding: string }> {
  const client = requireClient(ctx);
  const state = randomBytes(32).toString('base64url');
  const binding = randomBytes(32).toString('base64url');
  const verifier = randomBytes(48).toString('base64url');
  const stateHash = sha256(`${state}.${binding}`);
  await db.delete(streamOauthStates).where(lt(streamOauthStates.expiresAt, now));
  await db.insert(streamOauthStates).values({
    stateHash,
    adminId: admin.userId,
    sessionId: admin.sessionId,
    codeVerifier: ctx.box.seal(verifier, `stream_oauth:${stateHash}`),
    createdAt: now,
    expiresAt: new Date(now.getTime() + STATE_TTL_MS),
  });
  const url = client.authorizeUrl({ redirectUri: ctx.redirectUri, scope: STREAM_SCOPES, codeChallenge: sha256(verifier), state });
  return { url, binding };
}

/** A connection attempt (Kick's or Twitch's) whose state is unknown, used or expired, or whose admin is gone. */
export function badState(): AppError {
  return new AppError('INVALID_OAUTH_STATE', 'This connection attempt is unknown, used or expired. Start again from the Stream screen.');
}

/**
 * The callback's second check for either platform: the session that started connecting is still live
 * and still an admin's (a state taken by anyone else, or after a sign-out or demotion, changes nothing).
 */
export async function assertConnectingAdmin(db: Database, taken: { sessionId: string; adminId: string }): Promise<void> {
  const [session] = await db
    .select({ endedAt: authSessions.endedAt, isAdmin: users.isAdmin })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(and(eq(authSessions.id, taken.sessionId), eq(authSessions.userId, taken.adminId)));
  if (!session || session.endedAt || !session.isAdmin) throw badState();
}

/**
 * GET /api/integrations/kick/callback: takes the state (single use, by a conditional update), checks
 * the admin's session is still live and still an admin's, exchanges the code with the verifier,
 * reads the broadcaster and channel, stores the sealed tokens, subscribes to the events. A bad or
 * reused state throws before anything changes.
 */
export async function finishConnect(
  db: Database,
  ctx: StreamContext,
  input: { code: string | undefined; state: string | undefined; binding: string | undefined; ip: string | null; userAgent: string | null },
  now: Date,
): Promise<void> {
  const client = requireClient(ctx);
  if (!input.state || !input.binding || !input.code) throw badState();
  const stateHash = sha256(`${input.state}.${input.binding}`);
  const [taken] = await db
    .update(streamOauthStates)
    .set({ usedAt: now })
    .where(and(eq(streamOauthStates.stateHash, stateHash), isNull(streamOauthStates.usedAt), gt(streamOauthStates.expiresAt, now)))
    .returning();
  if (!taken) throw badState();
  await assertConnectingAdmin(db, taken);

  const verifier = ctx.box.open(taken.codeVerifier, `stream_oauth:${stateHash}`);
  const tokens = await client.exchangeCode(input.code, ctx.redirectUri, verifier);
  const user = await client.currentUser(tokens.accessToken);
  const channel = await client.channel(tokens.accessToken, user.userId);
  const { subscriptions } = await ensureSubscriptions(client, tokens.accessToken, channel.broadcasterUserId);
  const values = {
    id: 1,
    broadcasterUserId: channel.broadcasterUserId,
    channelSlug: channel.slug,
    ...sealedTokens(ctx, tokens, now),
    needsReconnect: false,
    isLive: channel.isLive,
    liveSince: channel.isLive ? (channel.startTime ? new Date(channel.startTime) : now) : null,
    subscriptions,
    connectedBy: taken.adminId,
    connectedAt: now,
  };
  await db.transaction(async (tx) => {
    await tx.insert(streamConnection).values(values).onConflictDoUpdate({ target: streamConnection.id, set: values });
    await recordAudit(tx, {
      actorId: taken.adminId,
      ip: input.ip,
      userAgent: input.userAgent,
      action: 'stream.connect',
      targetType: 'stream',
      targetId: channel.broadcasterUserId,
      changes: { summary: `Kick channel ${channel.slug} connected`, scopes: tokens.scope },
      at: now,
    });
  });
}

function sealedTokens(ctx: StreamContext, tokens: KickTokens, now: Date) {
  return {
    scopes: tokens.scope,
    accessToken: ctx.box.seal(tokens.accessToken, tokenContext('access')),
    refreshToken: ctx.box.seal(tokens.refreshToken, tokenContext('refresh')),
    tokenExpiresAt: new Date(now.getTime() + tokens.expiresIn * 1000),
  };
}

export async function connectionRow(db: Database): Promise<ConnectionRow | null> {
  const [row] = await db.select().from(streamConnection).where(eq(streamConnection.id, 1));
  return row ?? null;
}

/**
 * A usable access token: the stored one, refreshed first when it expires within 10 minutes. A
 * failed refresh marks the connection "reconnect" and is audited (once, when it starts failing).
 */
export async function accessToken(db: Database, ctx: StreamContext, now: Date): Promise<{ token: string; connection: ConnectionRow }> {
  const client = requireClient(ctx);
  const connection = await connectionRow(db);
  if (!connection) throw new AppError('STREAM_NOT_CONNECTED', 'No Kick channel is connected.');
  if (connection.tokenExpiresAt.getTime() - now.getTime() > REFRESH_MARGIN_MS) {
    return { token: ctx.box.open(connection.accessToken, tokenContext('access')), connection };
  }
  try {
    const tokens = await client.refresh(ctx.box.open(connection.refreshToken, tokenContext('refresh')));
    const [updated] = await db
      .update(streamConnection)
      .set({ ...sealedTokens(ctx, tokens, now), needsReconnect: false })
      .where(eq(streamConnection.id, 1))
      .returning();
    return { token: tokens.accessToken, connection: updated ?? connection };
  } catch (error) {
    if (!connection.needsReconnect) {
      await db.transaction(async (tx) => {
        await tx.update(streamConnection).set({ needsReconnect: true }).where(eq(streamConnection.id, 1));
        await recordAudit(tx, {
          action: 'stream.token_refresh_failed',
          targetType: 'stream',
          targetId: connection.broadcasterUserId,
          changes: { summary: 'Refreshing the Kick token failed: reconnect the channel' },
          at: now,
        });
      });
    }
    throw error;
  }
}

/** POST /api/admin/stream/disconnect: revokes the tokens at Kick (best effort) and forgets them. */
export async function disconnect(db: Database, ctx: StreamContext, actor: AuditActor, now: Date): Promise<void> {
  const connection = await connectionRow(db);
  if (!connection) throw new AppError('STREAM_NOT_CONNECTED', 'No Kick channel is connected.');
  if (ctx.client) {
    // Kick may be unreachable; the tokens are forgotten here either way.
    await ctx.client.revoke(ctx.box.open(connection.refreshToken, tokenContext('refresh')), 'refresh_token').catch(() => undefined);
    await ctx.client.revoke(ctx.box.open(connection.accessToken, tokenContext('access')), 'access_token').catch(() => undefined);
  }
  await db.transaction(async (tx) => {
    await tx.delete(streamConnection).where(eq(streamConnection.id, 1));
    await recordAudit(tx, {
      ...actor,
      action: 'stream.disconnect',
      targetType: 'stream',
      targetId: connection.broadcasterUserId,
      changes: { summary: `Kick channel ${connection.channelSlug} disconnected` },
      at: now,
    });
  });
}

/**
 * Kick sometimes loses subscriptions while its create call said 200: the list at Kick is compared
 * with the events we need and the missing ones are created again (hourly job, and Resubscribe).
 */
export async function reconcileSubscriptions(db: Database, ctx: StreamContext, now: Date): Promise<number> {
  if (!ctx.client) return 0;
  const connection = await connectionRow(db);
  if (!connection || connection.needsReconnect) return 0;
  const { token } = await accessToken(db, ctx, now);
  const { subscriptions, created } = await ensureSubscriptions(ctx.client, token, connection.broadcasterUserId);
  await db.update(streamConnection).set({ subscriptions }).where(eq(streamConnection.id, 1));
  return created;
}

/** Kick's subscriptions of the app: the ones we need that exist, plus the missing ones created now. */
async function ensureSubscriptions(
  client: KickClient,
  token: string,
  broadcasterUserId: string,
): Promise<{ subscriptions: { id: string; event: string }[]; created: number }> {
  const existing = (await client.subscriptions(token)).filter((s) => (STREAM_EVENTS as readonly string[]).includes(s.event));
  const byEvent = new Map(existing.map((s) => [s.event, s]));
  const missing = STREAM_EVENTS.filter((e) => !byEvent.has(e));
  const created = missing.length > 0 ? await client.subscribe(token, broadcasterUserId, missing) : [];
  return { subscriptions: [...byEvent.values(), ...created], created: created.length };
}

/** GET /api/admin/stream. */
export async function streamStatus(db: Database, ctx: StreamContext, now: Date): Promise<StreamStatus> {
  const [connection, rules, [last]] = await Promise.all([
    connectionRow(db),
    streamRules(db),
    db.select({ at: max(streamEvents.receivedAt) }).from(streamEvents),
  ]);
  const lastEventAt = last?.at ?? null;
  const missing = ctx.client ? [] : ['KICK_CLIENT_ID', 'KICK_CLIENT_SECRET'];
  const isLive = connection?.isLive ?? false;
  const since = lastEventAt && connection?.liveSince && lastEventAt > connection.liveSince ? lastEventAt : (connection?.liveSince ?? null);
  const silent = isLive && since ? Math.floor((now.getTime() - since.getTime()) / 60_000) : null;
  return {
    configured: ctx.client !== null,
    missing,
    connected: connection !== null,
    channel: connection
      ? {
          broadcasterUserId: connection.broadcasterUserId,
          slug: connection.channelSlug,
          scopes: connection.scopes.split(' ').filter(Boolean),
          tokenExpiresAt: connection.tokenExpiresAt.toISOString(),
          needsReconnect: connection.needsReconnect,
        }
      : null,
    isLive,
    liveSince: connection?.liveSince?.toISOString() ?? null,
    lastEventAt: lastEventAt?.toISOString() ?? null,
    silentMinutes: silent !== null && silent >= SILENT_AFTER_MINUTES ? silent : null,
    subscriptions: connection?.subscriptions ?? [],
    rules,
  };
}

import { AppError } from '../../../lib/app-error.ts';

/**
 * Twitch's HTTP API as docs/twitch-api.md describes it: OAuth at TWITCH_AUTH_URL (/oauth2/...), Helix
 * under TWITCH_API_URL/helix. Every Helix call sends `Authorization: Bearer` and `Client-Id`. A
 * failure becomes 502 TWITCH_UNAVAILABLE with Twitch's status in `extra`, except 429 on chat, which
 * the bot's queue handles itself (TwitchRateLimited).
 */

export type TwitchHosts = { apiUrl: string; authUrl: string; clientId: string; clientSecret: string };

export type TwitchTokens = { accessToken: string; refreshToken: string; expiresIn: number; scope: string };

export type TwitchUser = { id: string; login: string; displayName: string };

export type TwitchSubscription = { id: string; type: string; status: string; broadcasterUserId: string | null; callback: string | null };

export class TwitchRateLimited extends Error {
  constructor(readonly retryAfterMs: number) {
    super('Twitch answered 429');
  }
}

const TIMEOUT_MS = 10_000;

function unavailable(what: string, status?: number): AppError {
  return new AppError('TWITCH_UNAVAILABLE', `Twitch did not answer ${what}${status ? ` (HTTP ${status})` : ''}.`, {
    extra: { twitchStatus: status ?? null },
  });
}

async function call(url: string, init: RequestInit, what: string): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw unavailable(what);
  }
}

function tokensOf(body: unknown): TwitchTokens {
  const b = body as { access_token?: unknown; refresh_token?: unknown; expires_in?: unknown; scope?: unknown };
  if (typeof b.access_token !== 'string' || typeof b.refresh_token !== 'string' || typeof b.expires_in !== 'number') {
    throw unavailable('with tokens');
  }
  // Twitch gives the scopes as an array; kept space-separated as Kick's are.
  const scope = Array.isArray(b.scope) ? b.scope.filter((s): s is string => typeof s === 'string').join(' ') : typeof b.scope === 'string' ? b.scope : '';
  return { accessToken: b.access_token, refreshToken: b.refresh_token, expiresIn: b.expires_in, scope };
}

/** Ratelimit-Reset is the epoch second the bucket refills; 5 s when absent. */
function resetMs(header: string | null, now: number): number {
  const at = Number(header);
  return Number.isFinite(at) && at > 0 ? Math.max(1000, at * 1000 - now) : 5000;
}

export function twitchClient(hosts: TwitchHosts) {
  /** The app access token (client credentials), kept until shortly before it expires: a cache of Twitch's answer, not state. */
  let appToken: { token: string; until: number } | null = null;

  async function token(form: Record<string, string>): Promise<unknown> {
    const res = await call(
      `${hosts.authUrl}/oauth2/token`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...form, client_id: hosts.clientId, client_secret: hosts.clientSecret }).toString(),
      },
      'the token request',
    );
    if (!res.ok) throw unavailable('the token request', res.status);
    return res.json();
  }

  async function helix(accessToken: string, method: string, path: string, body?: unknown): Promise<unknown> {
    const what = `${method} ${path.split('?')[0]}`;
    const res = await call(
      `${hosts.apiUrl}/helix${path}`,
      {
        method,
        headers: {
          authorization: `Bearer ${accessToken}`,
          'client-id': hosts.clientId,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
      what,
    );
    if (res.status === 429) throw new TwitchRateLimited(resetMs(res.headers.get('ratelimit-reset'), Date.now()));
    if (!res.ok) throw unavailable(what, res.status);
    if (res.status === 204) return null;
    const text = await res.text();
    if (!text) return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw unavailable(what);
    }
  }

  const dataOf = (body: unknown): unknown[] => {
    const data = (body as { data?: unknown } | null)?.data;
    return Array.isArray(data) ? data : [];
  };

  async function app(): Promise<string> {
    if (appToken && appToken.until > Date.now()) return appToken.token;
    const b = (await token({ grant_type: 'client_credentials' })) as { access_token?: unknown; expires_in?: unknown };
    if (typeof b.access_token !== 'string') throw unavailable('with an app token');
    const seconds = typeof b.expires_in === 'number' ? b.expires_in : 3600;
    appToken = { token: b.access_token, until: Date.now() + Math.max(0, seconds - 300) * 1000 };
    return b.access_token;
  }

  return {
    authorizeUrl(input: { redirectUri: string; scope: string; state: string }): string {
      const url = new URL(`${hosts.authUrl}/oauth2/authorize`);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: hosts.clientId,
        redirect_uri: input.redirectUri,
        scope: input.scope,
        state: input.state,
        force_verify: 'true',
      }).toString();
      return url.toString();
    },
    async exchangeCode(code: string, redirectUri: string): Promise<TwitchTokens> {
      return tokensOf(await token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }));
    },
    async refresh(refreshToken: string): Promise<TwitchTokens> {
      return tokensOf(await token({ grant_type: 'refresh_token', refresh_token: refreshToken }));
    },
    /** POST /oauth2/revoke; best effort for the caller. */
    async revoke(tokenValue: string): Promise<void> {
      const res = await call(
        `${hosts.authUrl}/oauth2/revoke`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ client_id: hosts.clientId, token: tokenValue }).toString(),
        },
        'the revoke request',
      );
      if (!res.ok) throw unavailable('the revoke request', res.status);
    },
    /** The token's user (GET /helix/users without a query). */
    async currentUser(accessToken: string): Promise<TwitchUser> {
      const [user] = dataOf(await helix(accessToken, 'GET', '/users')) as { id?: unknown; login?: unknown; display_name?: unknown }[];
      if (!user || typeof user.id !== 'string' || typeof user.login !== 'string') throw unavailable('with the user');
      return { id: user.id, login: user.login, displayName: typeof user.display_name === 'string' ? user.display_name : user.login };
    },
    /** POST /helix/chat/messages as the broadcaster (500 characters at most). */
    async sendChat(accessToken: string, broadcasterId: string, message: string, replyTo: string | null): Promise<void> {
      await helix(accessToken, 'POST', '/chat/messages', {
        broadcaster_id: broadcasterId,
        sender_id: broadcasterId,
        message: message.slice(0, 500),
        ...(replyTo ? { reply_parent_message_id: replyTo } : {}),
      });
    },
    /** Every chatter's user id (GET /helix/chat/chatters, paged by 1,000). */
    async chatters(accessToken: string, broadcasterId: string): Promise<{ userId: string; login: string }[]> {
      const all: { userId: string; login: string }[] = [];
      let after = '';
      for (let page = 0; page < 100; page += 1) {
        const q = new URLSearchParams({ broadcaster_id: broadcasterId, moderator_id: broadcasterId, first: '1000', ...(after ? { after } : {}) });
        const body = (await helix(accessToken, 'GET', `/chat/chatters?${q.toString()}`)) as { pagination?: { cursor?: unknown } } | null;
        for (const c of dataOf(body) as { user_id?: unknown; user_login?: unknown }[]) {
          if (typeof c.user_id === 'string' && typeof c.user_login === 'string') all.push({ userId: c.user_id, login: c.user_login });
        }
        after = typeof body?.pagination?.cursor === 'string' ? body.pagination.cursor : '';
        if (!after) break;
      }
      return all;
    },
    /** POST /helix/moderation/bans: a timeout of `seconds` (1 to 1,209,600), or a ban when null. */
    async ban(accessToken: string, broadcasterId: string, userId: string, seconds: number | null, reason: string): Promise<void> {
      const q = new URLSearchParams({ broadcaster_id: broadcasterId, moderator_id: broadcasterId });
      const duration = seconds === null ? {} : { duration: Math.min(1_209_600, Math.max(1, Math.round(seconds))) };
      await helix(accessToken, 'POST', `/moderation/bans?${q.toString()}`, { data: { user_id: userId, ...duration, reason: reason.slice(0, 500) } });
    },
    /** DELETE /helix/moderation/chat for one message. */
    async deleteMessage(accessToken: string, broadcasterId: string, messageId: string): Promise<void> {
      const q = new URLSearchParams({ broadcaster_id: broadcasterId, moderator_id: broadcasterId, message_id: messageId });
      await helix(accessToken, 'DELETE', `/moderation/chat?${q.toString()}`);
    },
    /** The app's EventSub subscriptions (app access token). */
    async subscriptions(): Promise<TwitchSubscription[]> {
      const rows = dataOf(await helix(await app(), 'GET', '/eventsub/subscriptions')) as {
        id?: unknown;
        type?: unknown;
        status?: unknown;
        condition?: { broadcaster_user_id?: unknown };
        transport?: { callback?: unknown };
      }[];
      return rows
        .filter((r) => typeof r.id === 'string' && typeof r.type === 'string')
        .map((r) => ({
          id: r.id as string,
          type: r.type as string,
          status: typeof r.status === 'string' ? r.status : '',
          broadcasterUserId: typeof r.condition?.broadcaster_user_id === 'string' ? r.condition.broadcaster_user_id : null,
          callback: typeof r.transport?.callback === 'string' ? r.transport.callback : null,
        }));
    },
    /** POST /helix/eventsub/subscriptions with the webhook transport; Twitch then sends its challenge to `callback`. */
    async subscribe(input: {
      type: string;
      version: string;
      condition: Record<string, string>;
      callback: string;
      secret: string;
    }): Promise<{ id: string; status: string }> {
      const body = await helix(await app(), 'POST', '/eventsub/subscriptions', {
        type: input.type,
        version: input.version,
        condition: input.condition,
        transport: { method: 'webhook', callback: input.callback, secret: input.secret },
      });
      const [row] = dataOf(body) as { id?: unknown; status?: unknown }[];
      if (!row || typeof row.id !== 'string') throw unavailable('with the subscription');
      return { id: row.id, status: typeof row.status === 'string' ? row.status : '' };
    },
    async unsubscribe(id: string): Promise<void> {
      await helix(await app(), 'DELETE', `/eventsub/subscriptions?id=${encodeURIComponent(id)}`);
    },
  };
}

export type TwitchClient = ReturnType<typeof twitchClient>;

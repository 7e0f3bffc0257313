import { AppError } from '../../../lib/app-error.ts';

/**
 * Kick's HTTP API as kick-api.md describes it (OAuth at KICK_AUTH_URL, the API under
 * KICK_API_URL/public/v1). Answers are `{data, message}`; a failure becomes 502 KICK_UNAVAILABLE
 * with Kick's status in `extra`, except 429, which the bot's chat queue handles itself.
 */

export type KickHosts = { apiUrl: string; authUrl: string; clientId: string; clientSecret: string };

export type KickTokens = { accessToken: string; refreshToken: string; expiresIn: number; scope: string };

export type KickChannel = { broadcasterUserId: string; slug: string; isLive: boolean; startTime: string | null };

export class KickRateLimited extends Error {
  constructor(readonly retryAfterMs: number) {
    super('Kick answered 429');
  }
}

const TIMEOUT_MS = 10_000;

function unavailable(what: string, status?: number): AppError {
  return new AppError('KICK_UNAVAILABLE', `Kick did not answer ${what}${status ? ` (HTTP ${status})` : ''}.`, { extra: { kickStatus: status ?? null } });
}

async function call(url: string, init: RequestInit, what: string): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw unavailable(what);
  }
}

/** Retry-After in seconds or as a date; 5 s when absent. */
export function retryAfterMs(header: string | null, now: Date): number {
  if (!header) return 5000;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? 5000 : Math.max(0, at - now.getTime());
}

function tokensOf(body: unknown): KickTokens {
  const b = body as { access_token?: unknown; refresh_token?: unknown; expires_in?: unknown; scope?: unknown };
  if (typeof b.access_token !== 'string' || typeof b.refresh_token !== 'string' || typeof b.expires_in !== 'number') {
    throw unavailable('with tokens');
  }
  return { accessToken: b.access_token, refreshToken: b.refresh_token, expiresIn: b.expires_in, scope: typeof b.scope === 'string' ? b.scope : '' };
}

export function kickClient(hosts: KickHosts) {
  async function token(form: Record<string, string>): Promise<KickTokens> {
    const res = await call(
      `${hosts.authUrl}/oauth/token`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...form, client_id: hosts.clientId, client_secret: hosts.clientSecret }).toString(),
      },
      'the token request',
    );
    if (!res.ok) throw unavailable('the token request', res.status);
    return tokensOf(await res.json());
  }

  async function api(accessToken: string, method: string, path: string, body?: unknown): Promise<unknown> {
    const res = await call(
      `${hosts.apiUrl}/public/v1${path}`,
      {
        method,
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
      `${method} ${path.split('?')[0]}`,
    );
    if (res.status === 429) throw new KickRateLimited(retryAfterMs(res.headers.get('retry-after'), new Date(0)));
    if (!res.ok) throw unavailable(`${method} ${path.split('?')[0]}`, res.status);
    if (res.status === 204) return null;
    const text = await res.text();
    return text ? ((JSON.parse(text) as { data?: unknown }).data ?? null) : null;
  }

  return {
    authorizeUrl(input: { redirectUri: string; scope: string; codeChallenge: string; state: string }): string {
      const q = new URLSearchParams({
        response_type: 'code',
        client_id: hosts.clientId,
        redirect_uri: input.redirectUri,
        scope: input.scope,
        code_challenge: input.codeChallenge,
        code_challenge_method: 'S256',
        state: input.state,
      });
      return `${hosts.authUrl}/oauth/authorize?${q.toString()}`;
    },
    exchangeCode: (code: string, redirectUri: string, codeVerifier: string) =>
      token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: codeVerifier }),
    refresh: (refreshToken: string) => token({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    async revoke(tokenValue: string, hint: 'access_token' | 'refresh_token'): Promise<void> {
      const q = new URLSearchParams({ token: tokenValue, token_hint_type: hint });
      const res = await call(`${hosts.authUrl}/oauth/revoke?${q.toString()}`, { method: 'POST' }, 'the revoke request');
      if (!res.ok) throw unavailable('the revoke request', res.status);
    },
    async currentUser(accessToken: string): Promise<{ userId: string; name: string }> {
      const data = (await api(accessToken, 'GET', '/users')) as { user_id: number | string; name: string }[];
      const user = data?.[0];
      if (!user) throw unavailable('with the user');
      return { userId: String(user.user_id), name: user.name };
    },
    async channel(accessToken: string, broadcasterUserId: string): Promise<KickChannel> {
      const data = (await api(accessToken, 'GET', `/channels?broadcaster_user_id=${encodeURIComponent(broadcasterUserId)}`)) as {
        broadcaster_user_id: number | string;
        slug: string;
        stream?: { is_live?: boolean; start_time?: string | null } | null;
      }[];
      const channel = data?.[0];
      if (!channel) throw unavailable('with the channel');
      return {
        broadcasterUserId: String(channel.broadcaster_user_id),
        slug: channel.slug,
        isLive: channel.stream?.is_live === true,
        startTime: channel.stream?.start_time ?? null,
      };
    },
    async subscribe(accessToken: string, broadcasterUserId: string, events: readonly string[]): Promise<{ id: string; event: string }[]> {
      const data = (await api(accessToken, 'POST', '/events/subscriptions', {
        broadcaster_user_id: Number(broadcasterUserId),
        events: events.map((name) => ({ name, version: 1 })),
        method: 'webhook',
      })) as { name: string; subscription_id: string | null; error?: string | null }[];
      return (data ?? []).filter((s) => s.subscription_id).map((s) => ({ id: s.subscription_id!, event: s.name }));
    },
    async subscriptions(accessToken: string): Promise<{ id: string; event: string }[]> {
      const data = (await api(accessToken, 'GET', '/events/subscriptions')) as { id: string; event: string }[];
      return (data ?? []).map((s) => ({ id: s.id, event: s.event }));
    },
    async unsubscribe(accessToken: string, ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await api(accessToken, 'DELETE', `/events/subscriptions?${ids.map((id) => `id=${encodeURIComponent(id)}`).join('&')}`);
    },
    async deleteMessage(accessToken: string, messageId: string): Promise<void> {
      await api(accessToken, 'DELETE', `/chat/${encodeURIComponent(messageId)}`);
    },
    /** `minutes` null: a permanent ban; otherwise a timeout (Kick: 1 to 10,080 minutes). */
    async ban(accessToken: string, broadcasterUserId: string, kickUserId: string, minutes: number | null, reason: string): Promise<void> {
      await api(accessToken, 'POST', '/moderation/bans', {
        broadcaster_user_id: Number(broadcasterUserId),
        user_id: Number(kickUserId),
        ...(minutes === null ? {} : { duration: minutes }),
        reason: reason.slice(0, 100),
      });
    },
    async sendChat(accessToken: string, content: string, replyTo: string | null): Promise<void> {
      await api(accessToken, 'POST', '/chat', { content: content.slice(0, 500), type: 'bot', ...(replyTo ? { reply_to_message_id: replyTo } : {}) });
    },
  };
}

export type KickClient = ReturnType<typeof kickClient>;

/**
 * Kick's webhook public key (PEM) from GET KICK_API_URL/public/v1/public-key, which Kick serves
 * without a token: `{data: {public_key}}`. A failure or an answer without a key is 502 KICK_UNAVAILABLE.
 */
export async function fetchKickPublicKey(apiUrl: string): Promise<string> {
  const res = await call(`${apiUrl}/public/v1/public-key`, { headers: { accept: 'application/json' } }, 'with its public key');
  if (!res.ok) throw unavailable('with its public key', res.status);
  const body = (await res.json().catch(() => null)) as { data?: { public_key?: unknown } } | null;
  const pem = body?.data?.public_key;
  if (typeof pem !== 'string' || !pem.includes('PUBLIC KEY')) throw unavailable('with its public key');
  return pem;
}

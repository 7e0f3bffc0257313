import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake Twitch for the tests: a real HTTP server on a free port implementing what docs/twitch-api.md
 * describes: OAuth (authorize redirect, token by code, refresh and client credentials, revoke),
 * Helix /users, /chat/messages, /chat/chatters, /moderation/bans, /moderation/chat and
 * /eventsub/subscriptions. Creating a webhook subscription sends the verification challenge to its
 * callback (the subscription is enabled when the callback answers the challenge back), and
 * `notification` signs deliveries with the subscription's secret as Twitch does. It records the calls
 * it receives. No test reaches the internet. The e2e suite starts it too (e2e/support/fake-twitch-server.ts).
 */

type FakeTwitchCall = { method: string; path: string; query: Record<string, string>; body: unknown; authorization: string | null; clientId: string | null };

export type FakeTwitchSubscription = {
  id: string;
  type: string;
  version: string;
  status: string;
  condition: Record<string, string>;
  callback: string;
  secret: string;
};

/** Sends one signed request to an EventSub callback; the default is fetch, a test may route it through app.inject. */
export type EventSubSender = (callback: string, headers: Record<string, string>, payload: string) => Promise<{ status: number; body: string }>;

type FakeTwitchOptions = {
  clientId?: string;
  clientSecret?: string;
  broadcaster?: { id: string; login: string; displayName: string };
  port?: number;
};

export type FakeTwitchDelivery = { id: string; headers: Record<string, string>; payload: string };

export type FakeTwitch = {
  url: string;
  clientId: string;
  clientSecret: string;
  broadcaster: { id: string; login: string; displayName: string };
  calls: FakeTwitchCall[];
  /** The bot's messages, in order. */
  chat: { broadcasterId: string; message: string; replyTo: string | null }[];
  subscriptions: FakeTwitchSubscription[];
  /** The viewers /helix/chat/chatters lists. */
  chatters: { userId: string; login: string }[];
  moderation: { deleted: string[]; bans: { userId: string; duration: number | null; reason: string | null }[] };
  revoked: string[];
  /** How signed requests reach the app (challenge on create, notifications). */
  send: EventSubSender;
  /** The time its deliveries are stamped with (a test with a manual clock sets the app's). */
  now: () => Date;
  /** A signed EventSub request for a subscription (type `notification`, `revocation` or `webhook_callback_verification`). */
  signed: (
    subscription: FakeTwitchSubscription,
    messageType: string,
    body: object,
    options?: { id?: string; timestamp?: Date; secret?: string },
  ) => FakeTwitchDelivery;
  /** A notification of `type` for the broadcaster's subscription of that type, sent to its callback. */
  notify: (type: string, event: object, options?: { id?: string; timestamp?: Date }) => Promise<{ status: number; body: string; id: string }>;
  /** Revokes the subscriptions (status `authorization_revoked` etc.) and tells the callback once per subscription. */
  revoke: (status: string) => Promise<void>;
  close: () => Promise<void>;
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const fetchSender: EventSubSender = async (callback, headers, payload) => {
  const res = await fetch(callback, { method: 'POST', headers, body: payload });
  return { status: res.status, body: await res.text() };
};

/** The subscription object as Twitch puts it in a request's body. */
function subscriptionBody(s: FakeTwitchSubscription, createdAt: Date) {
  return {
    id: s.id,
    status: s.status,
    type: s.type,
    version: s.version,
    cost: 0,
    condition: s.condition,
    transport: { method: 'webhook', callback: s.callback },
    created_at: createdAt.toISOString(),
  };
}

export async function startFakeTwitch(options: FakeTwitchOptions = {}): Promise<FakeTwitch> {
  const clientId = options.clientId ?? 'fake-twitch-client';
  const clientSecret = options.clientSecret ?? 'fake-twitch-secret';
  const broadcaster = options.broadcaster ?? { id: '90001', login: 'streamer', displayName: 'Streamer' };
  const codes = new Map<string, { redirectUri: string; scope: string[] }>();
  /** access token → scopes ('app' for an app token). */
  const accessTokens = new Map<string, string[] | 'app'>();
  const refreshTokens = new Map<string, string[]>();

  const issue = (scope: string[]) => {
    const access = `tw-at-${randomBytes(12).toString('hex')}`;
    const refresh = `tw-rt-${randomBytes(12).toString('hex')}`;
    accessTokens.set(access, scope);
    refreshTokens.set(refresh, scope);
    return { access_token: access, refresh_token: refresh, expires_in: 14_400, scope, token_type: 'bearer' };
  };

  const fake: FakeTwitch = {
    url: '',
    clientId,
    clientSecret,
    broadcaster,
    calls: [],
    chat: [],
    subscriptions: [],
    chatters: [],
    moderation: { deleted: [], bans: [] },
    revoked: [],
    send: fetchSender,
    now: () => new Date(),
    signed(subscription, messageType, body, opts = {}) {
      const id = opts.id ?? randomUUID();
      const timestamp = (opts.timestamp ?? fake.now()).toISOString();
      const payload = JSON.stringify(body);
      const signature = `sha256=${createHmac('sha256', opts.secret ?? subscription.secret)
        .update(id + timestamp + payload)
        .digest('hex')}`;
      return {
        id,
        payload,
        headers: {
          'content-type': 'application/json',
          'twitch-eventsub-message-id': id,
          'twitch-eventsub-message-retry': '0',
          'twitch-eventsub-message-type': messageType,
          'twitch-eventsub-message-signature': signature,
          'twitch-eventsub-message-timestamp': timestamp,
          'twitch-eventsub-subscription-type': subscription.type,
          'twitch-eventsub-subscription-version': subscription.version,
        },
      };
    },
    async notify(type, event, opts = {}) {
      const subscription = fake.subscriptions.find((s) => s.type === type && s.status === 'enabled');
      if (!subscription) throw new Error(`fake Twitch: no enabled subscription of ${type}`);
      const d = fake.signed(subscription, 'notification', { subscription: subscriptionBody(subscription, new Date()), event }, opts);
      return { ...(await fake.send(subscription.callback, d.headers, d.payload)), id: d.id };
    },
    async revoke(status) {
      for (const s of fake.subscriptions) {
        s.status = status;
        const d = fake.signed(s, 'revocation', { subscription: subscriptionBody(s, new Date()) });
        await fake.send(s.callback, d.headers, d.payload);
      }
      fake.subscriptions = [];
    },
    close: async () => undefined,
  };

  async function verifyCallback(s: FakeTwitchSubscription): Promise<void> {
    const challenge = randomBytes(16).toString('hex');
    const d = fake.signed(s, 'webhook_callback_verification', { challenge, subscription: subscriptionBody(s, new Date()) });
    try {
      const answer = await fake.send(s.callback, d.headers, d.payload);
      s.status = answer.status === 200 && answer.body === challenge ? 'enabled' : 'webhook_callback_verification_failed';
    } catch {
      s.status = 'webhook_callback_verification_failed';
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const raw = await readBody(req);
    const isForm = (req.headers['content-type'] ?? '').includes('x-www-form-urlencoded');
    const body: unknown = raw ? (isForm ? Object.fromEntries(new URLSearchParams(raw)) : JSON.parse(raw)) : null;
    const authorization = req.headers.authorization ?? null;
    const headerClientId = typeof req.headers['client-id'] === 'string' ? req.headers['client-id'] : null;
    fake.calls.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      authorization,
      clientId: headerClientId,
    });
    const route = `${req.method} ${url.pathname}`;

    // The e2e suite's controls (its browser cannot reach this object).
    if (route === 'GET /_fake/health') return json(res, 200, { ok: true });
    if (route === 'GET /_fake/chat') return json(res, 200, { chat: fake.chat });
    if (route === 'GET /_fake/subscriptions') return json(res, 200, { subscriptions: fake.subscriptions.map(({ secret: _secret, ...s }) => s) });
    if (route === 'POST /_fake/notify') {
      const b = body as { type: string; event: object };
      return json(res, 200, await fake.notify(b.type, b.event));
    }

    if (route === 'GET /oauth2/authorize') {
      const q = url.searchParams;
      if (q.get('client_id') !== clientId || q.get('response_type') !== 'code' || !q.get('state') || !q.get('redirect_uri')) {
        return json(res, 400, { status: 400, message: 'invalid request' });
      }
      const code = `tw-code-${randomBytes(8).toString('hex')}`;
      codes.set(code, { redirectUri: q.get('redirect_uri')!, scope: (q.get('scope') ?? '').split(' ').filter(Boolean) });
      const back = new URL(q.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('scope', q.get('scope') ?? '');
      back.searchParams.set('state', q.get('state')!);
      res.writeHead(302, { location: back.toString() });
      return void res.end();
    }
    if (route === 'POST /oauth2/token') {
      const form = (body ?? {}) as Record<string, string>;
      if (form.client_id !== clientId || form.client_secret !== clientSecret) return json(res, 403, { status: 403, message: 'invalid client secret' });
      if (form.grant_type === 'authorization_code') {
        const entry = codes.get(form.code ?? '');
        codes.delete(form.code ?? '');
        if (!entry || entry.redirectUri !== form.redirect_uri) return json(res, 400, { status: 400, message: 'Invalid authorization code' });
        return json(res, 200, issue(entry.scope));
      }
      if (form.grant_type === 'refresh_token') {
        const scope = refreshTokens.get(form.refresh_token ?? '');
        if (!scope) return json(res, 400, { status: 400, message: 'Invalid refresh token' });
        return json(res, 200, issue(scope));
      }
      if (form.grant_type === 'client_credentials') {
        const access = `tw-app-${randomBytes(12).toString('hex')}`;
        accessTokens.set(access, 'app');
        return json(res, 200, { access_token: access, expires_in: 5_000_000, token_type: 'bearer' });
      }
      return json(res, 400, { status: 400, message: 'unsupported grant type' });
    }
    if (route === 'POST /oauth2/revoke') {
      const form = (body ?? {}) as Record<string, string>;
      if (form.client_id !== clientId) return json(res, 400, { status: 400, message: 'Invalid client' });
      fake.revoked.push(form.token ?? '');
      accessTokens.delete(form.token ?? '');
      refreshTokens.delete(form.token ?? '');
      res.writeHead(200);
      return void res.end();
    }
    if (!url.pathname.startsWith('/helix/')) return json(res, 404, { message: 'not found' });
    const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : '';
    const grant = accessTokens.get(token);
    if (!grant || headerClientId !== clientId) return json(res, 401, { error: 'Unauthorized', status: 401, message: 'Invalid OAuth token' });
    const needs = (scope: string) => (grant === 'app' || !grant.includes(scope) ? json(res, 401, { status: 401, message: `Missing scope: ${scope}` }) : null);

    if (route === 'GET /helix/users') {
      if (grant === 'app') return json(res, 400, { status: 400, message: 'An app token needs a login or id' });
      return json(res, 200, { data: [{ id: broadcaster.id, login: broadcaster.login, display_name: broadcaster.displayName }] });
    }
    if (route === 'POST /helix/chat/messages') {
      if (needs('user:write:chat')) return;
      const b = (body ?? {}) as { broadcaster_id?: string; sender_id?: string; message?: string; reply_parent_message_id?: string };
      if (!b.broadcaster_id || !b.sender_id || !b.message || b.message.length > 500) return json(res, 400, { status: 400, message: 'bad chat message' });
      fake.chat.push({ broadcasterId: b.broadcaster_id, message: b.message, replyTo: b.reply_parent_message_id ?? null });
      return json(res, 200, { data: [{ message_id: randomUUID(), is_sent: true }] });
    }
    if (route === 'GET /helix/chat/chatters') {
      if (needs('moderator:read:chatters')) return;
      const first = Number(url.searchParams.get('first') ?? 100);
      const start = Number(url.searchParams.get('after') ?? 0);
      const page = fake.chatters.slice(start, start + first);
      const next = start + first < fake.chatters.length ? String(start + first) : undefined;
      return json(res, 200, {
        data: page.map((c) => ({ user_id: c.userId, user_login: c.login, user_name: c.login })),
        pagination: next ? { cursor: next } : {},
        total: fake.chatters.length,
      });
    }
    if (route === 'POST /helix/moderation/bans') {
      if (needs('moderator:manage:banned_users')) return;
      const b = (body ?? {}) as { data?: { user_id?: unknown; duration?: unknown; reason?: unknown } };
      const d = b.data;
      if (!d || typeof d.user_id !== 'string') return json(res, 400, { status: 400, message: 'bad ban' });
      const duration = d.duration === undefined ? null : d.duration;
      if (duration !== null && (typeof duration !== 'number' || duration < 1 || duration > 1_209_600))
        return json(res, 400, { status: 400, message: 'bad duration' });
      fake.moderation.bans.push({ userId: d.user_id, duration: duration as number | null, reason: typeof d.reason === 'string' ? d.reason : null });
      return json(res, 200, { data: [{ broadcaster_id: broadcaster.id, user_id: d.user_id }] });
    }
    if (route === 'DELETE /helix/moderation/chat') {
      if (needs('moderator:manage:chat_messages')) return;
      fake.moderation.deleted.push(url.searchParams.get('message_id') ?? '');
      res.writeHead(204);
      return void res.end();
    }
    if (url.pathname === '/helix/eventsub/subscriptions') {
      if (grant !== 'app') return json(res, 401, { status: 401, message: 'An app access token is required' });
      if (req.method === 'GET') {
        return json(res, 200, { data: fake.subscriptions.map((s) => subscriptionBody(s, new Date())), total: fake.subscriptions.length });
      }
      if (req.method === 'DELETE') {
        const id = url.searchParams.get('id');
        const before = fake.subscriptions.length;
        fake.subscriptions = fake.subscriptions.filter((s) => s.id !== id);
        if (fake.subscriptions.length === before) return json(res, 404, { status: 404, message: 'subscription not found' });
        res.writeHead(204);
        return void res.end();
      }
      if (req.method === 'POST') {
        const b = (body ?? {}) as {
          type?: string;
          version?: string;
          condition?: Record<string, string>;
          transport?: { method?: string; callback?: string; secret?: string };
        };
        const secret = b.transport?.secret ?? '';
        if (!b.type || !b.version || !b.condition || b.transport?.method !== 'webhook' || !b.transport.callback || secret.length < 10 || secret.length > 100) {
          return json(res, 400, { status: 400, message: 'bad subscription' });
        }
        const duplicate = fake.subscriptions.find((s) => s.type === b.type && JSON.stringify(s.condition) === JSON.stringify(b.condition));
        if (duplicate) return json(res, 409, { status: 409, message: 'subscription already exists' });
        const s: FakeTwitchSubscription = {
          id: randomUUID(),
          type: b.type,
          version: b.version,
          status: 'webhook_callback_verification_pending',
          condition: b.condition,
          callback: b.transport.callback,
          secret,
        };
        fake.subscriptions.push(s);
        json(res, 202, { data: [subscriptionBody(s, new Date())], total: fake.subscriptions.length });
        // As Twitch: the challenge goes to the callback after the create call is answered.
        await verifyCallback(s);
        return;
      }
    }
    return json(res, 404, { status: 404, message: 'not found' });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { message: String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}

/** The app's environment for this fake Twitch. */
export function fakeTwitchEnv(fake: FakeTwitch, eventsubSecret = 'eventsub-test-secret-0123'): Record<string, string> {
  return {
    TWITCH_CLIENT_ID: fake.clientId,
    TWITCH_CLIENT_SECRET: fake.clientSecret,
    TWITCH_EVENTSUB_SECRET: eventsubSecret,
    TWITCH_API_URL: fake.url,
    TWITCH_AUTH_URL: fake.url,
  };
}

import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake Kick for the tests: a real HTTP server on a free port implementing what kick-api.md
 * describes (OAuth 2.1 authorize and token with PKCE, revoke, /public/v1/users, /channels, /chat,
 * /events/subscriptions, /moderation/bans, DELETE /chat/{message_id}, and the unauthenticated /public-key). It records every call it
 * receives and signs webhook deliveries with a key pair it generates (its public key is the app's KICK_PUBLIC_KEY, or is read from
 * /public/v1/public-key when that is unset; rotateKey() changes it as Kick may). No test
 * reaches the internet. The e2e suite starts it too (e2e/support/fake-kick-server.ts).
 */

type FakeKickCall = { method: string; path: string; query: Record<string, string>; body: unknown; authorization: string | null };

type FakeKickModeration = {
  deleted: string[];
  bans: { userId: number; duration: number | null; reason: string | null }[];
  unbans: number[];
};

type FakeKickOptions = {
  clientId?: string;
  clientSecret?: string;
  broadcaster?: { userId: number; name: string; slug: string };
  /** Default a free one. */
  port?: number;
  /** The webhook signing key (PKCS#8 PEM); default a new one. */
  privateKeyPem?: string;
};

export type FakeKick = {
  url: string;
  clientId: string;
  clientSecret: string;
  broadcaster: { userId: number; name: string; slug: string };
  /** PEM (one line with literal \n, as an .env file carries it). */
  publicKeyEnv: string;
  /** A new signing key pair: later deliveries and GET /public/v1/public-key use it (Kick rotating its key). */
  rotateKey: () => void;
  calls: FakeKickCall[];
  /** The bot's messages, in order. */
  chat: { content: string; type: string; replyTo: string | null }[];
  subscriptions: { id: string; event: string }[];
  /** The moderation calls it received, in order: deleted chat message ids, and bans (duration null: permanent). */
  moderation: FakeKickModeration;
  /** The next N chat posts answer 429 with this Retry-After (seconds). */
  rateLimitChat: (times: number, retryAfterSeconds: number) => void;
  /** Refresh requests fail (400) while true. */
  failRefresh: boolean;
  /** Whether the channel is live in /channels. */
  live: boolean;
  /** A signed webhook delivery: headers and raw body. */
  delivery: (type: string, body: object, options?: { id?: string; timestamp?: Date }) => { headers: Record<string, string>; payload: string; id: string };
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

let counter = 0;
const ulid = () => `01FAKE${(counter++).toString(36).padStart(8, '0').toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`;

export async function startFakeKick(options: FakeKickOptions = {}): Promise<FakeKick> {
  let privateKey = options.privateKeyPem ? createPrivateKey(options.privateKeyPem) : generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const publicPem = () => createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  const clientId = options.clientId ?? 'fake-client';
  const clientSecret = options.clientSecret ?? 'fake-secret';
  const broadcaster = options.broadcaster ?? { userId: 1001, name: 'Streamer', slug: 'streamer' };
  const codes = new Map<string, { challenge: string; redirectUri: string; scope: string }>();
  const accessTokens = new Map<string, string>();
  const refreshTokens = new Set<string>();
  let chat429 = { times: 0, retryAfter: 1 };

  const issue = (scope: string) => {
    const access = `at-${randomBytes(12).toString('hex')}`;
    const refresh = `rt-${randomBytes(12).toString('hex')}`;
    accessTokens.set(access, scope);
    refreshTokens.add(refresh);
    return { access_token: access, token_type: 'Bearer', refresh_token: refresh, expires_in: 3600, scope };
  };

  const fake: FakeKick = {
    url: '',
    clientId,
    clientSecret,
    broadcaster,
    publicKeyEnv: publicPem().replaceAll('\n', '\\n'),
    rotateKey() {
      privateKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
      fake.publicKeyEnv = publicPem().replaceAll('\n', '\\n');
    },
    calls: [],
    chat: [],
    subscriptions: [],
    moderation: { deleted: [], bans: [], unbans: [] },
    rateLimitChat(times, retryAfterSeconds) {
      chat429 = { times, retryAfter: retryAfterSeconds };
    },
    failRefresh: false,
    live: false,
    delivery(type, body, opts = {}) {
      const id = opts.id ?? ulid();
      const timestamp = (opts.timestamp ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z');
      const payload = JSON.stringify(body);
      const signature = sign('sha256', Buffer.from(`${id}.${timestamp}.${payload}`), privateKey).toString('base64');
      return {
        id,
        payload,
        headers: {
          'content-type': 'application/json',
          'kick-event-message-id': id,
          'kick-event-subscription-id': 'sub-1',
          'kick-event-message-timestamp': timestamp,
          'kick-event-signature': signature,
          'kick-event-type': type,
          'kick-event-version': '1',
        },
      };
    },
    close: async () => undefined,
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const raw = await readBody(req);
    const isForm = (req.headers['content-type'] ?? '').includes('x-www-form-urlencoded');
    const body: unknown = raw ? (isForm ? Object.fromEntries(new URLSearchParams(raw)) : JSON.parse(raw)) : null;
    const authorization = req.headers.authorization ?? null;
    fake.calls.push({ method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), body, authorization });
    const route = `${req.method} ${url.pathname}`;

    // The e2e suite's controls (its browser tests cannot reach this object): signed deliveries to the
    // app's webhook, and the bot's chat log.
    if (route === 'GET /_fake/health') return json(res, 200, { ok: true });
    if (route === 'GET /_fake/chat') return json(res, 200, { chat: fake.chat });
    if (route === 'GET /_fake/moderation') return json(res, 200, fake.moderation);
    if (route === 'POST /_fake/deliver') {
      const b = body as { to: string; type: string; body: object };
      const d = fake.delivery(b.type, b.body);
      const answer = await fetch(b.to, { method: 'POST', headers: d.headers, body: d.payload });
      return json(res, 200, { status: answer.status, body: await answer.text() });
    }

    if (route === 'GET /oauth/authorize') {
      const q = url.searchParams;
      if (q.get('client_id') !== clientId || q.get('code_challenge_method') !== 'S256' || !q.get('state') || !q.get('code_challenge')) {
        return json(res, 400, { error: 'invalid_request' });
      }
      const code = `code-${randomBytes(8).toString('hex')}`;
      codes.set(code, { challenge: q.get('code_challenge')!, redirectUri: q.get('redirect_uri')!, scope: q.get('scope') ?? '' });
      const back = new URL(q.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state')!);
      res.writeHead(302, { location: back.toString() });
      return void res.end();
    }
    if (route === 'POST /oauth/token') {
      const form = (body ?? {}) as Record<string, string>;
      if (form.client_id !== clientId || form.client_secret !== clientSecret) return json(res, 401, { error: 'invalid_client' });
      if (form.grant_type === 'authorization_code') {
        const entry = codes.get(form.code ?? '');
        codes.delete(form.code ?? '');
        const challenge = createHash('sha256')
          .update(form.code_verifier ?? '')
          .digest('base64url');
        if (!entry || entry.redirectUri !== form.redirect_uri || entry.challenge !== challenge) return json(res, 400, { error: 'invalid_grant' });
        return json(res, 200, issue(entry.scope));
      }
      if (form.grant_type === 'refresh_token') {
        if (fake.failRefresh || !refreshTokens.has(form.refresh_token ?? '')) return json(res, 400, { error: 'invalid_grant' });
        return json(res, 200, issue('user:read channel:read chat:write events:subscribe moderation:ban moderation:chat_message:manage'));
      }
      return json(res, 400, { error: 'unsupported_grant_type' });
    }
    if (route === 'POST /oauth/revoke') {
      const token = url.searchParams.get('token') ?? '';
      accessTokens.delete(token);
      refreshTokens.delete(token);
      return json(res, 200, {});
    }
    if (!url.pathname.startsWith('/public/v1/')) return json(res, 404, { message: 'not found' });
    // Kick serves the key that signs its webhooks to anyone, without a token.
    if (route === 'GET /public/v1/public-key') return json(res, 200, { data: { public_key: publicPem() }, message: 'OK' });
    if (!authorization?.startsWith('Bearer ') || !accessTokens.has(authorization.slice(7))) return json(res, 401, { message: 'Unauthorized' });

    if (route === 'GET /public/v1/users') {
      return json(res, 200, {
        data: [{ user_id: broadcaster.userId, name: broadcaster.name, email: 'streamer@example.test', profile_picture: '' }],
        message: 'OK',
      });
    }
    if (route === 'GET /public/v1/channels') {
      const stream = { is_live: fake.live, viewer_count: fake.live ? 12 : 0, start_time: fake.live ? new Date(0).toISOString() : null };
      return json(res, 200, {
        data: [{ broadcaster_user_id: broadcaster.userId, slug: broadcaster.slug, stream_title: 'Live', stream, category: null, active_subscribers_count: 0 }],
        message: 'OK',
      });
    }
    if (route === 'POST /public/v1/chat') {
      if (chat429.times > 0) {
        chat429.times -= 1;
        return json(res, 429, { message: 'Too Many Requests' }, { 'retry-after': String(chat429.retryAfter) });
      }
      const b = (body ?? {}) as { content?: string; type?: string; reply_to_message_id?: string };
      if (!b.content || b.content.length > 500 || (b.type !== 'bot' && b.type !== 'user')) return json(res, 400, { message: 'bad chat message' });
      fake.chat.push({ content: b.content, type: b.type, replyTo: b.reply_to_message_id ?? null });
      return json(res, 200, { data: { is_sent: true, message_id: ulid() }, message: 'OK' });
    }
    if (route === 'POST /public/v1/events/subscriptions') {
      const b = (body ?? {}) as { events?: { name: string }[]; method?: string };
      if (b.method !== 'webhook') return json(res, 400, { message: 'method' });
      const created = (b.events ?? []).map((e) => ({ id: `sub-${randomBytes(4).toString('hex')}`, event: e.name }));
      fake.subscriptions.push(...created);
      return json(res, 200, { data: created.map((c) => ({ name: c.event, version: 1, subscription_id: c.id, error: null })), message: 'OK' });
    }
    if (route === 'GET /public/v1/events/subscriptions') {
      return json(res, 200, {
        data: fake.subscriptions.map((s) => ({ id: s.id, event: s.event, version: 1, method: 'webhook', broadcaster_user_id: broadcaster.userId })),
        message: 'OK',
      });
    }
    if (route === 'DELETE /public/v1/events/subscriptions') {
      const ids = url.searchParams.getAll('id');
      fake.subscriptions = fake.subscriptions.filter((s) => !ids.includes(s.id));
      res.writeHead(204);
      return void res.end();
    }
    // Kick answers 403 to a call the token's scopes do not cover.
    const scopes = (accessTokens.get(authorization.slice(7)) ?? '').split(' ');
    const needs = (scope: string) => json(res, 403, { message: `Missing scope ${scope}` });
    const deleteChat = req.method === 'DELETE' ? /^\/public\/v1\/chat\/([^/]+)$/.exec(url.pathname) : null;
    if (deleteChat) {
      if (!scopes.includes('moderation:chat_message:manage')) return needs('moderation:chat_message:manage');
      fake.moderation.deleted.push(decodeURIComponent(deleteChat[1]!));
      res.writeHead(204);
      return void res.end();
    }
    if (route === 'POST /public/v1/moderation/bans' || route === 'DELETE /public/v1/moderation/bans') {
      if (!scopes.includes('moderation:ban')) return needs('moderation:ban');
      const b = (body ?? {}) as { broadcaster_user_id?: unknown; user_id?: unknown; duration?: unknown; reason?: unknown };
      if (b.broadcaster_user_id !== broadcaster.userId || typeof b.user_id !== 'number') return json(res, 400, { message: 'bad ban' });
      if (req.method === 'DELETE') {
        fake.moderation.unbans.push(b.user_id);
      } else {
        const duration = b.duration === undefined ? null : b.duration;
        if (duration !== null && (typeof duration !== 'number' || !Number.isInteger(duration) || duration < 1 || duration > 10_080))
          return json(res, 400, { message: 'bad duration' });
        if (b.reason !== undefined && (typeof b.reason !== 'string' || b.reason.length > 100)) return json(res, 400, { message: 'bad reason' });
        fake.moderation.bans.push({ userId: b.user_id, duration, reason: typeof b.reason === 'string' ? b.reason : null });
      }
      return json(res, 200, { data: {}, message: 'OK' });
    }
    return json(res, 404, { message: 'not found' });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => json(res, 500, { message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}

/** The app's environment for this fake Kick. */
export function fakeKickEnv(fake: FakeKick): Record<string, string> {
  return {
    KICK_CLIENT_ID: fake.clientId,
    KICK_CLIENT_SECRET: fake.clientSecret,
    KICK_API_URL: fake.url,
    KICK_AUTH_URL: fake.url,
    KICK_PUBLIC_KEY: fake.publicKeyEnv,
  };
}

// What the stream's benchmarks share: Kick's signing key pair (the server gets the public key as
// KICK_PUBLIC_KEY), signed chat deliveries, and the stream job's backlog.
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { startBenchServer } from './bench-server.mjs';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

/** KICK_PUBLIC_KEY for the server: it verifies the deliveries signed here. */
export const kickPublicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();

/**
 * `count` signed `chat.message.sent` deliveries, each its own message id, from `senders` distinct
 * viewers in turn (a repeat of one would be answered 409).
 */
export function signedDeliveries(count, senders = 500) {
  const timestamp = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  const out = [];
  for (let i = 0; i < count; i += 1) {
    const id = `01BENCH${randomBytes(10).toString('hex').toUpperCase()}`;
    const body = JSON.stringify({
      message_id: id,
      broadcaster: { user_id: 1, username: 'bench', channel_slug: 'bench' },
      sender: {
        user_id: 10_000 + (i % senders),
        username: `viewer${i % senders}`,
        is_verified: false,
        channel_slug: 'v',
        identity: { username_color: '#fff', badges: [] },
      },
      content: `hello stream ${i}`,
      emotes: [],
      created_at: new Date().toISOString(),
    });
    const signature = sign('sha256', Buffer.from(`${id}.${timestamp}.${body}`), privateKey).toString('base64');
    out.push({
      id,
      body,
      headers: {
        'content-type': 'application/json',
        'kick-event-message-id': id,
        'kick-event-message-timestamp': timestamp,
        'kick-event-signature': signature,
        'kick-event-type': 'chat.message.sent',
        'kick-event-version': '1',
      },
    });
  }
  return out;
}

/**
 * Stored stream events, how many the job has not processed yet, and the age in seconds of the
 * oldest of those (the job's lag); from PostgreSQL (`url`) or a stopped server's PGlite (`dataDir`).
 */
export async function eventBacklog({ url, dataDir }) {
  const query = `select count(*)::int as stored, count(*) filter (where processed_at is null)::int as pending,
    coalesce(extract(epoch from now() - min(received_at) filter (where processed_at is null)), 0)::float as "lagSeconds" from stream_events`;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(query)).rows[0];
    } finally {
      await client.end();
    }
  }
  const db = new PGlite(path.join(dataDir, 'db'));
  try {
    return (await db.query(query)).rows[0];
  } finally {
    await db.close();
  }
}

/**
 * Connects the channel of broadcaster 1 (the deliveries' broadcaster) in the database: only the
 * connected channel's events are stored for the job. Kick's API is a closed local port (the bot's
 * calls fail at once and are not part of what is measured).
 */
export const CONNECT_CHANNEL_SQL = `insert into stream_connection (id, broadcaster_user_id, channel_slug, scopes, access_token, refresh_token, token_expires_at, is_live, live_since, connected_at)
  values (1, '1', 'bench', '', 'x', 'x', now() + interval '1 day', true, now(), now()) on conflict (id) do nothing`;
export const KICK_API_CLOSED = 'http://127.0.0.1:9';

/**
 * The built server (startBenchServer's `options`) with the channel connected: on PostgreSQL by SQL
 * beside it; on PGlite (the server's own database) between a first start and the one measured.
 */
export async function connectedServer(options) {
  const env = { KICK_API_URL: KICK_API_CLOSED, ...options.env };
  if (options.databaseUrl) {
    const server = await startBenchServer({ ...options, env });
    const client = new pg.Client({ connectionString: options.databaseUrl });
    await client.connect();
    await client.query(CONNECT_CHANNEL_SQL);
    await client.end();
    return server;
  }
  const first = await startBenchServer({ ...options, env });
  await first.stop({ keepData: true });
  const db = new PGlite(path.join(first.dataDir, 'db'));
  await db.query(CONNECT_CHANNEL_SQL);
  await db.close();
  return startBenchServer({ ...options, env, dataDir: first.dataDir });
}

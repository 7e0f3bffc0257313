// Twitch's EventSub webhook against health: the built server (apps/server/dist) on PGlite (and on a
// fresh PostgreSQL database when BENCH_TWITCH_DB=postgres or both), with a Twitch channel connected
// (its row written directly; Twitch itself is not reached). POST /api/integrations/twitch/eventsub with
// signed channel.chat.message notifications (each its own message id, HMAC-SHA256 signed before the
// run) at BENCH_CONNECTIONS (16) connections, as a share of GET /api/health's throughput on the same
// server, in BENCH_STREAM_ROUNDS (3) alternating windows of BENCH_DURATION (6) s in all; goal >= 30 %,
// as for Kick's webhook (scripts/bench-stream.mjs). The events job runs meanwhile, as in production.
// `npm run bench` builds first; alone: `npm run build && node scripts/bench-twitch.mjs`.
import { createHmac, randomUUID } from 'node:crypto';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import pg from 'pg';
import { createBenchDatabase, requireBuiltServer, startBenchServer } from './bench-server.mjs';
import { recordGoals } from './bench-summary.mjs';
import { log } from './lib.mjs';
import { resolvePostgres } from './postgres.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 6);
const ROUNDS = Number(process.env.BENCH_STREAM_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const GOAL = 0.3;
const SECRET = 'bench-eventsub-secret-0123';
const BROADCASTER = '1';
const DBS = (process.env.BENCH_TWITCH_DB ?? 'pglite').split(',');
const CONNECT_SQL = `insert into twitch_connection (id, broadcaster_user_id, login, scopes, access_token, refresh_token, token_expires_at, is_live, live_since, connected_at)
  values (1, '${BROADCASTER}', 'bench', '', 'x', 'x', now() + interval '1 day', true, now(), now()) on conflict (id) do nothing`;

requireBuiltServer();

/** Signed EventSub notifications (chat messages from 500 chatters), each with its own id. */
function signedNotifications(count) {
  const timestamp = new Date().toISOString();
  const out = [];
  for (let i = 0; i < count; i += 1) {
    const id = randomUUID();
    const body = JSON.stringify({
      subscription: { id: 'bench', type: 'channel.chat.message', version: '1', status: 'enabled', condition: { broadcaster_user_id: BROADCASTER } },
      event: {
        broadcaster_user_id: BROADCASTER,
        chatter_user_id: String(10_000 + (i % 500)),
        chatter_user_login: `viewer${i % 500}`,
        chatter_user_name: `Viewer${i % 500}`,
        message_id: `m-${i}`,
        message: { text: 'gg', fragments: [] },
        badges: [],
        source_broadcaster_user_id: null,
      },
    });
    const signature = `sha256=${createHmac('sha256', SECRET).update(id).update(timestamp).update(body).digest('hex')}`;
    out.push({
      body,
      headers: {
        'content-type': 'application/json',
        'twitch-eventsub-message-id': id,
        'twitch-eventsub-message-timestamp': timestamp,
        'twitch-eventsub-message-signature': signature,
        'twitch-eventsub-message-type': 'notification',
      },
    });
  }
  return out;
}

function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: DURATION_S / ROUNDS, pipelining: 1, ...options }, (error, result) =>
      error ? reject(error) : resolve({ rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx }),
    );
  });
}

async function run(label, databaseUrl) {
  const env = {
    TWITCH_CLIENT_ID: 'bench',
    TWITCH_CLIENT_SECRET: 'bench',
    TWITCH_EVENTSUB_SECRET: SECRET,
    TWITCH_API_URL: 'http://127.0.0.1:9',
    TWITCH_AUTH_URL: 'http://127.0.0.1:9',
    SEED_CATALOGUE: 'false',
    DEMO_FEED: 'false',
    DEMO_EMAIL: '',
    DEMO_PASSWORD: '',
  };
  let server;
  if (databaseUrl) {
    server = await startBenchServer({ databaseUrl, env });
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(CONNECT_SQL);
    await client.end();
  } else {
    const first = await startBenchServer({ env });
    await first.stop({ keepData: true });
    const db = new PGlite(path.join(first.dataDir, 'db'));
    await db.query(CONNECT_SQL);
    await db.close();
    server = await startBenchServer({ env, dataDir: first.dataDir });
  }
  try {
    const deliveries = signedNotifications(Math.min(90_000, DURATION_S * 6000 + 2000));
    let next = 0;
    const health = () => cannon({ url: `${server.origin}/api/health` });
    const webhook = () =>
      cannon({
        url: server.origin,
        requests: [
          {
            method: 'POST',
            path: '/api/integrations/twitch/eventsub',
            setupRequest: (request) => {
              const d = deliveries[next++ % deliveries.length];
              return { ...request, headers: d.headers, body: d.body };
            },
          },
        ],
      });
    let h = 0;
    let w = 0;
    let non2xx = 0;
    let p99 = 0;
    for (let round = 1; round <= ROUNDS; round += 1) {
      const hr = await health();
      const wr = await webhook();
      h += hr.rps;
      w += wr.rps;
      non2xx += wr.non2xx;
      p99 = Math.max(p99, wr.p99);
      log(`${label}: window ${round}: health ${hr.rps.toFixed(0)} req/s, EventSub ${wr.rps.toFixed(0)} req/s (p99 ${wr.p99} ms)`);
    }
    const ratio = w / h;
    const ok = ratio >= GOAL && non2xx === 0;
    log(
      `${label}: EventSub ${(w / ROUNDS).toFixed(0)} req/s against health ${(h / ROUNDS).toFixed(0)} req/s: ${(ratio * 100).toFixed(0)} % ` +
        `(${non2xx} non-2xx, worst window p99 ${p99} ms) ${ok ? 'meets' : 'MISSES'} the goal (>= 30 %)`,
    );
    return { label, ratio, ok, webhookRps: w / ROUNDS, healthRps: h / ROUNDS };
  } finally {
    await server.stop();
  }
}

const results = [];
if (DBS.includes('pglite')) results.push(await run('PGlite'));
if (DBS.includes('postgres')) {
  const postgres = await resolvePostgres();
  const database = await createBenchDatabase(postgres.url, 'bench_twitch');
  try {
    results.push(await run('PostgreSQL', database.url));
  } finally {
    await database.drop();
    await postgres.stop();
  }
}
recordGoals(
  results.map((r) => ({
    area: `Twitch EventSub webhook (${r.label})`,
    goal: '>= 30 % of health',
    measured: `${r.webhookRps.toFixed(0)} of ${r.healthRps.toFixed(0)} req/s (${(r.ratio * 100).toFixed(0)} %)`,
    met: r.ok,
  })),
);
if (results.some((r) => !r.ok)) process.exitCode = 1;

// The live channel under load (`npm run bench` → this script; or `node scripts/bench-events.mjs` after
// `npm run build`): the built server on PostgreSQL holds STREAMS idle GET /api/events streams; the
// script reports the server's resident memory per stream, then sends ONE event on a public topic
// all of them listen to (a NOTIFY, as a committed act would) and times until every stream has it.
// Environment: STREAMS (default 5000), BATCH (connections opened at once, default 250).
import http from 'node:http';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { createBenchDatabase, requireBuiltServer, startBenchServer } from './bench-server.mjs';
import { log } from './lib.mjs';
import { resolvePostgres } from './postgres.mjs';

const STREAMS = Number(process.env.STREAMS ?? 5000);
const BATCH = Number(process.env.BATCH ?? 250);
const DEMO = { email: 'bench-events@example.com', password: 'Bench-Events-12345' };

requireBuiltServer();

function rssKbOf(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line.split(/\s+/)[1]);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens one stream; resolves once the preamble arrived; `onRace` is called at the first race event. */
function openStream(origin, token, agent, onRace) {
  return new Promise((resolve, reject) => {
    const req = http.get(`${origin}/api/events?topics=race`, { agent, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`stream answered ${res.statusCode}`));
        res.resume();
        return;
      }
      let opened = false;
      let raced = false;
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        if (!opened && chunk.includes('retry:')) {
          opened = true;
          resolve(req);
        }
        if (!raced && chunk.includes('event: race')) {
          raced = true;
          onRace(performance.now());
        }
      });
    });
    req.on('error', reject);
  });
}

const postgres = await resolvePostgres();
const database = await createBenchDatabase(postgres.url, 'bench_events');
const server = await startBenchServer({
  databaseUrl: database.url,
  env: { DEMO_EMAIL: DEMO.email, DEMO_PASSWORD: DEMO.password, JOBS_INTERVAL_SECONDS: '0', DEMO_FEED: 'false' },
});
const requests = [];
try {
  const login = await fetch(`${server.origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.origin },
    body: JSON.stringify({ ...DEMO, rememberMe: false }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const token = (await login.json()).tokens.access;

  await sleep(1000);
  const rssBefore = rssKbOf(server.pid);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const received = [];
  const openedAt = performance.now();
  for (let i = 0; i < STREAMS; i += BATCH) {
    const batch = [];
    for (let j = i; j < Math.min(STREAMS, i + BATCH); j += 1) batch.push(openStream(server.origin, token, agent, (at) => received.push(at)));
    requests.push(...(await Promise.all(batch)));
  }
  const openSeconds = (performance.now() - openedAt) / 1000;
  log(`${STREAMS} streams open in ${openSeconds.toFixed(1)} s`);
  await sleep(3000);
  const rssAfter = rssKbOf(server.pid);
  const perStreamKb = (rssAfter - rssBefore) / STREAMS;

  // One event on the public topic every stream listens to, as a committed act sends it.
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const sentAt = performance.now();
  await client.query(
    `select pg_notify('rh_events', json_build_object('id', nextval('live_event_seq'), 't', 'race', 'k', 'race', 'd', json_build_object('bench', true))::text)`,
  );
  const deadline = Date.now() + 60_000;
  while (received.length < STREAMS && Date.now() < deadline) await sleep(5);
  await client.end();
  const times = received.map((at) => at - sentAt).sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
  const result = {
    streams: STREAMS,
    openSeconds: Number(openSeconds.toFixed(1)),
    serverRssMbBefore: Math.round(rssBefore / 1024),
    serverRssMbWithStreams: Math.round(rssAfter / 1024),
    kbPerStream: Number(perStreamKb.toFixed(1)),
    broadcastReached: received.length,
    broadcastMsP50: Math.round(pct(50)),
    broadcastMsP99: Math.round(pct(99)),
    broadcastMsAll: Math.round(times.at(-1) ?? NaN),
  };
  console.log(JSON.stringify(result, null, 2));
  if (received.length < STREAMS) process.exitCode = 1;
} finally {
  for (const req of requests) req.destroy();
  await server.stop();
  await database.drop();
  await postgres.stop();
}

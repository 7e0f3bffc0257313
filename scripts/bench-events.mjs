// The live channel under load (`npm run bench` → this script; or `node scripts/bench-events.mjs` after
// `npm run build`): the built server on PostgreSQL holds STREAMS (20,000) GET /api/events streams of
// members (STREAMS / 4 members, 4 streams each: under the 5-per-member bound), every one on the race
// topic. (1) The server's resident memory per stream (goal < 20 KB). (2) ONE event on the race topic
// (a NOTIFY, as a committed standings refresh sends it), timed until every stream has it (goal p99
// < 1 s). (3) A reconnect storm: every stream is dropped, MISSED (3) events are published meanwhile,
// and all STREAMS reconnect with Last-Event-ID within STORM_S (10) s; goal: no errors, every stream
// replayed exactly the events it missed (no more), all back within the window.
// The process needs one open file per stream: the server is started with OPEN_FILES (65536) and
// this script raises its own limit the same way (re-run under `ulimit -n`; root or a hard limit that
// high). Smaller: STREAMS=2000 node scripts/bench-events.mjs.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';
import pg from 'pg';
import { cpuMsOf, createBenchDatabase, requireBuiltServer, startBenchServer } from './bench-server.mjs';
import { recordGoals } from './bench-summary.mjs';
import { log } from './lib.mjs';
import { resolvePostgres } from './postgres.mjs';

const STREAMS = Number(process.env.STREAMS ?? 20_000);
const PER_MEMBER = 4;
const BATCH = Number(process.env.BATCH ?? 250);
const MISSED = Number(process.env.MISSED ?? 3);
const STORM_S = Number(process.env.STORM_S ?? 10);
const OPEN_FILES = Number(process.env.OPEN_FILES ?? 65_536);
const GOAL = { kbPerStream: 20, p99Ms: 1000 };
const JWT_SECRET = randomBytes(32).toString('base64url');

const shellLimit = (flag) => {
  const text = spawnSync('/bin/sh', ['-c', `ulimit ${flag}`], { encoding: 'utf8' }).stdout.trim();
  return text === 'unlimited' ? Infinity : Number(text);
};
// What this machine allows a process without privileges: the hard limit.
const openFiles = Math.min(OPEN_FILES, shellLimit('-Hn'));
if (openFiles < STREAMS + 200) {
  console.error(
    `The open-file hard limit here is ${openFiles}: a process cannot hold ${STREAMS} streams and its other files. Raise it (LimitNOFILE, /etc/security/limits.conf, docker --ulimit nofile=65536) or run fewer STREAMS.`,
  );
}

// This process holds the client side of every stream: raise its own limit, or say what it needs.
if (!process.env.BENCH_EVENTS_LIMIT_RAISED) {
  const limit = shellLimit('-n');
  if (Number.isFinite(limit) && limit < Math.min(openFiles, STREAMS + 1000)) {
    const rerun = spawnSync('/bin/sh', ['-c', `ulimit -n ${openFiles} && exec "$0" "$@"`, process.execPath, fileURLToPath(import.meta.url)], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_EVENTS_LIMIT_RAISED: '1' },
    });
    if (rerun.status === null || rerun.error) console.error(`Could not raise the open-file limit to ${openFiles} (ulimit -n).`);
    process.exit(rerun.status ?? 1);
  }
}

requireBuiltServer();

function rssKbOf(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line.split(/\s+/)[1]);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const key = new TextEncoder().encode(JWT_SECRET);

/** The server's access token for a member (modules/auth/tokens.ts: issuer, audience, key; the session is the member's id). */
function accessToken(userId) {
  return new SignJWT({ sid: userId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer('rewards-hub')
    .setAudience('rewards-hub-api')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(key);
}

/**
 * One stream: resolves once the preamble arrived (or rejects on a refusal). `state` gathers what the
 * stream heard: race events' ids in order and the time of each.
 */
function openStream(origin, token, agent, state, lastEventId) {
  return new Promise((resolve, reject) => {
    const headers = { authorization: `Bearer ${token}`, accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': String(lastEventId) } : {}) };
    const req = http.get(`${origin}/api/events?topics=race`, { agent, headers }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`stream answered ${res.statusCode}`));
        res.resume();
        return;
      }
      let opened = false;
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        buffer += chunk;
        if (!opened && buffer.includes('retry:')) {
          opened = true;
          resolve(req);
        }
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!frame.includes('event: race')) continue;
          const id = Number(/^id: (\d+)$/m.exec(frame)?.[1]);
          state.ids.push(id);
          state.at.push(performance.now());
        }
      });
    });
    req.on('error', reject);
  });
}

async function notifyRace(client, n = 1) {
  for (let i = 0; i < n; i += 1)
    await client.query(
      `select pg_notify('rh_events', json_build_object('id', nextval('live_event_seq'), 't', 'race', 'k', 'race', 'd', json_build_object('bench', true))::text)`,
    );
}

function percentile(sorted, p) {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const postgres = await resolvePostgres();
const database = await createBenchDatabase(postgres.url, 'bench_events');
const server = await startBenchServer({
  databaseUrl: database.url,
  openFiles,
  env: { JWT_SECRET, DEMO_EMAIL: '', DEMO_PASSWORD: '', SEED_CATALOGUE: 'false', JOBS_INTERVAL_SECONDS: '0', DEMO_FEED: 'false' },
});
const client = new pg.Client({ connectionString: database.url });
await client.connect();
const streams = [];
const goals = [];
try {
  const members = Math.ceil(STREAMS / PER_MEMBER);
  const { rows } = await client.query(
    `insert into users (uid, email, username, password_hash, email_verified)
     select 'RH-EV' || lpad(i::text, 6, '0'), 'ev' || i || '@bench.invalid', 'ev_' || i, '!', true from generate_series(1, $1) as i returning id`,
    [members],
  );
  await client.query(`insert into auth_sessions (id, user_id) select id, id from users where email like 'ev%@bench.invalid'`);
  const tokens = await Promise.all(rows.map((r) => accessToken(r.id)));

  await sleep(1000);
  const rssBefore = rssKbOf(server.pid);
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const openedAt = performance.now();
  const cpuBeforeOpen = cpuMsOf(server.pid);
  for (let i = 0; i < STREAMS; i += BATCH) {
    const batch = [];
    for (let j = i; j < Math.min(STREAMS, i + BATCH); j += 1) {
      const state = { token: tokens[j % members], ids: [], at: [], req: null };
      streams.push(state);
      batch.push(openStream(server.origin, state.token, agent, state).then((req) => (state.req = req)));
    }
    await Promise.all(batch);
  }
  const openSeconds = (performance.now() - openedAt) / 1000;
  // The server's CPU per stream opened: what a loaded machine's wall time hides (a storm of
  // STREAMS in STORM_S seconds needs it under STORM_S / STREAMS of one core).
  const cpuMsPerOpen = (cpuMsOf(server.pid) - cpuBeforeOpen) / STREAMS;
  log(`${STREAMS.toLocaleString('en-US')} streams of ${members.toLocaleString('en-US')} members open in ${openSeconds.toFixed(1)} s`);
  await sleep(3000);
  const rssAfter = rssKbOf(server.pid);
  const kbPerStream = (rssAfter - rssBefore) / STREAMS;

  // (2) One race update to all.
  const sentAt = performance.now();
  await notifyRace(client);
  const deadline = Date.now() + 60_000;
  while (streams.some((s) => s.ids.length < 1) && Date.now() < deadline) await sleep(5);
  const times = streams
    .filter((s) => s.ids.length >= 1)
    .map((s) => s.at[0] - sentAt)
    .sort((a, b) => a - b);
  const reached = times.length;
  const p99 = Math.round(percentile(times, 99));

  // (3) The storm: every stream drops, MISSED events go out, all come back with their Last-Event-ID.
  const lastIds = streams.map((s) => s.ids.at(-1));
  for (const s of streams) s.req.destroy();
  await sleep(500);
  await notifyRace(client, MISSED);
  await sleep(500);
  const heard = streams.map((s) => s.ids.length);
  let errors = 0;
  const reasons = new Map();
  const stormStarted = performance.now();
  const spacing = (STORM_S * 1000 * 0.8) / STREAMS;
  await Promise.all(
    streams.map(async (s, i) => {
      await sleep(i * spacing);
      try {
        s.req = await openStream(server.origin, s.token, agent, s, lastIds[i]);
      } catch (error) {
        errors += 1;
        reasons.set(error.message, (reasons.get(error.message) ?? 0) + 1);
      }
    }),
  );
  const stormSeconds = (performance.now() - stormStarted) / 1000;
  await sleep(1000);
  const replayed = streams.map((s, i) => s.ids.length - heard[i]);
  const exact = replayed.filter((n) => n === MISSED).length;
  const tooMany = replayed.filter((n) => n > MISSED).length;
  const result = {
    streams: STREAMS,
    openSeconds: Number(openSeconds.toFixed(1)),
    serverCpuMsPerOpen: Number(cpuMsPerOpen.toFixed(2)),
    serverRssMbBefore: Math.round(rssBefore / 1024),
    serverRssMbWithStreams: Math.round(rssAfter / 1024),
    kbPerStream: Number(kbPerStream.toFixed(1)),
    broadcastReached: reached,
    broadcastMsP50: Math.round(percentile(times, 50)),
    broadcastMsP99: p99,
    broadcastMsAll: Math.round(times.at(-1) ?? NaN),
    stormSeconds: Number(stormSeconds.toFixed(1)),
    stormErrors: errors,
    stormErrorReasons: Object.fromEntries(reasons),
    stormReplayedExactly: exact,
    stormReplayedMore: tooMany,
  };
  console.log(JSON.stringify(result, null, 2));
  const n = STREAMS.toLocaleString('en-US');
  goals.push(
    {
      area: 'Live channel',
      goal: `${n} streams, < ${GOAL.kbPerStream} KB each`,
      measured: `${result.kbPerStream} KB each`,
      met: kbPerStream < GOAL.kbPerStream && reached === STREAMS,
    },
    {
      area: 'Live channel',
      goal: `one race update to all ${n}, p99 < 1 s`,
      measured: `${reached} reached, p99 ${p99} ms`,
      met: reached === STREAMS && p99 < GOAL.p99Ms,
    },
    {
      area: 'Live channel',
      goal: `reconnect storm: all ${n} with Last-Event-ID in ${STORM_S} s, no errors, replay only what was missed`,
      measured: `${result.stormSeconds} s, ${errors} errors, ${exact} replayed exactly ${MISSED}, ${tooMany} more (server CPU ${result.serverCpuMsPerOpen} ms a stream)`,
      met: errors === 0 && exact === STREAMS && stormSeconds <= STORM_S,
    },
  );
} finally {
  for (const s of streams) s.req?.destroy();
  await client.end();
  await server.stop();
  await database.drop();
  await postgres.stop();
}
recordGoals(goals);
process.exitCode = goals.length > 0 && goals.every((g) => g.met) ? 0 : 1;

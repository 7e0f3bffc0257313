// API load benchmark of the accounts API: autocannon against the built server (apps/server/dist), started here
// on a random free port with a temp DATA_DIR, once on PGlite and once on a fresh PostgreSQL database.
// Measures GET /api/health, GET /api/auth/me with a valid access token, and POST /api/auth/refresh
// where every connection carries its own session and presents the newest rotated cookie each time.
// Prints requests per second and p99 latency. `npm run bench` builds first and then calls this.
import os from 'node:os';
import autocannon from 'autocannon';
import { createBenchDatabase, cpuMsOf, requireBuiltServer, startBenchServer } from './bench-server.mjs';
import { log } from './lib.mjs';
import { resolvePostgres } from './postgres.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
// Seconds of health and /me before the measured runs, not counted (0 for none).
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 2);
// The goal in docs/performance.md: GET /api/auth/me serves at least half the health call's throughput, p99 under 20 ms.
const ME_GOAL = { ratio: 0.5, p99: 20 };
const DEMO = { email: 'bench@example.com', password: 'Bench-Pass-12345' };

requireBuiltServer();

function startServer(databaseUrl) {
  return startBenchServer({ databaseUrl, env: { DEMO_EMAIL: DEMO.email, DEMO_PASSWORD: DEMO.password } });
}

/** Logs the bench user in (rememberMe); returns the access token and the refresh cookie. */
async function login(origin) {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ ...DEMO, rememberMe: true }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('refresh_token='));
  return { access: (await res.json()).tokens.access, cookie: cookie.split(';')[0] };
}

function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: DURATION_S, pipelining: 1, ...options }, (error, result) => {
      if (error) reject(error);
      else resolve(result);
    });
  });
}

/** autocannon, plus the server's own CPU per request (steadier than req/s on a shared machine). */
async function measured(pid, options) {
  const before = cpuMsOf(pid);
  const result = await cannon(options);
  const after = cpuMsOf(pid);
  result.cpuUsPerRequest =
    before === undefined || after === undefined || !result.requests.total ? undefined : Math.round(((after - before) * 1000) / result.requests.total);
  return result;
}

function summary(name, result) {
  return {
    endpoint: name,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    requests: result.requests.total,
    'non-2xx': result.non2xx + result.errors + result.timeouts,
    'server CPU µs/req': result.cpuUsPerRequest ?? '—',
  };
}

async function benchServer(origin, pid) {
  const rows = [];
  const { access } = await login(origin);
  const me = { url: `${origin}/api/auth/me`, headers: { authorization: `Bearer ${access}` } };
  if (WARMUP_S > 0) {
    // Not counted: the JIT and the database's caches warm on both calls, so the health baseline
    // (measured first) does not pay the start-up alone.
    await cannon({ url: `${origin}/api/health`, duration: WARMUP_S });
    await cannon({ ...me, duration: WARMUP_S });
  }
  rows.push(summary('GET /api/health', await measured(pid, { url: `${origin}/api/health` })));

  rows.push(summary('GET /api/auth/me', await measured(pid, me)));

  // One session (refresh-token family) per connection: each connection presents its newest
  // cookie, as one browser tab does. Presenting an old one would revoke the family (and show as non-2xx).
  const sessions = [];
  for (let i = 0; i < CONNECTIONS; i += 1) sessions.push((await login(origin)).cookie);
  let next = 0;
  rows.push(
    summary(
      'POST /api/auth/refresh (rotating)',
      await measured(pid, {
        url: origin,
        setupClient: (client) => {
          const state = { cookie: sessions[next++ % sessions.length] };
          client.setRequests([
            {
              method: 'POST',
              path: '/api/auth/refresh',
              setupRequest: (request) => ({
                ...request,
                headers: { 'content-type': 'application/json', origin, cookie: state.cookie },
                body: '{"refresh":null}',
              }),
              onResponse: (_status, _body, _context, headers) => {
                const setCookie = headers['set-cookie'];
                const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
                const fresh = list.find((c) => c.startsWith('refresh_token=') && !c.startsWith('refresh_token=;'));
                if (fresh) state.cookie = fresh.split(';')[0];
              },
            },
          ]);
        },
      }),
    ),
  );
  return rows;
}

async function runCase(label, databaseUrl) {
  log(`API load on ${label}: ${CONNECTIONS} connections, ${DURATION_S} s per endpoint`);
  const server = await startServer(databaseUrl);
  try {
    const rows = await benchServer(server.origin, server.pid);
    console.table(rows);
    return rows.map((row) => ({ database: label, ...row }));
  } finally {
    await server.stop();
  }
}

const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
console.log(
  `Machine: ${machine}; load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} at start`,
);

const results = [];
results.push(...(await runCase('PGlite', undefined)));

const postgres = await resolvePostgres();
const database = await createBenchDatabase(postgres.url);
try {
  results.push(...(await runCase('PostgreSQL', database.url)));
} finally {
  await database.drop().catch((error) => console.error(`could not drop ${database.url}: ${error.message}`));
  await postgres.stop();
}

log('Summary');
console.log(
  `Machine: ${machine}; load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} at the end`,
);
console.table(
  results.map(({ database, endpoint, ...rest }) => ({
    database,
    endpoint,
    'req/s': rest['req/s'],
    'p99 ms': rest['p99 ms'],
    'non-2xx': rest['non-2xx'],
    'server CPU µs/req': rest['server CPU µs/req'],
  })),
);
log(`GET /api/auth/me against GET /api/health (goal: ratio >= ${ME_GOAL.ratio}, me p99 < ${ME_GOAL.p99} ms, ${CONNECTIONS} connections)`);
for (const database of ['PGlite', 'PostgreSQL']) {
  const health = results.find((r) => r.database === database && r.endpoint === 'GET /api/health');
  const me = results.find((r) => r.database === database && r.endpoint === 'GET /api/auth/me');
  if (!health || !me) continue;
  const ratio = me['req/s'] / health['req/s'];
  const met = ratio >= ME_GOAL.ratio && me['p99 ms'] < ME_GOAL.p99;
  console.log(
    `${database}: me/health = ${ratio.toFixed(2)} (${me['req/s']} / ${health['req/s']} req/s), me p99 ${me['p99 ms']} ms: ${met ? 'goal met' : 'goal NOT met'}`,
  );
}
if (results.some((r) => r['non-2xx'] > 0)) {
  console.error('Some requests failed (non-2xx): the figures above are not clean.');
  process.exitCode = 1;
}

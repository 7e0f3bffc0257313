// The stream's benchmark: the built server (apps/server/dist) on PGlite and on a fresh PostgreSQL
// database. (1) POST /api/integrations/kick/webhook with signed chat messages (each its own message
// id, signed before the run) at BENCH_CONNECTIONS (16) connections, as a share of GET /api/health's
// throughput on the same server; goal >= 30 % and p99 under 50 ms. Both are warmed for a second, then
// measured in BENCH_STREAM_ROUNDS (3) alternating windows of health then webhook, BENCH_DURATION (6) s
// each in all: this machine's speed drifts within seconds, and alternating puts both calls under the
// same drift. The share is the webhook's requests over health's in those windows; the p99 is of all
// the webhook's responses in them. The events are stored and the server's stream job works through them meanwhile, as in
// production; before each health window the job has caught up (PostgreSQL: none left unprocessed;
// PGlite, whose database is the server's own: 3 s, past the job's next 2-s run), and 5 s after the
// load none may be left (the job must keep pace, not only the webhook). (2) One presence block's
// crediting for BENCH_STREAM_VIEWERS (20,000) present linked viewers (scripts/bench-stream-block.ts);
// goal under 3 s on PostgreSQL. `npm run bench` builds first; alone: `npm run build && node scripts/bench-stream.mjs`.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createBenchDatabase, requireBuiltServer, root } from './bench-server.mjs';
import { promisify } from 'node:util';
import { connectedServer, eventBacklog, kickPublicKeyPem, signedDeliveries } from './bench-kick.mjs';
import { recordGoals } from './bench-summary.mjs';
import { log } from './lib.mjs';
import { resolvePostgres } from './postgres.mjs';

const execFileAsync = promisify(execFile);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 6);
const ROUNDS = Number(process.env.BENCH_STREAM_ROUNDS ?? 3);
const WARM_S = 1;
const CAUGHT_UP_S = 3;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const GOAL = { ratio: 0.3, p99: 50, blockMs: 3000 };
const AFTER_LOAD_S = 5;
const VIEWERS = Number(process.env.BENCH_STREAM_VIEWERS ?? 20_000);
// BENCH_CPU_PROF=<dir>: the servers write V8 CPU profiles there (node --cpu-prof), to see where the webhook's time goes.
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF;
// BENCH_STREAM_ONLY=webhook: skip the block runs.
const ONLY_WEBHOOK = process.env.BENCH_STREAM_ONLY === 'webhook';
// BENCH_STREAM_DB=pglite or postgres: the webhook run on that database only.
const WEBHOOK_DBS = process.env.BENCH_STREAM_DB ? [process.env.BENCH_STREAM_DB] : ['pglite', 'postgres'];

requireBuiltServer();

/** One load window; `latencies` holds every response's time (ms), to merge windows' percentiles. */
function cannon(options) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const instance = autocannon({ connections: CONNECTIONS, duration: DURATION_S, pipelining: 1, ...options }, (error, result) => {
      if (error) reject(error);
      else resolve({ rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors, latencies });
    });
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
}

/** The p-th percentile (0–100) of the windows' responses together, in whole ms as autocannon gives them. */
function percentile(windows, p) {
  const all = windows.flatMap((w) => w.latencies).sort((a, b) => a - b);
  return all.length === 0 ? NaN : Math.round(all[Math.min(all.length - 1, Math.ceil((p / 100) * all.length) - 1)]);
}

async function webhookRun(label, databaseUrl) {
  // Only the connected channel's chat is stored for the job.
  const server = await connectedServer({
    databaseUrl,
    nodeArgs: CPU_PROF_DIR ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROF_DIR] : [],
    // BENCH_SERVER_ENTRY=<file>: another build of the server, to compare two versions back to back.
    ...(process.env.BENCH_SERVER_ENTRY ? { entry: path.resolve(process.env.BENCH_SERVER_ENTRY) } : {}),
    env: {
      KICK_PUBLIC_KEY: kickPublicKeyPem,
      SEED_CATALOGUE: 'false',
      DEMO_FEED: 'false',
      JOBS_INTERVAL_SECONDS: '0',
      DEMO_EMAIL: '',
      DEMO_PASSWORD: '',
    },
  });
  try {
    // Enough for the run (a rough ceiling of 6,000 a second).
    const deliveries = signedDeliveries(Math.min(90_000, (DURATION_S + WARM_S) * 6000 + 2000));
    let next = 0;
    const health = (duration) => cannon({ url: `${server.origin}/api/health`, duration });
    const webhook = (duration) =>
      cannon({
        url: server.origin,
        duration,
        requests: [
          {
            method: 'POST',
            path: '/api/integrations/kick/webhook',
            setupRequest: (request) => {
              const d = deliveries[next++ % deliveries.length];
              return { ...request, headers: d.headers, body: d.body };
            },
          },
        ],
      });
    const caughtUp = () => (databaseUrl ? jobCaughtUp(databaseUrl) : new Promise((resolve) => setTimeout(resolve, CAUGHT_UP_S * 1000)));
    await health(WARM_S);
    await webhook(WARM_S);
    await caughtUp();
    const windows = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const h = await health(DURATION_S / ROUNDS);
      const w = await webhook(DURATION_S / ROUNDS);
      windows.push({ h, w });
      log(
        `${label}: window ${round}: health ${h.rps.toFixed(0)} req/s, webhook ${w.rps.toFixed(0)} req/s (p99 ${w.p99} ms): ${((w.rps / h.rps) * 100).toFixed(0)} %`,
      );
      if (round < ROUNDS) await caughtUp();
    }
    const sum = (pick) => windows.reduce((total, x) => total + pick(x), 0);
    const healthRps = sum((x) => x.h.rps) / ROUNDS;
    const webhookRps = sum((x) => x.w.rps) / ROUNDS;
    const p99 = percentile(
      windows.map((x) => x.w),
      99,
    );
    const healthP99 = percentile(
      windows.map((x) => x.h),
      99,
    );
    const non2xx = sum((x) => x.w.non2xx);
    const ratio = webhookRps / healthRps;
    const ok = ratio >= GOAL.ratio && p99 < GOAL.p99 && non2xx === 0;
    log(
      `${label}: health ${healthRps.toFixed(0)} req/s (p99 ${healthP99} ms); webhook ${webhookRps.toFixed(0)} req/s (p99 ${p99} ms, ${non2xx} non-2xx): ` +
        `${(ratio * 100).toFixed(0)} % of health ${ok ? 'meets' : 'MISSES'} the goal (>= 30 %, p99 < 50 ms)`,
    );
    // Whether the stream job kept pace with the flood (a fast webhook over a job that falls behind
    // would only move the work): what it has not processed AFTER_LOAD_S after the load stopped, with
    // the job running every 2 s. PGlite (the server's own) is read once the server has stopped.
    await new Promise((resolve) => setTimeout(resolve, AFTER_LOAD_S * 1000));
    const backlog = databaseUrl
      ? await eventBacklog({ url: databaseUrl })
      : (await server.stop({ keepData: true }), await eventBacklog({ dataDir: server.dataDir }));
    const kept = backlog.pending === 0;
    log(
      `${label}: ${AFTER_LOAD_S} s after the load, ${backlog.pending} of the ${backlog.stored} stored events unprocessed: the job ${kept ? 'kept' : 'did NOT keep'} pace`,
    );
    return { label, healthRps, webhookRps, p99, ratio, ok: ok && kept, backlog };
  } finally {
    await server.stop();
  }
}

/** Waits (up to 20 s) until the stream job has processed every stored event (PostgreSQL). */
async function jobCaughtUp(url) {
  const deadline = Date.now() + 20_000;
  while ((await eventBacklog({ url })).pending > 0) {
    if (Date.now() > deadline) throw new Error('the stream job did not catch up within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function blockRun(label, args) {
  const started = performance.now();
  const { stdout: output } = await execFileAsync(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'scripts/bench-stream-block.ts'), ...args], {
    cwd: root,
    env: { ...process.env, BENCH_STREAM_VIEWERS: String(VIEWERS) },
    maxBuffer: 1 << 20,
  });
  const result = JSON.parse(output.trim().split('\n').at(-1));
  const ok = result.ms < GOAL.blockMs;
  log(
    `${label}: one block for ${result.viewers} present viewers: ${result.credited} credited in ${result.ms} ms ${ok ? 'meets' : 'misses'} the goal (< 3 s) (whole run ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  return { ...result, label, ok };
}

const results = [];
const postgres = await resolvePostgres();
try {
  if (WEBHOOK_DBS.includes('pglite')) {
    log('Webhook: signed chat messages on PGlite');
    results.push(await webhookRun('PGlite', undefined));
  }
  if (WEBHOOK_DBS.includes('postgres')) {
    const database = await createBenchDatabase(postgres.url, 'bs');
    try {
      log('Webhook: signed chat messages on PostgreSQL');
      results.push(await webhookRun('PostgreSQL', database.url));
    } finally {
      await database.drop();
    }
  }
  if (!ONLY_WEBHOOK) {
    const blockDb = await createBenchDatabase(postgres.url, 'bsb');
    try {
      results.push(await blockRun('PostgreSQL', ['postgres', blockDb.url]));
    } finally {
      await blockDb.drop();
    }
    const dir = mkdtempSync(path.join(tmpdir(), 'rh-bench-block-'));
    try {
      results.push(await blockRun('PGlite', ['pglite', dir]));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
} finally {
  await postgres.stop();
}
recordGoals(
  results
    // The goal is PostgreSQL's; PGlite's figure is in the log above.
    .filter((r) => r.viewers !== undefined && r.label === 'PostgreSQL')
    .map((r) => ({
      area: 'Presence (PostgreSQL)',
      goal: `one block for ${r.viewers.toLocaleString('en-US')} chatters credited < 3 s`,
      measured: `${r.credited} credited in ${r.ms} ms`,
      met: r.ok,
    })),
);
process.exitCode = results.every((r) => r.ok) ? 0 : 1;

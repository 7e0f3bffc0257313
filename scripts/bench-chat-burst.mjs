// Chat bursts: a big stream's chat at its peak, one signed Kick webhook per message. The built
// server on a fresh PostgreSQL database takes BURST_RATE (1,000) signed chat messages a second for
// BURST_SECONDS (60) s (autocannon's overall rate over 32 connections, BURST_SENDERS (5,000)
// distinct chatters) while its stream job works through them as in production. Goals: every
// message answered 2xx is stored, once (the message id is the key: answered <= stored <= sent),
// the job's lag at the end (the oldest unprocessed message's age when the load stops)
// under 5 s, webhook p99 under 50 ms. Then the same on PGlite at BURST_PGLITE_RATE (250) a second:
// the rate it is held to (the summary says which and whether it kept up).
// Alone: `npm run build && node scripts/bench-chat-burst.mjs`; smaller: BURST_SECONDS=10 BURST_RATE=200.
import autocannon from 'autocannon';
import { createBenchDatabase, requireBuiltServer } from './bench-server.mjs';
import { connectedServer, eventBacklog, kickPublicKeyPem, signedDeliveries } from './bench-kick.mjs';
import { recordGoals } from './bench-summary.mjs';
import { log } from './lib.mjs';
import { resolvePostgres } from './postgres.mjs';

const RATE = Number(process.env.BURST_RATE ?? 1000);
const PGLITE_RATE = Number(process.env.BURST_PGLITE_RATE ?? 250);
const SECONDS = Number(process.env.BURST_SECONDS ?? 60);
const SENDERS = Number(process.env.BURST_SENDERS ?? 5000);
const CONNECTIONS = 32;
const GOAL = { lagSeconds: 5, p99: 50 };
const DBS = (process.env.BURST_DBS ?? 'postgres,pglite').split(',');

requireBuiltServer();

function burst(origin, rate) {
  const deliveries = signedDeliveries(Math.ceil(rate * SECONDS * 1.05) + 100, SENDERS);
  let next = 0;
  return new Promise((resolve, reject) => {
    const latencies = [];
    let ok = 0;
    const instance = autocannon(
      {
        url: origin,
        connections: CONNECTIONS,
        duration: SECONDS,
        overallRate: rate,
        pipelining: 1,
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
      },
      (error, result) => (error ? reject(error) : resolve({ sent: next, ok, bad: result.non2xx + result.errors + result.timeouts, latencies })),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      latencies.push(ms);
      if (status >= 200 && status < 300) ok += 1;
    });
  });
}

const serverEnv = {
  KICK_PUBLIC_KEY: kickPublicKeyPem,
  SEED_CATALOGUE: 'false',
  DEMO_FEED: 'false',
  JOBS_INTERVAL_SECONDS: '0',
  DEMO_EMAIL: '',
  DEMO_PASSWORD: '',
};

async function run(label, rate, databaseUrl) {
  const server = await connectedServer({ databaseUrl, env: serverEnv });
  try {
    log(`${label}: ${rate} signed chat messages a second for ${SECONDS} s, ${SENDERS} chatters, the stream job running`);
    const result = await burst(server.origin, rate);
    // The lag when the load stops (PGlite is the server's own database: read after it stopped).
    const backlog = databaseUrl
      ? await eventBacklog({ url: databaseUrl })
      : (await server.stop({ keepData: true }), await eventBacklog({ dataDir: server.dataDir }));
    // The answers still in flight when the load stopped are stored a moment later: counted after it.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const { stored } = databaseUrl ? await eventBacklog({ url: databaseUrl }) : backlog;
    const sorted = result.latencies.sort((a, b) => a - b);
    const p99 = Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1)] ?? NaN);
    const achieved = result.ok / SECONDS;
    const row = {
      database: label,
      'rate asked': rate,
      'rate sent': Math.round(achieved),
      'sent (ids)': result.sent,
      answered2xx: result.ok,
      'non-2xx': result.bad,
      stored,
      'lag s': Number(backlog.lagSeconds.toFixed(1)),
      'p99 ms': p99,
    };
    // Every message acknowledged (2xx) is stored, once: its id is the key, so none is stored twice and
    // no more are stored than were sent (PGlite: the stop before the count cuts the few in flight,
    // never acknowledged, which Kick would deliver again).
    const storedOnce = stored >= result.ok && stored <= result.sent && result.bad === 0;
    // The rate asked was held (within 5%): otherwise the machine, not the server, set the pace.
    const held = achieved >= rate * 0.95;
    return { ...row, met: storedOnce && held && backlog.lagSeconds < GOAL.lagSeconds && p99 < GOAL.p99 };
  } finally {
    await server.stop();
  }
}

const rows = [];
const postgres = await resolvePostgres();
try {
  if (DBS.includes('postgres')) {
    const database = await createBenchDatabase(postgres.url, 'bench_burst');
    try {
      rows.push(await run('PostgreSQL', RATE, database.url));
    } finally {
      await database.drop();
    }
  }
  if (DBS.includes('pglite')) rows.push(await run('PGlite', PGLITE_RATE, undefined));
} finally {
  await postgres.stop();
}
log(`Chat bursts (goals: every message stored once, job lag < ${GOAL.lagSeconds} s at the end, webhook p99 < ${GOAL.p99} ms)`);
console.table(rows.map(({ met, ...row }) => ({ ...row, goal: met ? 'met' : 'MISSED' })));
recordGoals(
  rows.map((r) => ({
    area: `Chat burst (${r.database})`,
    goal: `${r['rate asked']} msg/s for ${SECONDS} s: stored once, lag < 5 s, p99 < 50 ms`,
    measured: `${r['rate sent']}/s sent, ${r.stored} of ${r['sent (ids)']} stored, lag ${r['lag s']} s, p99 ${r['p99 ms']} ms`,
    met: r.met,
  })),
);
process.exitCode = rows.every((r) => r.met) ? 0 : 1;

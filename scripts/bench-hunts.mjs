// Bonus hunt read benchmark: the built server (apps/server/dist) on a fresh PostgreSQL database
// and on PGlite, with one hunt of HUNT_BONUSES (200) bonuses and HUNT_GUESSES (5,000) guesses,
// opened (guesses published, the heaviest read the live page polls). autocannon with 16
// connections on GET /api/health, then on GET /api/bonus-hunts/:id; the goal is the hunt read at
// >= 50% of the health call's throughput. `npm run bench` builds first; alone:
// `npm run build && node scripts/bench-hunts.mjs` (BENCH_HUNT_DBS=postgres,pglite picks the databases).
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { createBenchDatabase, requireBuiltServer, startBenchServer } from './bench-server.mjs';
import { log } from './lib.mjs';
import { resolvePostgres } from './postgres.mjs';

const CONNECTIONS = 16;
const DURATION_S = Number(process.env.BENCH_HUNT_SECONDS ?? 10);
const BONUSES = Number(process.env.HUNT_BONUSES ?? 200);
const GUESSES = Number(process.env.HUNT_GUESSES ?? 5000);
const GOAL = 0.5;
const DBS = (process.env.BENCH_HUNT_DBS ?? 'postgres,pglite').split(',');

requireBuiltServer();

const env = { DEMO_EMAIL: '', DEMO_PASSWORD: '', SEED_CATALOGUE: 'false', DEMO_FEED: 'false', JOBS_INTERVAL_SECONDS: '0' };

/** One opening hunt with its bonuses (half opened) and guesses (one user each). Answers the hunt id. */
async function load(client) {
  await client.query(
    `insert into users (uid, email, username, password_hash, email_verified)
     select 'RH-H' || lpad(i::text, 7, '0'), 'bh' || i || '@bench.invalid', 'bh_' || i, '!', true from generate_series(1, $1) as i`,
    [GUESSES],
  );
  const hunt = await client.query(
    `insert into bonus_hunts (title, casino, currency, start_balance, status, entry_cost, prizes, opened_at)
     values ('Bench hunt', 'Stake', 'USD', 2000000, 'opening', 0, '[1000,500,250]', now()) returning id`,
  );
  const id = hunt.rows[0].id;
  await client.query(
    `insert into hunt_bonuses (hunt_id, position, slot_name, provider, bet, win)
     select $1, i, 'Bench slot ' || i, 'Provider ' || (i % 7), 100 + (i % 5) * 100, case when i <= $2 / 2 then (i * 7919) % 50000 end
     from generate_series(1, $2) as i`,
    [id, BONUSES],
  );
  await client.query(
    `insert into hunt_guesses (hunt_id, user_id, amount, at)
     select $1, id, (row_number() over (order by id) * 104729) % 5000000, now() from users where email like '%@bench.invalid'`,
    [id],
  );
  return id;
}

function cannon(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, pipelining: 1 }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function measure(label, origin, huntId) {
  const check = await fetch(`${origin}/api/bonus-hunts/${huntId}`);
  const body = await check.json();
  if (!check.ok || body.bonuses.length !== BONUSES || body.hunt.guessCount !== GUESSES) throw new Error(`unexpected hunt read: ${check.status}`);
  log(`${label}: ${CONNECTIONS} connections, ${DURATION_S} s each (hunt read ${JSON.stringify(body).length.toLocaleString('en-US')} bytes)`);
  const health = await cannon(`${origin}/api/health`);
  const hunt = await cannon(`${origin}/api/bonus-hunts/${huntId}`);
  const ratio = hunt.requests.average / health.requests.average;
  return {
    database: label,
    'health req/s': Math.round(health.requests.average),
    'hunt req/s': Math.round(hunt.requests.average),
    'hunt p99 ms': hunt.latency.p99,
    'non-2xx': hunt.non2xx + hunt.errors + hunt.timeouts,
    ratio: `${Math.round(ratio * 100)}%`,
    goal: ratio >= GOAL ? 'met' : 'MISSED',
  };
}

const results = [];
if (DBS.includes('postgres')) {
  const postgres = await resolvePostgres();
  const database = await createBenchDatabase(postgres.url, 'bench_hunts');
  const server = await startBenchServer({ databaseUrl: database.url, env });
  try {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const id = await load(client);
    await client.end();
    results.push(await measure('PostgreSQL', server.origin, id));
  } finally {
    await server.stop();
    await database.drop().catch((error) => console.error(`could not drop ${database.url}: ${error.message}`));
    await postgres.stop();
  }
}
if (DBS.includes('pglite')) {
  const first = await startBenchServer({ env });
  await first.stop({ keepData: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(path.join(first.dataDir, 'db'));
  const id = await load(db);
  await db.close();
  const server = await startBenchServer({ env, dataDir: first.dataDir });
  try {
    results.push(await measure('PGlite', server.origin, id));
  } finally {
    await server.stop();
  }
}
log(`GET /api/bonus-hunts/:id (${BONUSES} bonuses, ${GUESSES} guesses) against GET /api/health (goal: >= ${GOAL * 100}%)`);
console.table(results);
process.exitCode = results.every((r) => r.goal === 'met') ? 0 : 1;

// Wager engine benchmark: the built server (apps/server/dist) on a fresh database per
// size, on PostgreSQL and on PGlite (a tenth of the size). Loads WAGER rows over USERS verified
// Stake usernames (SQL, this month's days), starts an Active monthly Stake race, then measures the
// public standings computed live (GET /api/leaderboard before any wager write: the whole ranking,
// top 18 answered; p50, p99), one CSV import (POST /api/admin/wagers/import: half new keys, half
// changed values, all crediting verified accounts, refreshing the race's kept standings) with the
// CPU seconds it took (server process and database backends), then the same reads again on the
// kept standings. Ends with a table and the growth from the smaller to the larger size.
// PostgreSQL: BENCH_WAGER_ROWS (default 100000,1000000) over BENCH_WAGER_USERS (50000), a
// BENCH_WAGER_IMPORT_ROWS (100000) import. PGlite: BENCH_WAGER_PGLITE_ROWS (10000,100000) over
// a tenth of the users, a tenth of the import. BENCH_WAGER_DBS (postgres,pglite) picks the databases.
// `npm run bench` builds first; alone: `npm run build && node scripts/bench-wagers.mjs`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { adminLogin, benchAdminEnv } from './bench-admin.mjs';
import { builtServerEntry, cpuMsOf, createBenchDatabase, requireBuiltServer, startBenchServer } from './bench-server.mjs';
import { log } from './lib.mjs';
import { resolvePostgres } from './postgres.mjs';

// BENCH_SERVER_ENTRY: another build of the server (a before/after comparison).
const serverEntry = process.env.BENCH_SERVER_ENTRY ? path.resolve(process.env.BENCH_SERVER_ENTRY) : builtServerEntry;
const SIZES = (process.env.BENCH_WAGER_ROWS ?? '100000,1000000').split(',').map(Number);
const PGLITE_SIZES = (process.env.BENCH_WAGER_PGLITE_ROWS ?? '10000,100000').split(',').map(Number);
const DBS = (process.env.BENCH_WAGER_DBS ?? 'postgres,pglite').split(',');
const USERS = Number(process.env.BENCH_WAGER_USERS ?? 50_000);
const IMPORT_ROWS = Number(process.env.BENCH_WAGER_IMPORT_ROWS ?? 100_000);
const READS = Number(process.env.BENCH_WAGER_READS ?? 100);
const DAYS = 28;

requireBuiltServer(serverEntry);

function startServer(databaseUrl, dataDir) {
  return startBenchServer({
    databaseUrl,
    dataDir,
    entry: serverEntry,
    // BENCH_SERVER_NODE_ARGS: node flags for the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
    nodeArgs: (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
    env: {
      ...benchAdminEnv,
      DEMO_EMAIL: '',
      DEMO_PASSWORD: '',
      SEED_CATALOGUE: 'false',
      DEMO_FEED: 'false',
      JOBS_INTERVAL_SECONDS: '0',
    },
  });
}

function monthStart() {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** `users` verified users with a verified Stake account each, `rows` wagers over this month's first days, an Active monthly race. */
async function load(client, rows, users) {
  const started = performance.now();
  await client.query(
    `insert into users (uid, email, username, password_hash, email_verified)
     select 'RH-B' || lpad(i::text, 7, '0'), 'bw' || i || '@bench.invalid', 'bw_' || i, '!', true from generate_series(1, $1) as i`,
    [users],
  );
  await client.query(
    `insert into casino_accounts (user_id, partner, username, state)
     select id, 'p1', 'bwstake_' || substr(username, 4), 'verified' from users where email like '%@bench.invalid'`,
  );
  // Row i: username i % USERS, day (i / USERS) % DAYS, category ((i / USERS) / DAYS) % 5: unique keys.
  await client.query(
    `insert into wagers (partner, username_key, day, category, username, cents, source)
     select 'p1', 'bwstake_' || (1 + i % $2), $3::date + ((i / $2) % $4)::int,
            (array['slots','table','blackjack','roulette','other'])[1 + ((i / $2) / $4) % 5],
            'bwstake_' || (1 + i % $2), 100 + (i::bigint * 7919) % 500000, 'bench'
     from generate_series(0, $1 - 1) as i`,
    [rows, users, monthStart().toISOString().slice(0, 10), DAYS],
  );
  const start = monthStart();
  await client.query(
    `insert into leaderboards (name, status, partner_id, metric, start_date, end_date, prize_pool, prizes, is_global_raffle, wager_to_ticket_ratio)
     values ('Bench Stake Monthly', 'Active', 'p1', 'Total Wager', $1, $2, 20000, '[{"position":"1","amount":8000}]', true, 1000)`,
    [start.toISOString(), new Date(start.getTime() + 31 * 86_400_000).toISOString()],
  );
  await client.query('analyze');
  return (performance.now() - started) / 1000;
}

/** CPU seconds (user + system) a process has used so far; 0 when it is gone (or not Linux). */
function cpuSeconds(pid) {
  return (cpuMsOf(pid) ?? 0) / 1000;
}

/** CPU seconds of the server process and, on PostgreSQL, of its database's backends (a busy machine's wall time is noise). */
async function cpuNow(serverPid, client) {
  const backends = new Map();
  if (client) {
    const { rows } = await client.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    for (const { pid } of rows) backends.set(pid, cpuSeconds(pid));
  }
  return { server: cpuSeconds(serverPid), backends };
}

function cpuSince(before, after) {
  let database = 0;
  for (const [pid, seconds] of after.backends) database += seconds - (before.backends.get(pid) ?? 0);
  return { server: after.server - before.server, database };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Reads, import, reads. `client` (PostgreSQL) finds the backends whose CPU the import used; null on PGlite (in the server process). */
async function measure(server, rows, users, importRows, client) {
  const origin = server.origin;
  const start = monthStart();
  // Warm up, then sequential reads (one at a time: the latency of one standings computation).
  for (let i = 0; i < 3; i += 1) await (await fetch(`${origin}/api/leaderboard`)).json();
  const times = [];
  let participants = 0;
  for (let i = 0; i < READS; i += 1) {
    const t0 = performance.now();
    const res = await fetch(`${origin}/api/leaderboard`);
    const body = await res.json();
    times.push(performance.now() - t0);
    participants = body.participants;
  }
  times.sort((a, b) => a - b);

  const token = await adminLogin(origin);
  const today = new Date().toISOString().slice(0, 10);
  const lines = ['username,date,category,wagered'];
  for (let i = 0; i < importRows; i += 1) {
    const user = 1 + (i % users);
    const round = Math.floor(i / users);
    // Half new keys (today, one category a round), half changed values of loaded keys (day `round`, slots).
    const isNew = i % 2 === 0;
    const day = isNew ? today : new Date(start.getTime() + (round % DAYS) * 86_400_000).toISOString().slice(0, 10);
    const category = isNew ? ['other', 'table', 'blackjack', 'roulette'][round % 4] : 'slots';
    lines.push(`bwstake_${user},${day},${category},${(1000 + (i % 997)).toFixed(2)}`);
  }
  const csv = `${lines.join('\n')}\n`;
  const cpuBefore = await cpuNow(server.pid, client);
  const t0 = performance.now();
  const res = await fetch(`${origin}/api/admin/wagers/import?partner=p1`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: csv,
  });
  const importSeconds = (performance.now() - t0) / 1000;
  const importCpu = cpuSince(cpuBefore, await cpuNow(server.pid, client));
  const result = await res.json();
  if (!res.ok) throw new Error(`import failed: ${res.status} ${JSON.stringify(result)}`);
  // The import refreshed the race's kept standings: reads are now the indexed top-18 select.
  const kept = [];
  for (let i = 0; i < READS; i += 1) {
    const t1 = performance.now();
    await (await fetch(`${origin}/api/leaderboard`)).json();
    kept.push(performance.now() - t1);
  }
  kept.sort((a, b) => a - b);
  return {
    keptP50: percentile(kept, 50),
    keptP99: percentile(kept, 99),
    rows,
    participants,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    importSeconds,
    importCpu,
    importResult: {
      rows: result.rows,
      inserted: result.inserted,
      updated: result.updated,
      unchanged: result.unchanged,
      rejected: result.rejectedTotal,
      pointsCredited: result.pointsCredited,
    },
    csvMegabytes: Buffer.byteLength(csv) / 1024 / 1024,
  };
}

function fmt(n, digits = 1) {
  return n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** PGlite runs inside the server process: its CPU is all the server's. */
function cpuText(cpu, inProcess) {
  return inProcess ? `${fmt(cpu.server, 2)} s (server, database in it)` : `${fmt(cpu.server, 2)} s server + ${fmt(cpu.database, 2)} s database`;
}

function report(database, rows, measured) {
  log(
    `${database}, ${rows.toLocaleString('en-US')} rows: live standings p50 ${fmt(measured.p50)} ms, p99 ${fmt(measured.p99)} ms; ` +
      `kept standings p50 ${fmt(measured.keptP50)} ms, p99 ${fmt(measured.keptP99)} ms ` +
      `(${measured.participants.toLocaleString('en-US')} participants, ${READS} reads); ` +
      `import of ${measured.importResult.rows.toLocaleString('en-US')} rows (${measured.csvMegabytes.toFixed(1)} MB) ${fmt(measured.importSeconds, 2)} s, ` +
      `CPU ${cpuText(measured.importCpu, database === 'PGlite')} ${JSON.stringify(measured.importResult)}`,
  );
}

async function onPostgres(rows) {
  const database = await createBenchDatabase(postgresServer.url, 'bw');
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  if (process.env.BENCH_WAGER_LOG_MS) {
    // Profiling: the server's statements over this many ms go to PostgreSQL's log (without their parameters).
    const name = new URL(database.url).pathname.slice(1);
    await client.query(`alter database "${name}" set log_min_duration_statement = ${Number(process.env.BENCH_WAGER_LOG_MS)}`);
    await client.query(`alter database "${name}" set log_parameter_max_length = 0`);
  }
  const server = await startServer(database.url);
  try {
    log(`PostgreSQL: loading ${rows.toLocaleString('en-US')} wager rows over ${USERS.toLocaleString('en-US')} usernames`);
    await load(client, rows, USERS);
    return await measure(server, rows, USERS, IMPORT_ROWS, client);
  } finally {
    await client.end();
    await server.stop();
    if (process.env.BENCH_WAGER_KEEP_DB) console.log(`kept ${database.url}`);
    else await database.drop();
  }
}

/** PGlite: the server migrates and seeds a data folder, stops; the rows are loaded into it in this process; the server starts again on it. */
async function onPglite(rows) {
  const users = Math.round(USERS / 10);
  const first = await startServer(null);
  await first.stop({ keepData: true });
  log(`PGlite: loading ${rows.toLocaleString('en-US')} wager rows over ${users.toLocaleString('en-US')} usernames`);
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(path.join(first.dataDir, 'db'));
  await load(db, rows, users);
  await db.close();
  const server = await startServer(null, first.dataDir);
  try {
    return await measure(server, rows, users, Math.round(IMPORT_ROWS / 10), null);
  } finally {
    await server.stop();
  }
}

function growth(list) {
  if (list.length < 2) return null;
  const [a, b] = [list[0], list[list.length - 1]];
  const x = (from, to) => `${(to / from).toFixed(1)}×`;
  return (
    `${a.rows.toLocaleString('en-US')} → ${b.rows.toLocaleString('en-US')} rows (${x(a.rows, b.rows)}): live p50 ${x(a.p50, b.p50)}, ` +
    `kept p99 ${x(a.keptP99, b.keptP99)}, import ${x(a.importSeconds, b.importSeconds)} (CPU ${x(a.importCpu.server + a.importCpu.database, b.importCpu.server + b.importCpu.database)})`
  );
}

const results = { postgres: [], pglite: [] };
const postgresServer = DBS.includes('postgres') ? await resolvePostgres() : null;
try {
  if (postgresServer) {
    for (const rows of SIZES) {
      const measured = await onPostgres(rows);
      results.postgres.push(measured);
      report('PostgreSQL', rows, measured);
    }
  }
  if (DBS.includes('pglite')) {
    for (const rows of PGLITE_SIZES) {
      const measured = await onPglite(rows);
      results.pglite.push(measured);
      report('PGlite', rows, measured);
    }
  }
} finally {
  await postgresServer?.stop();
}

const loadAverage = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`\nWager engine, load average ${loadAverage} at the end (${READS} reads each):\n`);
console.log('| database | stored rows | participants | live standings p50 / p99 | kept standings p50 / p99 | import (rows) | import CPU |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const [name, list] of [
  ['PostgreSQL', results.postgres],
  ['PGlite', results.pglite],
]) {
  for (const m of list) {
    console.log(
      `| ${name} | ${m.rows.toLocaleString('en-US')} | ${m.participants.toLocaleString('en-US')} | ${fmt(m.p50)} / ${fmt(m.p99)} ms | ` +
        `${fmt(m.keptP50)} / ${fmt(m.keptP99)} ms | ${fmt(m.importSeconds, 2)} s (${m.importResult.rows.toLocaleString('en-US')}) | ` +
        `${cpuText(m.importCpu, name === 'PGlite')} |`,
    );
  }
}
for (const [name, list] of [
  ['PostgreSQL', results.postgres],
  ['PGlite', results.pglite],
]) {
  const line = growth(list);
  if (line) console.log(`\nGrowth on ${name}: ${line}`);
}

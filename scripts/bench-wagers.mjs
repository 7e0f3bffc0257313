// Wager engine benchmark (issue 11), on PostgreSQL: the built server (apps/server/dist) on a fresh
// database per size. Loads WAGER rows over USERS verified Stake usernames (SQL, this month's days),
// starts an Active monthly Stake race, then measures the public standings computed live (GET
// /api/leaderboard before any wager write: the whole ranking, top 18 answered; p50, p99), one
// 100,000-row CSV import (POST /api/admin/wagers/import: half new keys, half changed values, all
// crediting verified accounts, refreshing the race's kept standings), then the same reads again on
// the kept standings.
// Sizes: BENCH_WAGER_ROWS (comma-separated, default 100000,1000000) over BENCH_WAGER_USERS (50000).
// `npm run bench` builds first; alone: `npm run build && node scripts/bench-wagers.mjs`.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, log } from './lib.mjs';
import { resolvePostgres } from './postgres.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(root, 'apps/server/dist/main.js');
const SIZES = (process.env.BENCH_WAGER_ROWS ?? '100000,1000000').split(',').map(Number);
const USERS = Number(process.env.BENCH_WAGER_USERS ?? 50_000);
const IMPORT_ROWS = Number(process.env.BENCH_WAGER_IMPORT_ROWS ?? 100_000);
const READS = Number(process.env.BENCH_WAGER_READS ?? 100);
const DAYS = 28;
const ADMIN = { email: 'bench-admin@example.com', password: 'Bench-Admin-Pass-42' };

if (!existsSync(serverEntry)) {
  console.error('apps/server/dist/main.js is missing: run `npm run build` first (or `npm run bench`, which builds).');
  process.exit(1);
}

async function waitForHealth(base, child) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not answer /api/health within 120 s');
}

async function startServer(databaseUrl) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rh-bench-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_ORIGIN: origin,
      LOG_LEVEL: 'warn',
      JWT_SECRET: randomBytes(32).toString('base64url'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_EMAIL: '',
      DEMO_PASSWORD: '',
      DATABASE_URL: databaseUrl,
      SEED_CATALOGUE: 'false',
      DEMO_FEED: 'false',
      JOBS_INTERVAL_SECONDS: '0',
      REDIS_URL: '',
      SMTP_URL: '',
    },
  });
  await waitForHealth(origin, child);
  return {
    origin,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function createDatabase(adminUrl) {
  const name = `bw_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

function monthStart() {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** USERS verified users with a verified Stake account each, and `rows` wagers over this month's first days. */
async function load(client, rows) {
  const started = performance.now();
  await client.query(
    `insert into users (uid, email, username, password_hash, email_verified)
     select 'RH-B' || lpad(i::text, 7, '0'), 'bw' || i || '@bench.invalid', 'bw_' || i, '!', true from generate_series(1, $1) as i`,
    [USERS],
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
    [rows, USERS, monthStart().toISOString().slice(0, 10), DAYS],
  );
  await client.query('analyze');
  return (performance.now() - started) / 1000;
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function measure(origin, rows, client) {
  const start = monthStart();
  await client.query(
    `insert into leaderboards (name, status, partner_id, metric, start_date, end_date, prize_pool, prizes, is_global_raffle, wager_to_ticket_ratio)
     values ('Bench Stake Monthly', 'Active', 'p1', 'Total Wager', $1, $2, 20000, '[{"position":"1","amount":8000}]', true, 1000)`,
    [start.toISOString(), new Date(start.getTime() + 31 * 86_400_000).toISOString()],
  );
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

  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...ADMIN }),
  });
  const token = (await login.json()).tokens.access;
  const today = new Date().toISOString().slice(0, 10);
  const lines = ['username,date,category,wagered'];
  for (let i = 0; i < IMPORT_ROWS; i += 1) {
    const user = 1 + (i % USERS);
    const round = Math.floor(i / USERS);
    // Half new keys (today, one category a round), half changed values of loaded keys (day `round`, slots).
    const isNew = i % 2 === 0;
    const day = isNew ? today : new Date(start.getTime() + (round % DAYS) * 86_400_000).toISOString().slice(0, 10);
    const category = isNew ? ['other', 'table', 'blackjack', 'roulette'][round % 4] : 'slots';
    lines.push(`bwstake_${user},${day},${category},${(1000 + (i % 997)).toFixed(2)}`);
  }
  const csv = `${lines.join('\n')}\n`;
  const t0 = performance.now();
  const res = await fetch(`${origin}/api/admin/wagers/import?partner=p1`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: csv,
  });
  const importSeconds = (performance.now() - t0) / 1000;
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
    importResult: { rows: result.rows, inserted: result.inserted, updated: result.updated, unchanged: result.unchanged, rejected: result.rejectedTotal, pointsCredited: result.pointsCredited },
    csvMegabytes: Buffer.byteLength(csv) / 1024 / 1024,
  };
}

const postgres = await resolvePostgres();
const results = [];
try {
  for (const rows of SIZES) {
    const database = await createDatabase(postgres.url);
    const server = await startServer(database.url);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      log(`Loading ${rows.toLocaleString('en-US')} wager rows over ${USERS.toLocaleString('en-US')} usernames`);
      const loadSeconds = await load(client, rows);
      const measured = await measure(server.origin, rows, client);
      results.push({ ...measured, loadSeconds });
      log(
        `${rows.toLocaleString('en-US')} rows: live standings p50 ${measured.p50.toFixed(1)} ms, p99 ${measured.p99.toFixed(1)} ms; ` +
          `kept standings p50 ${measured.keptP50.toFixed(1)} ms, p99 ${measured.keptP99.toFixed(1)} ms ` +
          `(${measured.participants.toLocaleString('en-US')} participants, ${READS} reads); ` +
          `import of ${IMPORT_ROWS.toLocaleString('en-US')} rows (${measured.csvMegabytes.toFixed(1)} MB) ${measured.importSeconds.toFixed(2)} s ` +
          `${JSON.stringify(measured.importResult)}`,
      );
    } finally {
      await client.end();
      await server.stop();
      await database.drop();
    }
  }
} finally {
  await postgres.stop();
}
console.log(JSON.stringify(results, null, 2));

// Hot public reads: what an overlay and thousands of viewers poll together. The built server on a
// fresh PostgreSQL database with an open giveaway (HOT_ENTRIES chat entries), an open Deal or No
// Deal round (HOT_JOINS entries) and an Active monthly race (HOT_PLAYERS verified players,
// HOT_WAGERS wager rows, standings kept). autocannon with 16 connections, alternating windows of
// HOT_WINDOW_S (5) s: health, then each read; HOT_ROUNDS (2) rounds. Goal per read: >= 50% of
// health's throughput and p99 < 1.5x health's p99 (health measured in the same run, beside it).
// Alone: `npm run build && node scripts/bench-hot-reads.mjs`; smaller: HOT_WINDOW_S=2 HOT_ROUNDS=1.
import autocannon from 'autocannon';
import pg from 'pg';
import { createBenchDatabase, requireBuiltServer, startBenchServer } from './bench-server.mjs';
import { recordGoals } from './bench-summary.mjs';
import { log } from './lib.mjs';
import { resolvePostgres } from './postgres.mjs';

const CONNECTIONS = 16;
const WINDOW_S = Number(process.env.HOT_WINDOW_S ?? 5);
const ROUNDS = Number(process.env.HOT_ROUNDS ?? 2);
const ENTRIES = Number(process.env.HOT_ENTRIES ?? 5000);
const JOINS = Number(process.env.HOT_JOINS ?? 1000);
const PLAYERS = Number(process.env.HOT_PLAYERS ?? 2000);
const WAGERS = Number(process.env.HOT_WAGERS ?? 40_000);
const GOAL = { ratio: 0.5, p99: 1.5 };
const ADMIN = { email: 'bench-hot@example.com', password: 'Bench-Hot-Reads-12345' };
const READS = ['/api/giveaways', '/api/dealornodeal', '/api/leaderboard'];

requireBuiltServer();

function cannon(url) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const instance = autocannon({ url, connections: CONNECTIONS, duration: WINDOW_S, pipelining: 1 }, (error, result) =>
      error ? reject(error) : resolve({ rps: result.requests.average, bad: result.non2xx + result.errors + result.timeouts, latencies }),
    );
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
}

function p99(windows) {
  const all = windows.flatMap((w) => w.latencies).sort((a, b) => a - b);
  return all.length === 0 ? NaN : all[Math.min(all.length - 1, Math.ceil(0.99 * all.length) - 1)];
}

async function api(origin, method, url, token, body) {
  const res = await fetch(`${origin}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}), origin },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** The three reads' data: through the admin's calls where there is one, bulk rows by SQL. */
async function load(origin, url) {
  const token = (await api(origin, 'POST', '/api/auth/login', null, { ...ADMIN, rememberMe: false })).tokens.access;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Started by SQL: the admin's call needs a connected chat (the rows are the same).
    const giveaway = (
      await client.query(
        `insert into giveaways (prize, prize_points, keyword, winners, entry_mode, opens_at, closes_at, seed, seed_hash, created_at)
         values ('500 points', 500, '!bench', 3, 'anyone', now(), now() + interval '1 hour', md5('seed'), encode(sha256(md5('seed')::bytea), 'hex'), now())
         returning id`,
      )
    ).rows[0];
    await client.query(
      `insert into giveaway_entries (giveaway_id, kick_user_id, kick_username, is_subscriber, created_at)
       select $1, 'k' || i, 'viewer' || i, i % 10 = 0, now() from generate_series(1, $2) as i`,
      [giveaway.id, ENTRIES],
    );
    await client.query(
      `insert into users (uid, email, username, password_hash, email_verified)
       select 'RH-HR' || lpad(i::text, 6, '0'), 'hr' || i || '@bench.invalid', 'hr_' || i, '!', true from generate_series(1, $1) as i`,
      [Math.max(PLAYERS, JOINS)],
    );
    const values = [1, 5, 10, 25, 50, 75, 100, 200, 300, 400, 500, 750, 1000, 5000, 10_000, 50_000];
    const round = (await api(origin, 'POST', '/api/admin/dealornodeal/rounds', token, { values })).round;
    await api(origin, 'POST', `/api/admin/dealornodeal/rounds/${round.id}/open`, token);
    await client.query(
      `insert into dond_entries (round_id, user_id, source, created_at)
       select $1, id, 'web', now() from users where email like 'hr%@bench.invalid' order by email limit $2`,
      [round.id, JOINS],
    );
    await client.query(
      `insert into casino_accounts (user_id, partner, username, state)
       select id, 'p1', 'hrstake_' || substr(username, 4), 'verified' from users where email like 'hr%@bench.invalid' order by email limit $1`,
      [PLAYERS],
    );
    const now = new Date();
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    await client.query(
      `insert into wagers (partner, username_key, day, category, username, cents, source)
       select 'p1', 'hrstake_' || (1 + i % $2), $3::date + ((i / $2) % 20)::int,
              (array['slots','table','blackjack','roulette','other'])[1 + ((i / $2) / 20) % 5],
              'hrstake_' || (1 + i % $2), 100 + (i::bigint * 7919) % 500000, 'bench'
       from generate_series(0, $1 - 1) as i`,
      [WAGERS, PLAYERS, start.toISOString().slice(0, 10)],
    );
    await api(origin, 'POST', '/api/admin/leaderboards', token, {
      name: 'Bench Monthly',
      metric: 'Total Wager',
      partnerId: 'p1',
      prizes: [
        { position: '1', amount: 8000 },
        { position: '2', amount: 4000 },
        { position: '3', amount: 2000 },
      ],
      prizePool: 14_000,
      isGlobalRaffle: true,
      wagerToTicketRatio: 1000,
      isActive: true,
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 31 * 86_400_000).toISOString(),
    });
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

async function check(origin) {
  const giveaways = await api(origin, 'GET', '/api/giveaways');
  const dond = await api(origin, 'GET', '/api/dealornodeal');
  const board = await api(origin, 'GET', '/api/leaderboard');
  if (giveaways.giveaways[0]?.entries !== ENTRIES) throw new Error(`giveaways: ${giveaways.giveaways[0]?.entries} entries, expected ${ENTRIES}`);
  if (dond.round?.entries !== JOINS) throw new Error(`dealornodeal: ${dond.round?.entries} entries, expected ${JOINS}`);
  if (!board.race || board.standings.length === 0) throw new Error('leaderboard: no race or no standings');
}

const postgres = await resolvePostgres();
const database = await createBenchDatabase(postgres.url, 'bench_hot');
const server = await startBenchServer({
  databaseUrl: database.url,
  env: {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_MFA: 'optional',
    DEMO_EMAIL: '',
    DEMO_PASSWORD: '',
    SEED_CATALOGUE: 'false',
    DEMO_FEED: 'false',
    JOBS_INTERVAL_SECONDS: '0',
  },
});
const rows = [];
try {
  await load(server.origin, database.url);
  await check(server.origin);
  log(`PostgreSQL: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${WINDOW_S}-s windows (health, then each read)`);
  const windows = { health: [] };
  for (const read of READS) windows[read] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const read of READS) {
      windows.health.push(await cannon(`${server.origin}/api/health`));
      windows[read].push(await cannon(`${server.origin}${read}`));
    }
  }
  const rps = (list) => list.reduce((total, w) => total + w.rps, 0) / list.length;
  const healthRps = rps(windows.health);
  const healthP99 = Math.round(p99(windows.health));
  for (const read of READS) {
    const ratio = rps(windows[read]) / healthRps;
    const readP99 = Math.round(p99(windows[read]));
    const bad = windows[read].reduce((total, w) => total + w.bad, 0);
    rows.push({
      read,
      'req/s': Math.round(rps(windows[read])),
      'health req/s': Math.round(healthRps),
      share: `${Math.round(ratio * 100)}%`,
      'p99 ms': readP99,
      'health p99 ms': healthP99,
      'p99 ratio': Number((readP99 / healthP99).toFixed(2)),
      'non-2xx': bad,
      goal: ratio >= GOAL.ratio && readP99 < GOAL.p99 * healthP99 && bad === 0 ? 'met' : 'MISSED',
    });
  }
} finally {
  await server.stop();
  await database.drop().catch((error) => console.error(`could not drop ${database.url}: ${error.message}`));
  await postgres.stop();
}
log(`Hot reads against GET /api/health (goal: >= ${GOAL.ratio * 100}% of its throughput, p99 < ${GOAL.p99}x its p99)`);
console.table(rows);
recordGoals(
  rows.map((r) => ({
    area: 'Hot reads (PostgreSQL)',
    goal: `${r.read} >= 50% of health, p99 < 1.5x`,
    measured: `${r.share} of health; p99 ${r['p99 ms']} ms (${r['p99 ratio']}x)`,
    met: r.goal === 'met',
  })),
);
process.exitCode = rows.length === READS.length && rows.every((r) => r.goal === 'met') ? 0 : 1;

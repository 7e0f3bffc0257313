// Points economy benchmark, on PostgreSQL: the built server (apps/server/dist) on a fresh
// database; 2,000 distinct verified users each enter one Active raffle in one burst (64 concurrent
// requests, one Idempotency-Key each, as the web client sends), then pgbench's built-in simple-update
// on the same PostgreSQL server as the ceiling, and one user racing 50 concurrent redemptions.
// Checks exactly 2,000 entries and 2,000 raffle_entry ledger rows. `npm run bench` builds first.
// BENCH_POINTS_DB=pglite: the burst alone on PGlite (the users are written into its data folder
// while the server is stopped). BENCH_SERVER_ENTRY=<file>: another build, to compare two versions.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { SignJWT } from 'jose';
import pg from 'pg';
import { adminLogin, benchAdminEnv } from './bench-admin.mjs';
import { CLOCK_TICKS, createBenchDatabase, cpuMsOf, requireBuiltServer, startBenchServer } from './bench-server.mjs';
import { log } from './lib.mjs';
import { resolvePostgres } from './postgres.mjs';

const USERS = Number(process.env.BENCH_RAFFLE_USERS ?? 2000);
const BURST = Number(process.env.BENCH_RAFFLE_CONCURRENCY ?? 64);
// A warm-up burst on its own raffle and users before the measured one (JIT, the pool's connections,
// PostgreSQL's plans): the measured burst is what a server that has been up a while does.
const WARMUP_USERS = Number(process.env.BENCH_RAFFLE_WARMUP ?? 2000);
// BENCH_BURST_ONLY=1: only the raffle burst (no pgbench, no redemption race), for profiling.
const ON_PGLITE = process.env.BENCH_POINTS_DB === 'pglite';
const BURST_ONLY = ON_PGLITE || process.env.BENCH_BURST_ONLY === '1';
const REDEEM_CONNECTIONS = 50;
const REDEEM_SECONDS = Number(process.env.BENCH_DURATION ?? 5);
const JWT_SECRET = randomBytes(32).toString('base64url');

const serverEntry = process.env.BENCH_SERVER_ENTRY ? path.resolve(process.env.BENCH_SERVER_ENTRY) : undefined;
requireBuiltServer(serverEntry);

/** The built server on PostgreSQL at `databaseUrl`, or without it on PGlite in `dataDir`. */
function startServer(databaseUrl, dataDir) {
  return startBenchServer({
    databaseUrl,
    ...(dataDir ? { dataDir } : {}),
    ...(serverEntry ? { entry: serverEntry } : {}),
    nodeArgs: process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : [],
    env: {
      JWT_SECRET,
      ...benchAdminEnv,
      DEMO_EMAIL: '',
      DEMO_PASSWORD: '',
      SEED_CATALOGUE: 'false',
      JOBS_INTERVAL_SECONDS: '0',
    },
  });
}

const key = new TextEncoder().encode(JWT_SECRET);
/**
 * The server's access token for a user (same issuer, audience and key as modules/auth/tokens.ts),
 * naming the session createUsers gave the user (its id is the user's: the server refuses a token
 * whose session is not live).
 */
function accessToken(userId) {
  return new SignJWT({ sid: userId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer('rewards-hub')
    .setAudience('rewards-hub-api')
    .setIssuedAt()
    .setExpirationTime('15m')
    .sign(key);
}

/** Verified users with `points` each, given through the ledger (signup_bonus) as the server would. */
async function createUsers(client, prefix, count, points) {
  const { rows } = await client.query(
    `insert into users (uid, email, username, password_hash, email_verified, points)
     select 'RH-' || $1 || lpad(i::text, 6, '0'), $1 || i || '@bench.invalid', $1 || '_' || i, '!', true, $2
     from generate_series(1, $3) as i returning id`,
    [prefix, points, count],
  );
  const ids = rows.map((r) => r.id);
  // These users only (by id: a uid prefix also matched the server's admin when its random uid began
  // with the same letter, whose 0-point row the ledger refuses).
  await client.query(
    `insert into ledger_entries (user_id, amount, balance_after, reason, note)
     select id, points, points, 'signup_bonus', 'bench' from users where id = any($1::uuid[])`,
    [ids],
  );
  await client.query(`insert into auth_sessions (id, user_id) select id, id from users where id = any($1::uuid[])`, [ids]);
  return ids;
}

/**
 * Runs autocannon; `lastResponseAt` is when the last answer arrived (process.hrtime.bigint()).
 * autocannon notices that an `amount` is done only on its next one-second tick, so its own end
 * time (and any rate taken from it) is rounded up to whole seconds: a burst is timed to its last
 * answer instead.
 */
function cannon(options) {
  return new Promise((resolve, reject) => {
    let lastResponseAt;
    const instance = autocannon({ pipelining: 1, ...options }, (error, result) => (error ? reject(error) : resolve({ ...result, lastResponseAt })));
    instance.on('response', () => {
      lastResponseAt = process.hrtime.bigint();
    });
  });
}

async function post(origin, url, token, body) {
  const res = await fetch(`${origin}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * CPU time (ms) of the PostgreSQL servers on this machine: every `postgres` process now, plus, for
 * each postmaster, the backends it has reaped (cutime, cstime). Linux only; undefined elsewhere.
 */
function postgresCpuMs() {
  const procs = [];
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const line = readFileSync(`/proc/${pid}/stat`, 'utf8');
        if (!line.includes(' (postgres) ')) continue;
        const f = line.split(') ')[1].split(' ');
        procs.push({ pid, ppid: f[1], own: Number(f[11]) + Number(f[12]), reaped: Number(f[13]) + Number(f[14]) });
      } catch {
        // ended meanwhile
      }
    }
  } catch {
    return undefined;
  }
  if (procs.length === 0) return undefined;
  const pids = new Set(procs.map((p) => p.pid));
  const ticks = procs.reduce((sum, p) => sum + p.own + (pids.has(p.ppid) ? 0 : p.reaped), 0);
  return (ticks * 1000) / CLOCK_TICKS;
}

const diff = (before, after) => (before === undefined || after === undefined ? undefined : after - before);

/**
 * One Active raffle costing 10 points and `count` new verified users who each enter it once, in one
 * burst. `usersFor(prefix, count)` answers the users' ids (on PGlite, made before the server started).
 */
async function enterBurst(origin, usersFor, admin, prefix, count, serverPid) {
  const now = Date.now();
  const { raffle } = await post(origin, '/api/admin/raffles', admin, {
    title: `Bench raffle ${prefix}`,
    prize: '$100',
    pointsCost: 10,
    startDate: new Date(now - 60_000).toISOString(),
    endDate: new Date(now + 3_600_000).toISOString(),
  });
  const ids = await usersFor(prefix, count);
  const tokens = await Promise.all(ids.map(accessToken));
  // Every connection gets its own users' requests, built before the burst (autocannon builds a
  // static request once; a setupRequest callback made it build every request during the burst, on
  // the cores the server and PostgreSQL share). autocannon gives connection i
  // floor(count / connections) requests, one more for the first count % connections of them, and
  // calls setupClient in that order, so each user is sent exactly once (the checks below fail if not).
  const path = `/api/raffles/${raffle.id}/enter`;
  let connection = 0;
  let offset = 0;
  // CPU counters from here to the last answer only (not the users' creation or the tokens' signing).
  const perf = process.env.BENCH_PERF ? spawn('perf', ['record', '-a', '-g', '-F', '1999', '-o', process.env.BENCH_PERF], { stdio: 'ignore' }) : undefined;
  if (perf) await new Promise((r) => setTimeout(r, 500));
  const before = { server: cpuMsOf(serverPid), postgres: ON_PGLITE ? undefined : postgresCpuMs(), client: process.cpuUsage() };
  const started = process.hrtime.bigint();
  const result = await cannon({
    url: origin,
    connections: BURST,
    amount: count,
    timeout: 30,
    setupClient: (c) => {
      const n = Math.floor(count / BURST) + (connection < count % BURST ? 1 : 0);
      connection += 1;
      const mine = tokens.slice(offset, offset + n);
      offset += n;
      c.setRequests(
        mine.map((token) => ({
          method: 'POST',
          path,
          headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
        })),
      );
    },
  });
  const own = process.cpuUsage(before.client);
  if (perf) {
    perf.kill('SIGINT');
    await new Promise((r) => perf.on('exit', r));
  }
  const cpu = {
    server: diff(before.server, cpuMsOf(serverPid)),
    postgres: diff(before.postgres, postgresCpuMs()),
    client: (own.user + own.system) / 1000,
  };
  return { raffle, result, cpu, seconds: Number((result.lastResponseAt ?? process.hrtime.bigint()) - started) / 1e9 };
}

/**
 * The warm-up and the measured burst. `usersFor(prefix, count)` answers the burst's users; `counted`
 * runs a function with a client on the database once the burst is over (on PGlite, the server stopped).
 */
async function raffleBurst(origin, usersFor, counted, serverPid) {
  const admin = await adminLogin(origin);
  if (WARMUP_USERS > 0) {
    const warm = await enterBurst(origin, usersFor, admin, 'W', WARMUP_USERS, serverPid);
    log(`warm-up: ${WARMUP_USERS} entries on another raffle by other users, ${Math.round(WARMUP_USERS / warm.seconds)}/s (not counted)`);
  }
  const { raffle, result, cpu, seconds } = await enterBurst(origin, usersFor, admin, 'E', USERS, serverPid);
  const { entries, ledgerRows } = await counted(async (client) => ({
    entries: Number((await client.query('select count(*) from raffle_entries where raffle_id = $1', [raffle.id])).rows[0].count),
    ledgerRows: Number((await client.query(`select count(*) from ledger_entries where reason = 'raffle_entry' and ref_id = $1`, [raffle.id])).rows[0].count),
  }));
  const perEntry = (ms) => (ms === undefined ? '—' : Number((ms / USERS).toFixed(2)));
  return {
    'entries/s': Math.round(USERS / seconds),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'non-2xx': result.non2xx + result.errors + result.timeouts,
    entries,
    'ledger rows': ledgerRows,
    // CPU per entry: steadier than entries/s on a shared machine. The server's own; PostgreSQL's is
    // every postgres process on this machine (other work on it counts too); the client is autocannon.
    'server CPU ms/entry': perEntry(cpu.server),
    'PostgreSQL CPU ms/entry': perEntry(cpu.postgres),
    'client CPU ms/entry': perEntry(cpu.client),
  };
}

async function redemptionRace(origin, client) {
  const admin = await adminLogin(origin);
  const { reward } = await post(origin, '/api/admin/rewards', admin, { name: 'Bench reward', category: 'bonuses', price: 1 });
  const [userId] = await createUsers(client, 'R', 1, 10_000_000);
  const token = await accessToken(userId);
  const result = await cannon({
    url: origin,
    connections: REDEEM_CONNECTIONS,
    duration: REDEEM_SECONDS,
    setupClient: (c) => {
      c.setRequests([
        {
          method: 'POST',
          path: `/api/store/rewards/${reward.id}/redeem`,
          setupRequest: (request) => ({ ...request, headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() } }),
        },
      ]);
    },
  });
  const orders = Number((await client.query('select count(*) from orders where user_id = $1', [userId])).rows[0].count);
  const { points, sum } = (
    await client.query(`select u.points, (select sum(amount) from ledger_entries l where l.user_id = u.id) as sum from users u where u.id = $1`, [userId])
  ).rows[0];
  return {
    'redemptions/s': Math.round(result.requests.average),
    'p99 ms': result.latency.p99,
    'non-2xx': result.non2xx + result.errors + result.timeouts,
    orders,
    'balance = ledger sum': Number(points) === Number(sum),
  };
}

/**
 * CHECKPOINT before each measured part (the burst and pgbench's run alike), so neither pays for the
 * writes of its own set-up. It needs a superuser or pg_checkpoint; without, the run goes on as it is.
 */
async function checkpoint(client) {
  await client.query('checkpoint').catch((error) => console.error(`CHECKPOINT refused (${error.message}); measuring without it`));
}

async function pgbenchCeiling(url, client) {
  const u = new URL(url);
  const conn = ['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres')];
  const db = u.pathname.slice(1);
  const env = { ...process.env, PGPASSWORD: decodeURIComponent(u.password || '') };
  const init = spawnSync('pgbench', ['-i', '-q', ...conn, db], { env, encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
  await checkpoint(client);
  const runBench = spawnSync('pgbench', ['-b', 'simple-update', '-c', '16', '-j', '2', '-T', '10', ...conn, db], { env, encoding: 'utf8' });
  if (runBench.status !== 0) throw new Error(`pgbench failed: ${runBench.stderr}`);
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(runBench.stdout);
  const latency = /latency average = ([\d.]+) ms/.exec(runBench.stdout);
  return { tps: Math.round(Number(tps?.[1] ?? 0)), 'latency avg ms': Number(latency?.[1] ?? 0) };
}

const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
console.log(
  `Machine: ${machine}; load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} at start`,
);
const burstTitle = `Raffle entry burst: ${USERS} distinct verified users, ${BURST} concurrent (after a warm-up burst of ${WARMUP_USERS} other users on another raffle)`;

/**
 * The burst on PGlite: a first start makes the database (migrations, the admin), the users are
 * written into its folder while the server is stopped (PGlite has one process at a time), and the
 * entries are counted the same way after the burst.
 */
async function pgliteBurst() {
  const first = await startServer(undefined);
  await first.stop({ keepData: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const dbDir = path.join(first.dataDir, 'db');
  const made = new Map();
  try {
    const db = new PGlite(dbDir);
    if (WARMUP_USERS > 0) made.set('W', await createUsers(db, 'W', WARMUP_USERS, 1000));
    made.set('E', await createUsers(db, 'E', USERS, 1000));
    await db.close();
    const server = await startServer(undefined, first.dataDir);
    let stopped = false;
    try {
      log(`${burstTitle}, on PGlite`);
      const burst = await raffleBurst(
        server.origin,
        async (prefix) => made.get(prefix),
        async (count) => {
          await server.stop({ keepData: true });
          stopped = true;
          const after = new PGlite(dbDir);
          try {
            return await count(after);
          } finally {
            await after.close();
          }
        },
        server.pid,
      );
      console.table([burst]);
      console.log(
        `load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')} at the end`,
      );
      return burst.entries !== USERS || burst['ledger rows'] !== USERS || burst['non-2xx'] !== 0;
    } finally {
      if (!stopped) await server.stop({ keepData: true });
    }
  } finally {
    rmSync(first.dataDir, { recursive: true, force: true });
  }
}

if (ON_PGLITE) {
  if (await pgliteBurst()) process.exitCode = 1;
} else {
  const postgres = await resolvePostgres();
  const appDb = await createBenchDatabase(postgres.url, 'bench_points');
  const pgbenchDb = await createBenchDatabase(postgres.url, 'bench_pgbench');
  let failed;
  try {
    const server = await startServer(appDb.url);
    const client = new pg.Client({ connectionString: appDb.url });
    await client.connect();
    try {
      log(burstTitle);
      const usersFor = async (prefix, count) => {
        const ids = await createUsers(client, prefix, count, 1000);
        // The users' creation is on disk before the burst starts, as pgbench's tables are before its run.
        await checkpoint(client);
        return ids;
      };
      const burst = await raffleBurst(server.origin, usersFor, (count) => count(client), server.pid);
      console.table([burst]);
      if (BURST_ONLY) {
        console.log(
          `load average ${os
            .loadavg()
            .map((l) => l.toFixed(1))
            .join(' ')} at the end`,
        );
        failed = burst.entries !== USERS || burst['ledger rows'] !== USERS || burst['non-2xx'] !== 0;
      } else {
        log('Ceiling: pgbench -b simple-update -c 16 -j 2 -T 10 on the same PostgreSQL server');
        const ceiling = await pgbenchCeiling(pgbenchDb.url, client);
        console.table([ceiling]);
        log(`Redemption race: one user, ${REDEEM_CONNECTIONS} concurrent redemptions for ${REDEEM_SECONDS} s`);
        const race = await redemptionRace(server.origin, client);
        console.table([race]);

        const ratio = ceiling.tps > 0 ? burst['entries/s'] / ceiling.tps : 0;
        log('Summary');
        console.log(
          `Machine: ${machine}; load average ${os
            .loadavg()
            .map((l) => l.toFixed(1))
            .join(' ')} at the end`,
        );
        console.table([
          {
            'entries/s': burst['entries/s'],
            'p99 ms': burst['p99 ms'],
            'pgbench tps': ceiling.tps,
            ratio: `${Math.round(ratio * 100)}%`,
            entries: burst.entries,
            'ledger rows': burst['ledger rows'],
            'redemptions/s': race['redemptions/s'],
            'server CPU ms/entry': burst['server CPU ms/entry'],
            'PostgreSQL CPU ms/entry': burst['PostgreSQL CPU ms/entry'],
          },
        ]);
        const checks = [
          [burst.entries === USERS, `exactly ${USERS} entries (got ${burst.entries})`],
          [burst['ledger rows'] === USERS, `exactly ${USERS} ledger rows (got ${burst['ledger rows']})`],
          [burst['non-2xx'] === 0, 'every entry answered 201'],
          [race.orders > 0 && race['balance = ledger sum'], 'redemptions: balance equals the ledger sum'],
          [ratio >= 0.4, `goal: at least 40% of the pgbench ceiling (got ${Math.round(ratio * 100)}%)`],
          [burst['p99 ms'] < 100, `goal: p99 under 100 ms (got ${burst['p99 ms']} ms)`],
        ];
        for (const [ok, text] of checks) console.log(`${ok ? 'ok  ' : 'MISS'} ${text}`);
        failed = checks.slice(0, 4).some(([ok]) => !ok);
      }
    } finally {
      await client.end();
      await server.stop();
    }
  } finally {
    await appDb.drop().catch((error) => console.error(`could not drop ${appDb.name}: ${error.message}`));
    await pgbenchDb.drop().catch((error) => console.error(`could not drop ${pgbenchDb.name}: ${error.message}`));
    await postgres.stop();
  }
  if (failed) process.exitCode = 1;
}

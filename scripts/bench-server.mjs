// What every benchmark does around the built server (apps/server/dist): start it on a free port
// with a temp DATA_DIR and wait for /api/health, make a fresh PostgreSQL database for it, and read
// a process's CPU time. The benchmarks differ only in the environment they give the server.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from './lib.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const builtServerEntry = path.join(root, 'apps/server/dist/main.js');

/** Stops the script with the one command to run when the server has not been built. */
export function requireBuiltServer(entry = builtServerEntry) {
  if (!existsSync(entry)) {
    console.error(`${path.relative(root, entry)} is missing: run \`npm run build\` first (or \`npm run bench\`, which builds).`);
    process.exit(1);
  }
}

async function waitForHealth(origin, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not answer /api/health within ${timeoutMs / 1000} s`);
}

/**
 * Starts the built server in production mode on a free port of 127.0.0.1 and waits until it
 * answers /api/health. Without `databaseUrl` it runs on PGlite in `dataDir` (a new temp folder
 * unless given). `env` is added to the server's environment (and wins). Mail and Redis are off.
 * `openFiles` raises the server's open-file limit (ulimit -n) first.
 * `stop({ keepData })` sends SIGTERM, waits for the exit and removes the data folder unless kept.
 */
export async function startBenchServer({
  databaseUrl,
  env = {},
  dataDir = mkdtempSync(path.join(tmpdir(), 'rh-bench-')),
  entry = builtServerEntry,
  nodeArgs = [],
  healthTimeoutMs = 180_000,
  openFiles,
} = {}) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // openFiles: the process's open-file limit (one per connection), raised by the shell that then
  // becomes the server (exec: same pid); above the hard limit only root may raise it.
  const command = openFiles
    ? ['/bin/sh', ['-c', `ulimit -n ${Number(openFiles)} && exec "$0" "$@"`, process.execPath, ...nodeArgs, entry]]
    : [process.execPath, [...nodeArgs, entry]];
  const child = spawn(command[0], command[1], {
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
      DATABASE_URL: databaseUrl ?? '',
      REDIS_URL: '',
      SMTP_URL: '',
      ...env,
    },
  });
  const stop = async ({ keepData = false } = {}) => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(origin, child, healthTimeoutMs);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return { origin, pid: child.pid, dataDir, stop };
}

/** A new, empty database on the PostgreSQL server at `adminUrl`: its name, URL and a drop function. */
export async function createBenchDatabase(adminUrl, prefix = 'bench') {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

export const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** CPU time (ms) a process has used so far, from /proc (Linux); undefined when it is gone or elsewhere. */
export function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, fields 14 and 15 of the line (11 and 12 after the command), in clock ticks.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

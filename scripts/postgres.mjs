// Finds a PostgreSQL server for the integration tests: TEST_DATABASE_URL when set; else the local
// server on 127.0.0.1:5432 when it answers; else a throwaway cluster in a temp folder on a free
// port (installing PostgreSQL through apt first when it is missing and we are root).
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { aptInstall, freePort, isRoot, log } from './lib.mjs';

async function answers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function postgresBinDir() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0], 'bin') : undefined;
}

/** Resolves to { url, stop() }. */
export async function resolvePostgres() {
  if (process.env.TEST_DATABASE_URL) {
    log(`PostgreSQL: TEST_DATABASE_URL`);
    return { url: process.env.TEST_DATABASE_URL, stop: async () => {} };
  }
  for (const url of ['postgres://postgres@127.0.0.1:5432/test', 'postgres://postgres@127.0.0.1:5432/postgres']) {
    if (await answers(url)) {
      log(`PostgreSQL: the local server on 127.0.0.1:5432 (${url.split('/').pop()})`);
      return { url, stop: async () => {} };
    }
  }

  return startThrowawayCluster();
}

/** Starts a PostgreSQL cluster of our own in a temp folder on a free port; stop() removes it. */
export async function startThrowawayCluster() {
  let bin = postgresBinDir();
  if (!bin) {
    aptInstall(['postgresql'], 'no PostgreSQL server answers on 127.0.0.1:5432 and the integration tests need one');
    bin = postgresBinDir();
    if (!bin) throw new Error('PostgreSQL was installed but initdb was not found under /usr/lib/postgresql');
  }

  // PostgreSQL refuses to run as root: as root, the cluster belongs to the postgres user.
  const dir = mkdtempSync(path.join(tmpdir(), 'rh-pg-'));
  const port = await freePort();
  const asUser = isRoot ? ['runuser', '-u', 'postgres', '--'] : [];
  if (isRoot) chownSync(dir, Number(spawnSync('id', ['-u', 'postgres']).stdout), Number(spawnSync('id', ['-g', 'postgres']).stdout));
  const exec = (args) => {
    const [cmd, ...rest] = [...asUser, ...args];
    const result = spawnSync(cmd, rest, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${args[0]} failed: ${result.stderr || result.stdout}`);
  };
  log(`PostgreSQL: starting a throwaway cluster in ${dir} on port ${port}`);
  const data = path.join(dir, 'data');
  exec([path.join(bin, 'initdb'), '-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  exec([
    path.join(bin, 'pg_ctl'),
    '-D',
    data,
    '-l',
    path.join(dir, 'log'),
    '-w',
    '-t',
    '60',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    'start',
  ]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    stop: async () => {
      try {
        exec([path.join(bin, 'pg_ctl'), '-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

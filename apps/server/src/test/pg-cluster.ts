import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A throwaway PostgreSQL cluster that a process test can stop and start again (the same data and
 * port), as scripts/postgres.mjs makes one for the test suite: initdb in a temp folder, trust auth,
 * a free port; as root it runs as the postgres user (PostgreSQL refuses to run as root).
 */
export type ThrowawayCluster = {
  url: string;
  port: number;
  stop: () => void;
  start: () => void;
  /** Stops it if running and removes its folder. */
  destroy: () => void;
};

function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')) && existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0]!, 'bin') : undefined;
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Why no throwaway cluster can be made here, or undefined when one can. */
export function throwawayClusterUnavailable(): string | undefined {
  if (!postgresBinDir()) return 'no PostgreSQL server binaries (initdb, pg_ctl) under /usr/lib/postgresql';
  if (isRoot && spawnSync('id', ['-u', 'postgres']).status !== 0) return 'running as root and there is no postgres user to own the cluster';
  if (isRoot && spawnSync('sh', ['-c', 'command -v runuser'], { stdio: 'ignore' }).status !== 0) return 'running as root without runuser';
  return undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startThrowawayCluster(): Promise<ThrowawayCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(throwawayClusterUnavailable());
  const dir = mkdtempSync(path.join(tmpdir(), 'rh-outage-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  const asUser = isRoot ? ['runuser', '-u', 'postgres', '--'] : [];
  if (isRoot) {
    const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(dir, id('-u'), id('-g'));
  }
  const exec = (args: string[]) => {
    const [cmd, ...rest] = [...asUser, ...args];
    const result = spawnSync(cmd!, rest, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${path.basename(args[0]!)} failed: ${result.stderr || result.stdout}`);
  };
  const pgCtl = path.join(bin, 'pg_ctl');
  exec([path.join(bin, 'initdb'), '-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  let running = false;
  const start = () => {
    exec([
      pgCtl,
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-t',
      '60',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`,
      'start',
    ]);
    running = true;
  };
  const stop = () => {
    exec([pgCtl, '-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
    running = false;
  };
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    destroy: () => {
      try {
        if (running) stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

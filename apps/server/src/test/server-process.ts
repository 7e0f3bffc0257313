import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { rootDir } from '../lib/paths.ts';

export type ServerProcess = {
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  base: string;
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>;
  /** Everything the server wrote to stdout and stderr so far. */
  output: () => string;
};

/**
 * The real server (tsx on apps/server/src/main.ts) as a child process, for the process tests that
 * stop, kill or starve it: production mode on a free port of 127.0.0.1, logging errors only; `env`
 * gives the rest (DATA_DIR, WEB_DIST_DIR, the database, accounts). Resolves once the server logs
 * the address it listens on; rejects with its output if it exits before.
 */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(rootDir, 'apps/server/src/main.ts')], {
    cwd: rootDir,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const onData = () => {
      const match = /running on http:\/\/[^:]+:(\d+)/.exec(out);
      if (match) {
        child.stdout!.off('data', onData);
        resolve({ child, base: `http://127.0.0.1:${match[1]}`, exited, output: () => out });
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${out}`)));
  });
}

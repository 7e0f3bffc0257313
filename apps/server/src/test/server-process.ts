import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect } from 'vitest';
import { rootDir } from '../lib/paths.ts';
import { systemClock } from '../platform/clock.ts';
import { TEST_TOTP_SECRET, withTotpCode } from '../modules/auth/auth-test-helpers.ts';

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

/** A JSON call to a server process: its status and parsed body. */
export async function processApi(base: string, method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/**
 * Signs in to a server process: the access token and user id. A configured admin has TOTP
 * (ADMIN_TOTP_SECRET = TEST_TOTP_SECRET), answered on the system clock (the server is another process).
 */
export async function processLogin(base: string, who: { email: string; password: string }): Promise<{ token: string; id: string }> {
  let res = await processApi(base, 'POST', '/api/auth/login', undefined, { email: who.email, password: who.password, rememberMe: false });
  expect(res.status).toBe(200);
  if (res.json.mfaRequired === true) {
    const mfaToken = res.json.mfaToken;
    res = await withTotpCode(
      TEST_TOTP_SECRET,
      async (code) => {
        const r = await processApi(base, 'POST', '/api/auth/mfa', undefined, { mfaToken, code });
        return { ...r, statusCode: r.status };
      },
      systemClock,
    );
    expect(res.status).toBe(200);
  }
  const json = res.json as { tokens: { access: string }; user: { id: string } };
  return { token: json.tokens.access, id: json.user.id };
}

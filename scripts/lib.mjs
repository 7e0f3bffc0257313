// Small helpers shared by the setup and test scripts.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';

export const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

export function log(message) {
  console.log(`\n\x1b[1m▶ ${message}\x1b[0m`);
}

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

/**
 * Runs a command with its output (stdout and stderr, interleaved as written) kept rather than
 * printed, so that steps running side by side can print theirs one after the other; resolves with
 * the exit code and the output.
 */
export function runCaptured(command, args, options = {}) {
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString('utf8') }));
    child.on('error', (error) => resolve({ code: 127, output: `${error.message}\n` }));
  });
}

export function commandExists(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Installs Debian packages when running as root; otherwise stops with the one command to run. */
export function aptInstall(packages, why) {
  if (!isRoot || !commandExists('apt-get')) {
    console.error(`Missing ${packages.join(', ')} (${why}): run \`sudo apt-get install -y ${packages.join(' ')}\` and try again.`);
    process.exit(1);
  }
  log(`Installing ${packages.join(', ')} with apt-get (${why})`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env }).status !== 0) {
    console.error('apt-get update failed');
    process.exit(1);
  }
  if (spawnSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env }).status !== 0) {
    console.error(`apt-get install ${packages.join(' ')} failed`);
    process.exit(1);
  }
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export function chromiumPath() {
  return process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
}

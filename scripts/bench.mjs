// `npm run bench`: the landing bundle figure, then the API load benchmarks (autocannon against a
// real server on this machine, PGlite and PostgreSQL). Figures go in docs/performance.md.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { log, run } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
log('Building');
if ((await run('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })) !== 0) process.exit(1);
log('Landing bundle');
await run('node', [path.join(root, 'scripts/bundle-size.mjs')]);
const api = path.join(root, 'scripts/bench-auth.mjs');
if (existsSync(api)) {
  log('API load (autocannon)');
  process.exitCode = await run('node', [api], { cwd: root });
}
const points = path.join(root, 'scripts/bench-points.mjs');
if (existsSync(points)) {
  log('Points economy (raffle entry burst, pgbench ceiling, redemption race)');
  process.exitCode = (await run('node', [points], { cwd: root })) || process.exitCode;
}

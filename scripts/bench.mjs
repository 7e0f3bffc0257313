// `npm run bench`: the landing bundle figure, Lighthouse on four pages (scripts/bench-lighthouse.mjs,
// which writes its figures into docs/performance.md), then the API load benchmarks (autocannon
// against a real server on this machine, PGlite and PostgreSQL, with the me/health ratio).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { log, run } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
log('Building');
if ((await run('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })) !== 0) process.exit(1);
log('Landing bundle');
await run('node', [path.join(root, 'scripts/bundle-size.mjs')]);
const lighthouse = await run('node', [path.join(root, 'scripts/bench-lighthouse.mjs')], { cwd: root });
const api = path.join(root, 'scripts/bench-auth.mjs');
let apiCode = 0;
if (existsSync(api)) {
  log('API load (autocannon)');
  apiCode = await run('node', [api], { cwd: root });
}
let pointsCode = 0;
const points = path.join(root, 'scripts/bench-points.mjs');
if (existsSync(points)) {
  log('Points economy (raffle entry burst, pgbench ceiling, redemption race)');
  pointsCode = await run('node', [points], { cwd: root });
}
let wagersCode = 0;
const wagers = path.join(root, 'scripts/bench-wagers.mjs');
if (existsSync(wagers)) {
  log('Wager engine (race standings reads and a CSV import: PostgreSQL 100k and 1M stored rows, PGlite 10k and 100k)');
  wagersCode = await run('node', [wagers], { cwd: root });
}
let huntsCode = 0;
const hunts = path.join(root, 'scripts/bench-hunts.mjs');
if (existsSync(hunts)) {
  log('Bonus hunt read (200 bonuses, 5,000 guesses) against the health call');
  huntsCode = await run('node', [hunts], { cwd: root });
}
let streamCode = 0;
const stream = path.join(root, 'scripts/bench-stream.mjs');
if (existsSync(stream)) {
  log('Stream (signed Kick webhooks against health; one presence block for 5,000 viewers)');
  streamCode = await run('node', [stream], { cwd: root });
}
let eventsCode = 0;
const events = path.join(root, 'scripts/bench-events.mjs');
if (existsSync(events)) {
  log('Live channel (5,000 idle event streams on one server: memory per stream, one broadcast to all)');
  eventsCode = await run('node', [events], { cwd: root });
}
process.exitCode = lighthouse || apiCode || pointsCode || wagersCode || huntsCode || streamCode || eventsCode;

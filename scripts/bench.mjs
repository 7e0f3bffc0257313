// `npm run bench`: the landing bundle figure, Lighthouse (scripts/bench-lighthouse.mjs, which writes
// its figures into docs/performance.md), the API load benchmarks (autocannon against a real server
// on this machine, PGlite and PostgreSQL, with the health call's figures beside them), and the stream
// at scale: hot public reads, chat bursts, presence and the live channel. Every goal a benchmark
// records (scripts/bench-summary.mjs) ends in ONE summary table, printed and written to
// docs/performance.md with this machine's description and its load average.
// BENCH_ONLY=hot-reads,chat-burst,stream,events runs only those benchmarks (the names after `bench-`);
// their sizes are set by each script's variables (its header says which).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadLine, machineLine, readGoals, summaryMarkdown } from './bench-summary.mjs';
import { log, run } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(',').map((s) => s.trim()) : null;
const summaryDir = mkdtempSync(path.join(tmpdir(), 'rh-bench-summary-'));
process.env.BENCH_SUMMARY_FILE = path.join(summaryDir, 'goals.jsonl');
const startedAt = new Date();
const loadAtStart = loadLine();

// BENCH_NO_BUILD=1: measure the build already there (a rerun of one benchmark).
if (!process.env.BENCH_NO_BUILD) log('Building');
if (!process.env.BENCH_NO_BUILD && (await run('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })) !== 0) process.exit(1);
let code = 0;
if (!only) {
  log('Landing bundle');
  await run('node', [path.join(root, 'scripts/bundle-size.mjs')]);
  const lighthouse = await run('node', [path.join(root, 'scripts/bench-lighthouse.mjs')], { cwd: root });
  code ||= lighthouse;
}

const benches = [
  ['auth', 'API load (autocannon)'],
  ['points', 'Points economy (raffle entry burst, pgbench ceiling, redemption race)'],
  ['wagers', 'Wager engine (race standings reads and a CSV import: PostgreSQL 100k and 1M stored rows, PGlite 10k and 100k)'],
  ['hunts', 'Bonus hunt read (200 bonuses, 5,000 guesses) against the health call'],
  ['hot-reads', 'Hot public reads (giveaways, Deal or No Deal, the race board) against the health call'],
  ['stream', 'Stream (signed Kick webhooks against health; one presence block for 20,000 chatters)'],
  ['twitch', 'Twitch EventSub webhook (signed notifications against health)'],
  ['chat-burst', 'Chat bursts (1,000 signed messages a second for 60 s with the stream job running)'],
  ['events', 'Live channel (20,000 event streams on one server: memory, one race update to all, a reconnect storm)'],
];
for (const [name, title] of benches) {
  const script = path.join(root, `scripts/bench-${name}.mjs`);
  if ((only && !only.includes(name)) || !existsSync(script)) continue;
  log(title);
  // Every benchmark runs, whatever the one before it gave.
  const exit = await run('node', [script], { cwd: root });
  code ||= exit;
}

const goals = readGoals(process.env.BENCH_SUMMARY_FILE);
rmSync(summaryDir, { recursive: true, force: true });
const loadAtEnd = loadLine();
log(`Summary: ${goals.filter((g) => g.met).length} of ${goals.length} goals met (load average ${loadAtStart} at the start, ${loadAtEnd} at the end)`);
console.table(goals.map((g) => ({ area: g.area, goal: g.goal, measured: g.measured, met: g.met ? 'met' : 'NOT MET', load: g.load.toFixed(1) })));

// docs/performance.md keeps the last run's summary between its two markers.
const doc = path.join(root, 'docs/performance.md');
const START = '<!-- bench-summary:start -->';
const END = '<!-- bench-summary:end -->';
const busy = Math.max(...[loadAtStart, loadAtEnd].map((l) => Number(l.split(' / ')[0]))) > 2.5;
const block = [
  START,
  `Last \`npm run bench\`${only ? ` (BENCH_ONLY=${only.join(',')})` : ''}: ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machineLine()}.`,
  `Load average (1 / 5 / 15 min) ${loadAtStart} at the start, ${loadAtEnd} at the end${busy ? ': the machine was busy, so the figures are lower than a quiet run would give' : ''}.`,
  '',
  summaryMarkdown(goals),
  END,
].join('\n');
const text = readFileSync(doc, 'utf8');
const from = text.indexOf(START);
const to = text.indexOf(END);
if (from >= 0 && to > from) writeFileSync(doc, `${text.slice(0, from)}${block}${text.slice(to + END.length)}`);
else log(`docs/performance.md has no ${START} … ${END} block: the summary is printed only`);
process.exitCode = code || (goals.every((g) => g.met) ? 0 : 1);

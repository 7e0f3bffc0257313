// Lighthouse (12.x, mobile emulation) against the built app served by the real server (goals in docs/performance.md):
// /, /rewards, /casino-reviews, /games/dice, /raffles, /slots and a finished bonus hunt's page (the
// sample hunt the first start seeds) with Debian's Chromium. Prints the scores with LCP, CLS and TBT
// and the machine's load average as each page starts, marks what misses a goal, and adds the run's
// table to docs/performance.md between the lighthouse markers (newest first; earlier runs stay)
// with the machine they came from. `npm run bench` builds first and calls this.
//
// Each page is audited three times and the median run (by performance score) is reported, as
// Lighthouse's own guidance on variability advises; every run's score, LCP and TBT is printed and
// written too.
//
// Options (for comparing one change back to back; --pages, --save and --no-write leave
// docs/performance.md alone):
//   --pages=/rewards,/games/dice   only these pages (/bonus-hunts/:finished: the finished sample hunt)
//   --runs=5                       audit each page this many times (default 3)
//   --save=DIR                     keep each run's full JSON report (DIR/<page>-<n>.json)
//   --no-write                     print only
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import chromiumFlags from '../e2e/support/chromium-flags.json' with { type: 'json' };
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { requireBuiltServer, root, startBenchServer } from './bench-server.mjs';
import { recordGoals } from './bench-summary.mjs';
import { log } from './lib.mjs';

const docFile = path.join(root, 'docs/performance.md');
const START = '<!-- lighthouse:start (written by scripts/bench-lighthouse.mjs) -->';
const END = '<!-- lighthouse:end -->';
// A finished bonus hunt's page: its id is only known once the server has seeded it (HUNT_PAGE).
const HUNT_PAGE = '/bonus-hunts/:finished';
const ALL_PATHS = ['/', '/rewards', '/casino-reviews', '/games/dice', '/raffles', '/slots', HUNT_PAGE];
const { values: options } = parseArgs({
  options: {
    pages: { type: 'string' },
    runs: { type: 'string', default: '3' },
    save: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
  },
});
const PATHS = options.pages
  ? options.pages
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)
  : ALL_PATHS;
const RUNS = Math.max(1, Number.parseInt(options.runs, 10) || 1);
// The doc's table is the seven pages, as the goals are stated.
const WRITE_DOC = !options['no-write'] && !options.pages && !options.save;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The same headless flags as the end-to-end tests (one list), plus Lighthouse's headless mode.
const CHROMIUM_FLAGS = ['--headless=new', ...chromiumFlags];
const lighthouseVersion = createRequire(import.meta.url)('lighthouse/package.json').version;
const GOALS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100, cls: 0.05, tbt: 200 };

requireBuiltServer();
if (!existsSync(CHROMIUM)) {
  console.error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}

const score = (category) => (category?.score == null ? null : Math.round(category.score * 100));

function misses(row) {
  const missed = [];
  if (row.performance < GOALS.performance) missed.push(`performance < ${GOALS.performance}`);
  if (row.accessibility < GOALS.accessibility) missed.push(`accessibility < ${GOALS.accessibility}`);
  if (row['best practices'] < GOALS['best-practices']) missed.push(`best practices < ${GOALS['best-practices']}`);
  if (row.SEO < GOALS.seo) missed.push(`SEO < ${GOALS.seo}`);
  if (!(row.CLS < GOALS.cls)) missed.push(`CLS >= ${GOALS.cls}`);
  if (!(row['TBT ms'] <= GOALS.tbt)) missed.push(`TBT > ${GOALS.tbt} ms`);
  return missed;
}

async function audit(url, port, saveAs, attempt = 1) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (saveAs) writeFileSync(saveAs, typeof result.report === 'string' ? result.report : result.report[0]);
  const { categories, audits } = result.lhr;
  // A run Lighthouse could not finish (a runtime error: no paint within its time limit on a busy
  // machine, say) has no metrics: it is reported and run again, up to twice.
  if (result.lhr.runtimeError || audits['cumulative-layout-shift']?.numericValue === undefined) {
    const why = result.lhr.runtimeError?.code ?? 'no metrics';
    if (attempt < 3) {
      console.log(`${url}: Lighthouse could not finish the run (${why}); running it again`);
      return audit(url, port, saveAs, attempt + 1);
    }
    throw new Error(`${url}: Lighthouse could not finish ${attempt} runs (${why})`);
  }
  return {
    performance: score(categories.performance),
    accessibility: score(categories.accessibility),
    'best practices': score(categories['best-practices']),
    SEO: score(categories.seo),
    'LCP ms': Math.round(audits['largest-contentful-paint'].numericValue),
    CLS: Number(audits['cumulative-layout-shift'].numericValue.toFixed(3)),
    'TBT ms': Math.round(audits['total-blocking-time'].numericValue),
    // What kept a score below 100, for the reader who wants to fix it.
    failing: Object.values(audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual')
      .map((a) => a.id),
  };
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}, load average ${loadAverage()} at start`;

/** The finished sample hunt's page (seeded on the first start with the sample data). */
async function finishedHuntPage(origin) {
  const { hunts } = await (await fetch(`${origin}/api/bonus-hunts`)).json();
  const hunt = hunts.find((h) => h.status === 'finished');
  if (!hunt) throw new Error('no finished bonus hunt to audit: the server seeds one with its sample data (SEED_CATALOGUE)');
  return `/bonus-hunts/${hunt.id}`;
}

log(`Lighthouse (mobile) on ${PATHS.join(', ')}`);
// The sample data (races, raffles, slots, a finished hunt) is what a fresh install shows.
const server = await startBenchServer({ dataDir: mkdtempSync(path.join(tmpdir(), 'rh-lighthouse-')), env: { SEED_CATALOGUE: 'true' } });
// A Chromium that does not start must not leave the server running.
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS }).catch(async (error) => {
  await server.stop();
  throw error;
});
const rows = [];
try {
  if (options.save) mkdirSync(options.save, { recursive: true });
  for (const page of PATHS) {
    const url = page === HUNT_PAGE ? await finishedHuntPage(server.origin) : page;
    const load = loadAverage();
    const runs = [];
    for (let n = 1; n <= RUNS; n += 1) {
      const saveAs = options.save && path.join(options.save, `${page.replace(/[/:]/g, '_') || '_'}-${n}.json`);
      runs.push({ page, ...(await audit(server.origin + url, chrome.port, saveAs)) });
    }
    const every = `performance ${runs.map((r) => r.performance).join(', ')}; LCP ms ${runs.map((r) => r['LCP ms']).join(', ')}; CLS ${runs.map((r) => r.CLS).join(', ')}; TBT ms ${runs.map((r) => r['TBT ms']).join(', ')}`;
    console.log(`${page}: ${every} (load average ${load} at its start)`);
    // The median run by performance score.
    const median = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor((runs.length - 1) / 2)];
    rows.push({ ...median, load: load.split(' ')[0], every });
  }
} finally {
  await chrome.kill();
  await server.stop();
}

const endLoad = loadAverage();
console.log(`Machine: ${machine}; load average ${endLoad} at the end`);
console.table(
  rows.map((row) => {
    const shown = { ...row, goals: misses(row).join('; ') || 'met' };
    delete shown.failing;
    delete shown.every;
    return shown;
  }),
);
for (const row of rows) {
  if (row.failing.length > 0) console.log(`${row.page}: audits below 0.9: ${row.failing.join(', ')}`);
}

// One goal line per page in npm run bench's summary (nothing when this script runs alone).
recordGoals(
  rows.map((r) => ({
    area: `Lighthouse ${r.page}`,
    goal: `median of ${RUNS}: performance >= ${GOALS.performance}, TBT <= ${GOALS.tbt} ms, accessibility, best practices and SEO 100, CLS < ${GOALS.cls}`,
    measured: `performance ${r.performance}, TBT ${r['TBT ms']} ms, accessibility ${r.accessibility}, best practices ${r['best practices']}, SEO ${r.SEO}, CLS ${r.CLS}`,
    met: misses(r).length === 0,
  })),
);

if (!WRITE_DOC) process.exit(0);
const date = new Date().toISOString().slice(0, 10);
const table = [
  '| page | performance | accessibility | best practices | SEO | LCP ms | CLS | TBT ms | load (1 min) | goals |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ...rows.map(
    (r) =>
      `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r['best practices']} | ${r.SEO} | ${r['LCP ms']} | ${r.CLS} | ${r['TBT ms']} | ${r.load} | ${misses(r).join('; ') || 'met'} |`,
  ),
];
const loaded = Number(endLoad.split(' ')[0]) > os.cpus().length || rows.some((r) => Number(r.load) > os.cpus().length);
const section = [
  `### Run of ${date} ${new Date().toISOString().slice(11, 16)} UTC${loaded ? ' (NOT a quiet run: load average over the core count)' : ''}`,
  '',
  `Lighthouse ${lighthouseVersion} with its default mobile emulation (Moto G power, slow 4G and 4× CPU throttling, simulated), Chromium \`${CHROMIUM}\` headless.`,
  '',
  `Machine: ${machine}, ${endLoad} at the end.`,
  '',
  `Each page ${RUNS === 1 ? 'once' : `${RUNS} times; the table holds the median run by performance score`}.`,
  '',
  ...table,
  '',
  ...(RUNS > 1 ? rows.map((r) => `- ${r.page}, every run: ${r.every}.`) : []),
].join('\n');
// One table per run: the new run goes first between the markers, the earlier ones stay under it.
const doc = readFileSync(docFile, 'utf8');
const next =
  doc.includes(START) && doc.includes(END)
    ? `${doc.slice(0, doc.indexOf(START) + START.length)}\n${section}\n\n${doc.slice(doc.indexOf(START) + START.length).replace(/^\n+/, '')}`
    : `${doc.trimEnd()}\n\n## Lighthouse (\`npm run bench\` → \`scripts/bench-lighthouse.mjs\`)\n\n${START}\n${section}\n${END}\n`;
writeFileSync(docFile, next);
console.log(`Wrote the Lighthouse figures to ${path.relative(root, docFile)}`);

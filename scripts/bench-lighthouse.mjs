// Lighthouse (12.x, mobile emulation) against the built app served by the real server (goals in docs/performance.md):
// /, /rewards, /casino-reviews and /games/dice with Debian's Chromium. Prints the scores with LCP,
// CLS and TBT, marks what misses a goal, and writes them to docs/performance.md between the
// lighthouse markers with the machine they came from. `npm run bench` builds first and calls this.
//
// Each page is audited three times and the median run (by performance score) is reported, as
// Lighthouse's own guidance on variability advises; every run's score, LCP and TBT is printed and
// written too.
//
// Options (for comparing one change back to back; --pages, --save and --no-write leave
// docs/performance.md alone):
//   --pages=/rewards,/games/dice   only these pages
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
import { log } from './lib.mjs';

const docFile = path.join(root, 'docs/performance.md');
const START = '<!-- lighthouse:start (written by scripts/bench-lighthouse.mjs) -->';
const END = '<!-- lighthouse:end -->';
const ALL_PATHS = ['/', '/rewards', '/casino-reviews', '/games/dice'];
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
// The doc's table is the four pages, as the goals are stated.
const WRITE_DOC = !options['no-write'] && !options.pages && !options.save;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The same headless flags as the end-to-end tests (one list), plus Lighthouse's headless mode.
const CHROMIUM_FLAGS = ['--headless=new', ...chromiumFlags];
const lighthouseVersion = createRequire(import.meta.url)('lighthouse/package.json').version;
const GOALS = { performance: 95, accessibility: 100, 'best-practices': 95, cls: 0.05 };

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
  if (!(row.CLS < GOALS.cls)) missed.push(`CLS >= ${GOALS.cls}`);
  return missed;
}

async function audit(url, port, saveAs) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (saveAs) writeFileSync(saveAs, typeof result.report === 'string' ? result.report : result.report[0]);
  const { categories, audits } = result.lhr;
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

const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}, load average ${os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(' ')} at start`;

log(`Lighthouse (mobile) on ${PATHS.join(', ')}`);
const server = await startBenchServer({ dataDir: mkdtempSync(path.join(tmpdir(), 'rh-lighthouse-')) });
// A Chromium that does not start must not leave the server running.
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS }).catch(async (error) => {
  await server.stop();
  throw error;
});
const rows = [];
try {
  if (options.save) mkdirSync(options.save, { recursive: true });
  for (const page of PATHS) {
    const runs = [];
    for (let n = 1; n <= RUNS; n += 1) {
      const saveAs = options.save && path.join(options.save, `${page.replace(/\//g, '_') || '_'}-${n}.json`);
      runs.push({ page, ...(await audit(server.origin + page, chrome.port, saveAs)) });
    }
    const every = `performance ${runs.map((r) => r.performance).join(', ')}; LCP ms ${runs.map((r) => r['LCP ms']).join(', ')}; TBT ms ${runs.map((r) => r['TBT ms']).join(', ')}`;
    if (RUNS > 1) console.log(`${page}: ${every}`);
    // The median run by performance score.
    const median = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor((runs.length - 1) / 2)];
    rows.push({ ...median, every });
  }
} finally {
  await chrome.kill();
  await server.stop();
}

console.log(`Machine: ${machine}`);
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

if (!WRITE_DOC) process.exit(0);
const date = new Date().toISOString().slice(0, 10);
const table = [
  '| page | performance | accessibility | best practices | SEO | LCP ms | CLS | TBT ms | goals |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---|',
  ...rows.map(
    (r) =>
      `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r['best practices']} | ${r.SEO} | ${r['LCP ms']} | ${r.CLS} | ${r['TBT ms']} | ${misses(r).join('; ') || 'met'} |`,
  ),
];
const section = [
  START,
  `Run of ${date}, Lighthouse ${lighthouseVersion} with its default mobile emulation (Moto G power, slow 4G and 4× CPU throttling, simulated), Chromium \`${CHROMIUM}\` headless.`,
  '',
  `Machine: ${machine}.`,
  '',
  `Each page ${RUNS === 1 ? 'once' : `${RUNS} times; the table holds the median run by performance score`}.`,
  '',
  ...table,
  '',
  ...(RUNS > 1 ? rows.map((r) => `- ${r.page}, every run: ${r.every}.`) : []),
  END,
].join('\n');
const doc = readFileSync(docFile, 'utf8');
const next =
  doc.includes(START) && doc.includes(END)
    ? doc.slice(0, doc.indexOf(START)) + section + doc.slice(doc.indexOf(END) + END.length)
    : `${doc.trimEnd()}\n\n## Lighthouse (\`npm run bench\` → \`scripts/bench-lighthouse.mjs\`)\n\n${section}\n`;
writeFileSync(docFile, next);
console.log(`Wrote the Lighthouse figures to ${path.relative(root, docFile)}`);

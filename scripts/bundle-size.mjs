// Prints the landing route's initial JavaScript, gzipped: the entry chunk (which holds the landing
// page) and its static imports, plus the landing page's chunk should it become lazy again (what a
// first visit to / downloads). With --check it fails when the figure is over the budget (100 KB,
// docs/performance.md "Landing route"; it was 150 KB before the landing page's first paint was trimmed).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 100;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const files = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported);
}
collect('index.html');
collect('src/features/landing/landing-page.tsx');
if (files.size === 0) throw new Error('bundle-size: entry chunk missing from the Vite manifest');

let total = 0;
const rows = [];
for (const file of files) {
  const size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += size;
  rows.push(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
const kb = total / 1024;
console.log(`Landing route initial JavaScript: ${kb.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`);
console.log(rows.join('\n'));
if (process.argv.includes('--check') && kb > BUDGET_KB) {
  console.error(`Over budget by ${(kb - BUDGET_KB).toFixed(1)} KB`);
  process.exit(1);
}

// Prints the JavaScript a visitor's browser loads on / by network idle, gzipped at level 9, and with
// --check fails when it is over the budget (100 KB, docs/performance.md "Landing route"). Counted
// from Vite's manifest the way the browser fetches it:
//   - the entry chunk (React, the router, the shell and the landing page) and its static imports;
//   - the lazy chunks the landing asks for as it loads (LANDING_LOAD_CHUNKS: its race top 5 and the
//     footer), each with its static imports: the browser fetches them at once, not on a click;
//   - the scripts index.html names itself (public/theme-init.js).
// Other dynamic imports of the entry (the auth dialog, the mobile menu, the member header, the
// page layout of every other page...) wait for a click or for another page and are not counted.
// Chromium's own network list on / was checked against this figure (docs/performance.md).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 100;
// The same list as LANDING_LOAD_CHUNKS in apps/web/vite.config.ts.
const LANDING_LOAD_CHUNKS = ['src/features/landing/race-standings.tsx', 'src/app/layout/footer.tsx'];
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const entry = manifest['index.html'];
if (!entry) throw new Error('bundle-size: the entry chunk is missing from the Vite manifest');

const files = new Map(); // file → why it is loaded
function collect(key, why) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.set(chunk.file, why);
  for (const imported of chunk.imports ?? []) collect(imported, why);
}
collect('index.html', 'entry');
for (const key of LANDING_LOAD_CHUNKS) {
  // A renamed or inlined chunk must not drop out of the count unnoticed.
  if (!entry.dynamicImports?.includes(key)) throw new Error(`bundle-size: ${key} is no longer a lazy chunk of the entry; update LANDING_LOAD_CHUNKS`);
  collect(key, `loaded by / (${path.basename(key)})`);
}
// Classic scripts that index.html loads from public/ (not in the manifest).
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
for (const [, src] of html.matchAll(/<script\b[^>]*\bsrc="\/([^"]+)"/g)) {
  if (!files.has(src) && existsSync(path.join(dist, src))) files.set(src, 'index.html');
}

let total = 0;
const rows = [];
for (const [file, why] of files) {
  const size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += size;
  rows.push(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${file}  (${why})`);
}
const kb = total / 1024;
console.log(`Landing JavaScript (what / loads by network idle): ${kb.toFixed(1)} KB gzipped in ${files.size} files (budget ${BUDGET_KB} KB)`);
console.log(rows.join('\n'));
if (process.argv.includes('--check') && kb > BUDGET_KB) {
  console.error(`Over budget by ${(kb - BUDGET_KB).toFixed(1)} KB`);
  process.exit(1);
}

// `npm start`: builds what is not built (or older than its sources), then runs the server, which
// applies migrations to the database (PGlite in ./data by default) and serves the API and the SPA.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { log, run } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function isStale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => newestMtime(source) > built);
}

const shared = at('packages/shared/src');
const targets = [
  { name: 'web', output: at('apps/web/dist/index.html'), sources: [at('apps/web/src'), at('apps/web/index.html'), at('apps/web/public'), shared] },
  { name: 'server', output: at('apps/server/dist/main.js'), sources: [at('apps/server/src'), shared] },
];
for (const target of targets) {
  if (!isStale(target.output, target.sources)) continue;
  log(`Building the ${target.name}`);
  const code = await run('npm', ['run', 'build', '-w', `apps/${target.name}`], { cwd: root });
  if (code !== 0) process.exit(code);
}

await import(path.join(root, 'apps/server/dist/main.js'));

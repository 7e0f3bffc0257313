// `npm run lint` runs this first: every package in package-lock.json must accept the oldest Node
// that package.json's `engines` (and the README) promise, and the Node running the check, so that
// `npm ci` prints no EBADENGINE warning. It fails naming each package whose `engines.node` does not
// match; the fix is an override in package.json (or another version of the dependency that pulls it).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// semver is what npm itself uses to read these ranges (installed with the dev tools: eslint, vitest).
const semver = createRequire(import.meta.url)('semver');

const root = new URL('../', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8'));

const promised = manifest.engines?.node;
if (!promised) {
  console.error('package.json declares no engines.node.');
  process.exit(1);
}
const oldest = semver.minVersion(promised).version;
const versions = [...new Set([oldest, process.versions.node])];

const mismatches = [];
for (const [path, entry] of Object.entries(lock.packages ?? {})) {
  if (path === '' || entry.link) continue;
  const range = entry.engines?.node;
  if (typeof range !== 'string') continue;
  for (const version of versions) {
    if (!semver.satisfies(version, range, { includePrerelease: true })) {
      const name = path.replace(/^.*node_modules\//, '');
      mismatches.push(`${name}@${entry.version} requires Node ${range}, not ${version}`);
    }
  }
}

if (mismatches.length > 0) {
  console.error(`Engine mismatch in package-lock.json (package.json promises Node ${promised}):`);
  for (const line of mismatches) console.error(`  ${line}`);
  process.exit(1);
}
console.log(`Engines: every locked package accepts Node ${versions.join(' and ')}.`);

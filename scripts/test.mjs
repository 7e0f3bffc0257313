// `npm test`: installs what the tests need (Chromium; PostgreSQL when no server answers), then runs
// typecheck, lint, unit + component + API integration tests (PGlite and PostgreSQL), the build with
// its bundle budget, and the end-to-end tests in Chromium against the built app.
import { aptInstall, chromiumPath, log, run, runCaptured } from './lib.mjs';
import { resolvePostgres } from './postgres.mjs';

if (!chromiumPath()) aptInstall(['chromium'], "the end-to-end tests drive Debian's Chromium");
const chromium = chromiumPath();
if (!chromium) {
  console.error('Chromium is still missing after the install: run `sudo apt-get install -y chromium`.');
  process.exit(1);
}

const postgres = await resolvePostgres();
let stopping = false;
async function finish(code) {
  if (stopping) return;
  stopping = true;
  await postgres.stop().catch((error) => console.error(`Stopping PostgreSQL failed: ${error.message}`));
  process.exit(code);
}
process.on('SIGINT', () => void finish(130));
process.on('SIGTERM', () => void finish(143));

const env = { ...process.env, TEST_DATABASE_URL: postgres.url, CHROMIUM_PATH: chromium };

// Typecheck, lint and the build do not depend on each other and each keeps about one core busy, so
// they run side by side (on a 2-core machine this saves about a minute); each one's output is
// printed whole when it ends. The Vitest run and then the browser tests use both cores themselves.
const sideBySide = [
  ['Typecheck', 'npx', ['tsc', '-b']],
  ['Lint (ESLint and Prettier)', 'npm', ['run', 'lint']],
  ['Build (with the landing bundle budget)', 'npm', ['run', 'build']],
];
const inTurn = [
  ['Unit, component and API integration tests (PGlite and PostgreSQL)', 'npx', ['vitest', 'run']],
  ['End-to-end tests in Chromium', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']],
];

const failed = [];
const timings = [];
const started = Date.now();
const seconds = (from) => `${Math.round((Date.now() - from) / 1000)} s`;

log(`${sideBySide.map(([title]) => title).join(', ')} (side by side)`);
await Promise.all(
  sideBySide.map(async ([title, command, args]) => {
    const from = Date.now();
    const { code, output } = await runCaptured(command, args, { env });
    log(`${title}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds(from)}`);
    process.stdout.write(output);
    timings.push(`${title}: ${seconds(from)}`);
    if (code !== 0) failed.push(title);
  }),
);

for (const [title, command, args] of inTurn) {
  // Without a build there is nothing for the end-to-end tests to drive.
  if (title.startsWith('End-to-end') && failed.some((f) => f.startsWith('Build'))) break;
  log(title);
  const from = Date.now();
  const code = await run(command, args, { env });
  timings.push(`${title}: ${seconds(from)}`);
  if (code !== 0) failed.push(title);
}

console.log(`\nTimes: ${timings.join('; ')}; in all ${seconds(started)}.`);
if (failed.length) {
  console.error(`\n✖ Failed: ${failed.join('; ')}`);
  await finish(1);
} else {
  console.log('\n✔ All test steps passed');
  await finish(0);
}

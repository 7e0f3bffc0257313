// `npm test`: installs what the tests need (Chromium; PostgreSQL when no server answers), then runs
// typecheck, lint, unit + component + API integration tests (PGlite and PostgreSQL), the build with
// its bundle budget, and the end-to-end tests in Chromium against the built app.
import { aptInstall, chromiumPath, log, run } from './lib.mjs';
import { resolvePostgres } from './postgres.mjs';

if (!chromiumPath()) aptInstall(['chromium'], 'the end-to-end tests drive Debian\'s Chromium');
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
const steps = [
  ['Typecheck', 'npx', ['tsc', '-b']],
  ['Lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  ['Unit, component and API integration tests (PGlite and PostgreSQL)', 'npx', ['vitest', 'run']],
  ['Build (with the landing bundle budget)', 'npm', ['run', 'build']],
  ['End-to-end tests in Chromium', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']],
];

const failed = [];
for (const [title, command, args] of steps) {
  log(title);
  const code = await run(command, args, { env });
  if (code !== 0) {
    failed.push(title);
    // Without a build there is nothing for the end-to-end tests to drive.
    if (title.startsWith('Build')) break;
  }
}

if (failed.length) {
  console.error(`\n✖ Failed: ${failed.join('; ')}`);
  await finish(1);
} else {
  console.log('\n✔ All test steps passed');
  await finish(0);
}

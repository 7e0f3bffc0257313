import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import chromiumFlags from './support/chromium-flags.json' with { type: 'json' };

// The built app (npm run build) served by the real server on its own port and fresh data folder.
export const port = Number(process.env.E2E_PORT ?? 3100);
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);
export const baseURL = `http://localhost:${port}`;
// The main server runs with ADMIN_MFA=optional and an admin without TOTP: its many admin sign-ins
// (every spec, both workers) would otherwise queue for one fresh 30-second code each, as the server
// refuses a code twice and locks the account after 10 wrong ones. The second factor itself is tested
// end to end on the second server below (ADMIN_MFA=required: enrolment, 403 MFA_REQUIRED, a code
// sign-in), and on every admin route by the integration tests.
export const e2eAdmin = { email: 'admin@e2e.test', password: 'Admin-e2e-Pass-42', username: 'admin' };
export const e2eDemo = { email: 'demo@e2e.test', password: 'Demo-e2e-Pass-42' };
// A second, bare server whose configured admin has no second factor yet: enrolment on opening /admin.
export const enrolPort = Number(process.env.E2E_ENROL_PORT ?? port + 1);
export const enrolBaseURL = `http://localhost:${enrolPort}`;
export const e2eNewAdmin = { email: 'new-admin@e2e.test', password: 'NewAdmin-e2e-Pass-42', username: 'newadmin' };

// The fake Kick (apps/server/src/test/fake-kick.ts) on its own port; its webhook signing key is made
// once per run and kept in the environment, which the workers inherit (e2e/stream.spec.ts).
export const kickPort = Number(process.env.E2E_KICK_PORT ?? port + 2);
export const kickURL = `http://127.0.0.1:${kickPort}`;
// The fake Twitch (apps/server/src/test/fake-twitch.ts) on its own port (e2e/twitch.spec.ts).
export const twitchPort = Number(process.env.E2E_TWITCH_PORT ?? port + 5);
export const twitchURL = `http://127.0.0.1:${twitchPort}`;
process.env.E2E_KICK_PRIVATE_KEY ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const kickPublicKey = createPublicKey(process.env.E2E_KICK_PRIVATE_KEY).export({ type: 'spki', format: 'pem' }).toString();

const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'rh-e2e-'));
process.env.E2E_DATA_DIR = dataDir; // workers re-read this file: keep one folder per run

// Serve a snapshot of the built SPA, so that a rebuild during the run cannot swap chunks under it.
const webDist = path.join(dataDir, 'web');
const builtWeb = path.resolve(import.meta.dirname, '../apps/web/dist');
if (!existsSync(webDist) && existsSync(builtWeb)) cpSync(builtWeb, webDist, { recursive: true });

// Debian's Chromium headless on a container: the flags live in one file that the Lighthouse bench reads too.
const chromiumArgs = chromiumFlags;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: path.join(tmpdir(), `rh-e2e-results-${port}`),
  // The test SMTP receiver on smtpPort (stopped by the teardown it returns).
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: 'npx tsx e2e/support/fake-kick-server.ts',
      cwd: path.resolve(import.meta.dirname, '..'),
      url: `${kickURL}/_fake/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_KICK_PORT: String(kickPort), E2E_KICK_PRIVATE_KEY: process.env.E2E_KICK_PRIVATE_KEY },
    },
    {
      command: 'npx tsx e2e/support/fake-twitch-server.ts',
      cwd: path.resolve(import.meta.dirname, '..'),
      url: `${twitchURL}/_fake/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_TWITCH_PORT: String(twitchPort) },
    },
    {
      command: 'node apps/server/dist/main.js',
      cwd: path.resolve(import.meta.dirname, '..'),
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000, // a first start seeds the catalogue and draws sample raffles; slow on a busy 2-core machine
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST_DIR: webDist,
        APP_ORIGIN: baseURL,
        LOG_LEVEL: 'warn',
        JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        ADMIN_EMAIL: e2eAdmin.email,
        ADMIN_PASSWORD: e2eAdmin.password,
        ADMIN_USERNAME: e2eAdmin.username,
        ADMIN_MFA: 'optional',
        DEMO_EMAIL: e2eDemo.email,
        DEMO_PASSWORD: e2eDemo.password,
        // No demo wagers arriving during a run: they would move other specs' figures.
        DEMO_FEED: 'false',
        // The fixtures' registrations say they come from addresses of their own (X-Forwarded-For), so
        // the many test members of a run stay under the per-address registration limit (20 an hour)
        // that the browser's own sign-ups from 127.0.0.1 still meet.
        TRUST_PROXY: '127.0.0.1',
        // e2e/wager-sync.spec.ts plays the partner casino on 127.0.0.1 (private networks are refused by default).
        WAGER_SYNC_ALLOW_PRIVATE: 'true',
        // e2e/developers.spec.ts sends webhooks to a receiver on 127.0.0.1.
        WEBHOOKS_ALLOW_PRIVATE: 'true',
        // e2e/stream.spec.ts connects the channel at the fake Kick.
        KICK_CLIENT_ID: 'fake-client',
        KICK_CLIENT_SECRET: 'fake-secret',
        KICK_API_URL: kickURL,
        KICK_AUTH_URL: kickURL,
        KICK_PUBLIC_KEY: kickPublicKey,
        // e2e/twitch.spec.ts connects the Twitch channel at the fake Twitch.
        TWITCH_CLIENT_ID: 'fake-twitch-client',
        TWITCH_CLIENT_SECRET: 'fake-twitch-secret',
        TWITCH_EVENTSUB_SECRET: 'e2e-eventsub-secret-0123',
        TWITCH_API_URL: twitchURL,
        TWITCH_AUTH_URL: twitchURL,
      },
    },
    {
      command: 'node apps/server/dist/main.js',
      cwd: path.resolve(import.meta.dirname, '..'),
      url: `${enrolBaseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'production',
        PORT: String(enrolPort),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dataDir, 'enrol'),
        WEB_DIST_DIR: webDist,
        APP_ORIGIN: enrolBaseURL,
        LOG_LEVEL: 'warn',
        JWT_SECRET: 'e2e-enrol-secret-e2e-enrol-secret-0123456789',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        SEED_CATALOGUE: 'false',
        JOBS_INTERVAL_SECONDS: '0',
        ADMIN_MFA: 'required',
        ADMIN_EMAIL: e2eNewAdmin.email,
        ADMIN_PASSWORD: e2eNewAdmin.password,
        ADMIN_USERNAME: e2eNewAdmin.username,
        DEMO_EMAIL: 'new-demo@e2e.test',
        DEMO_PASSWORD: 'NewDemo-e2e-Pass-42',
        DEMO_FEED: 'false',
      },
    },
  ],
});

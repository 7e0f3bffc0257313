import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { bonusHunts, challenges, leaderboards, ledgerEntries, raffles, rewards, slots, users } from './db/schema.ts';
import { FIRST_START_SEED_LOCK, takeFirstStartSeedLock } from './first-start-seed.ts';
import { SAMPLE_RACES } from './modules/admin/seed-admin.ts';
import { SAMPLE_RAFFLES, SAMPLE_REWARDS } from './modules/catalogue/sample-catalogue.ts';
import { STARTER_SLOTS } from './modules/slots/starter-slots.ts';
import { createTestDatabase, testDbKind } from './test/test-app.ts';

const ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
  APP_ORIGIN: 'http://localhost:3000',
  DATABASE_POOL_SIZE: '10',
  SEED_CATALOGUE: 'true',
  ADMIN_EMAIL: 'boss@example.com',
  ADMIN_PASSWORD: 'Boss-Pass-12345',
  DEMO_EMAIL: 'demo.user@example.com',
  DEMO_PASSWORD: 'Demo-Pass-12345',
};

async function rowsOf(app: FastifyInstance) {
  const [demo] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, ENV.DEMO_EMAIL));
  const [[admins], [demos], [bonuses], [hunts], [allChallenges], [races], [allRaffles], [allRewards], [allSlots]] = await Promise.all([
    app.db.select({ n: count() }).from(users).where(eq(users.email, ENV.ADMIN_EMAIL)),
    app.db.select({ n: count() }).from(users).where(eq(users.email, ENV.DEMO_EMAIL)),
    app.db
      .select({ n: count() })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, demo!.id), eq(ledgerEntries.reason, 'signup_bonus'))),
    app.db.select({ n: count() }).from(bonusHunts),
    app.db.select({ n: count() }).from(challenges),
    app.db.select({ n: count() }).from(leaderboards),
    app.db.select({ n: count() }).from(raffles),
    app.db.select({ n: count() }).from(rewards),
    app.db.select({ n: count() }).from(slots),
  ]);
  return {
    admins: admins?.n,
    demo: demos?.n,
    signupBonuses: bonuses?.n,
    hunts: hunts?.n,
    challenges: allChallenges?.n,
    races: races?.n,
    raffles: allRaffles?.n,
    rewards: allRewards?.n,
    slots: allSlots?.n,
  };
}

/** What one seeded start leaves: each sample once. */
const SEEDED_ONCE = {
  admins: 1,
  demo: 1,
  signupBonuses: 1,
  hunts: 1,
  challenges: 1,
  races: SAMPLE_RACES.length,
  raffles: SAMPLE_RAFFLES.length,
  rewards: SAMPLE_REWARDS.length,
  slots: STARTER_SLOTS.length,
};

describe.runIf(testDbKind() === 'postgres')('two servers starting at the same moment on one PostgreSQL', () => {
  it('seed the accounts and the sample data once: the second waits for the first, then finds it all there', async () => {
    const database = await createTestDatabase({ migrated: true });
    const dataDirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'rh-test-')));
    const apps: FastifyInstance[] = [];
    try {
      const started = await Promise.all(
        dataDirs.map((dataDir) => buildApp(loadConfig({ ...ENV, DATA_DIR: dataDir, DATABASE_URL: database.url }), { logger: false, jobs: false })),
      );
      apps.push(...started);
      await Promise.all(apps.map((app) => app.ready()));
      expect(await rowsOf(apps[0]!)).toEqual(SEEDED_ONCE);

      // Both started, so the lock is free again: a third session takes it at once.
      const probe = new pg.Client({ connectionString: database.url });
      await probe.connect();
      const { rows } = await probe.query<{ taken: boolean }>('SELECT pg_try_advisory_lock($1) AS taken', [FIRST_START_SEED_LOCK]);
      await probe.end();
      expect(rows[0]?.taken).toBe(true);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await database.drop();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('a second server waits while the lock is held', async () => {
    const database = await createTestDatabase({ migrated: true });
    try {
      const release = await takeFirstStartSeedLock({ databaseUrl: database.url });
      let isSecondIn = false;
      const second = takeFirstStartSeedLock({ databaseUrl: database.url }).then((releaseSecond) => {
        isSecondIn = true;
        return releaseSecond;
      });
      // The second session is queued on the lock (PostgreSQL lists it as waiting) and not in yet.
      const probe = new pg.Client({ connectionString: database.url });
      await probe.connect();
      await expect
        .poll(async () => (await probe.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted")).rows[0]?.n)
        .toBe(1);
      await probe.end();
      expect(isSecondIn).toBe(false);
      await release();
      await (
        await second
      )();
      expect(isSecondIn).toBe(true);
    } finally {
      await database.drop();
    }
  }, 180_000);
});

describe(`the first-start seed on one process (${process.env.TEST_DB})`, () => {
  it('seeds each sample once, and a restart on the same data adds nothing', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rh-test-'));
    const database = testDbKind() === 'postgres' ? await createTestDatabase({ migrated: true }) : undefined;
    // PGlite in DATA_DIR/db (the default start), or the test's PostgreSQL database.
    const config = loadConfig({ ...ENV, DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) });
    try {
      for (let start = 0; start < 2; start += 1) {
        const app = await buildApp(config, { logger: false, jobs: false });
        try {
          await app.ready();
          expect(await rowsOf(app)).toEqual(SEEDED_ONCE);
        } finally {
          await app.close();
        }
      }
    } finally {
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

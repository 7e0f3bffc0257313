import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { idempotencyKeys, ledgerEntries, raffleEntries, users } from '../db/schema.ts';
import { migrationsDir } from '../lib/paths.ts';
import { factoryAccessToken } from '../modules/auth/auth-test-helpers.ts';
import { credit } from '../platform/ledger.ts';
import { insertUser } from '../modules/users/users-repository.ts';
import { createTestApp, createTestDatabase, testDbKind, type TestApp } from './test-app.ts';

/**
 * The server tests' one home for their data: apps on a fresh database, users (members, verified
 * members with points, admins whose token passed the second factor), what a spend changes, and
 * databases that migration tests upgrade. The process tests' server is in ./server-process.ts.
 * Real database, no mocks; the accounts API's own helpers (register, login, refresh, TOTP) stay in
 * modules/auth/auth-test-helpers.ts.
 */

let counter = 0;

export type TestUser = {
  id: string;
  uid: string;
  username: string;
  token: string;
  auth: { authorization: string };
  /** The session the token names. */
  sessionId: string;
};

type AppOptions = Parameters<typeof createTestApp>[1];

function builtBy<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is read before the describe block's beforeAll built it`);
  return value;
}

/**
 * For one describe block: the real app on a fresh database (createTestApp), built in a beforeAll
 * and closed in an afterAll that this registers. The returned object reads through to the built
 * app, so tests and later hooks use `t.app` as they would a plain TestApp.
 */
export function useTestApp(env: Record<string, string> = {}, options: AppOptions = {}): TestApp {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await createTestApp(env, options);
  });
  afterAll(async () => {
    await built?.close();
  });
  const t = () => builtBy(built, 'the test app');
  return {
    get app() {
      return t().app;
    },
    get config() {
      return t().config;
    },
    get kind() {
      return t().kind;
    },
    close: () => t().close(),
  };
}

/**
 * For one describe block: useTestApp and an admin (makeUser, second factor passed) made in the
 * next beforeAll; both read through to what the hooks built.
 */
export function useTestAppWithAdmin(env: Record<string, string> = {}, options: AppOptions = {}): { t: TestApp; admin: TestUser } {
  const t = useTestApp(env, options);
  let made: TestUser | undefined;
  beforeAll(async () => {
    made = await makeUser(t.app, { admin: true, prefix: 'adm' });
  });
  const a = () => builtBy(made, 'the admin');
  const admin: TestUser = {
    get id() {
      return a().id;
    },
    get uid() {
      return a().uid;
    },
    get username() {
      return a().username;
    },
    get token() {
      return a().token;
    },
    get auth() {
      return a().auth;
    },
    get sessionId() {
      return a().sessionId;
    },
  };
  return { t, admin };
}

/**
 * A user inserted directly (an unusable password hash: no argon2 cost), with `points` given through
 * the ledger, and a signed access token. An admin's token comes from the real second step of a
 * login (TOTP with a test secret), as ADMIN_MFA=required asks of every admin call.
 */
export async function makeUser(
  app: FastifyInstance,
  opts: { points?: number; xp?: number; verified?: boolean; admin?: boolean; prefix?: string } = {},
): Promise<TestUser> {
  counter += 1;
  const tag = `${opts.prefix ?? 'u'}${counter}_${randomBytes(3).toString('hex')}`;
  const user = await app.db.transaction(async (tx) => {
    const row = await insertUser(
      tx,
      {
        email: `${tag}@example.com`,
        username: tag.slice(0, 20),
        passwordHash: '!unusable',
        emailVerified: opts.verified ?? true,
        isAdmin: opts.admin ?? false,
      },
      app.clock.now(),
    );
    if (opts.points) {
      await credit(tx, { userId: row.id, amount: opts.points, reason: 'admin_grant', note: 'test', at: app.clock.now() });
    }
    if (opts.xp) await tx.update(users).set({ xp: opts.xp }).where(eq(users.id, row.id));
    return row;
  });
  const token = await factoryAccessToken(app, user.id, { secondFactor: opts.admin });
  const sessionId = (await app.accessTokens.verifyClaims(token))!.sessionId!;
  return { id: user.id, uid: user.uid, username: user.username, token, auth: { authorization: `Bearer ${token}` }, sessionId };
}

export async function pointsOf(app: FastifyInstance, userId: string): Promise<number> {
  const [row] = await app.db.select({ points: users.points }).from(users).where(eq(users.id, userId));
  return row!.points;
}

export async function ledgerSumOf(app: FastifyInstance, userId: string): Promise<{ sum: number; rows: number }> {
  const [row] = await app.db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)`, rows: sql<string>`count(*)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  return { sum: Number(row!.sum), rows: Number(row!.rows) };
}

const HOUR = 60 * 60 * 1000;

/** An Active raffle created through the admin API (from an hour before `now` to an hour after, unless `fields` say otherwise); its id. */
export async function createActiveRaffle(app: FastifyInstance, admin: TestUser, now: Date, fields: Record<string, unknown> = {}): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/raffles',
    headers: admin.auth,
    payload: {
      title: 'Test raffle',
      prize: 'Prize',
      pointsCost: 10,
      startDate: new Date(now.getTime() - HOUR).toISOString(),
      endDate: new Date(now.getTime() + HOUR).toISOString(),
      ...fields,
    },
  });
  if (res.statusCode !== 201) throw new Error(`creating a raffle answered ${res.statusCode}: ${res.body}`);
  return res.json().raffle.id as string;
}

/** A user's points, ledger sum and row count, raffle entries and stored Idempotency-Keys: what a spend changes. */
export async function spendStateOf(app: FastifyInstance, userId: string) {
  return {
    points: await pointsOf(app, userId),
    ledger: await ledgerSumOf(app, userId),
    entries: (await app.db.select().from(raffleEntries).where(eq(raffleEntries.userId, userId))).length,
    keys: (await app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId))).length,
  };
}

/** A database for a migration test: it starts empty and is migrated in steps. */
export type DatabaseToUpgrade = {
  db: Database;
  /** Applies the migrations of `folder` that have not run yet. */
  migrateTo: (folder: string) => Promise<void>;
  /** The migrations folder as it was before migration `tag` (a temp copy of the older ones). */
  migrationsBefore: (tag: string) => string;
  /** Closes and drops the database and removes the temp folders (call it in afterAll). */
  cleanup: () => Promise<void>;
};

/**
 * An empty database of this test project's kind (a new PGlite, or a new database on the PostgreSQL
 * server), for tests that migrate an old schema with old rows to the current one.
 */
export async function databaseToUpgrade(): Promise<DatabaseToUpgrade> {
  const cleanups: (() => Promise<void> | void)[] = [];
  let db: Database;
  let migrateTo: (folder: string) => Promise<void>;
  if (testDbKind() === 'postgres') {
    const database = await createTestDatabase();
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    cleanups.push(database.drop, () => pool.end());
    const pgDb = drizzlePg({ client: pool, schema });
    db = pgDb as unknown as Database;
    migrateTo = (folder) => migratePg(pgDb, { migrationsFolder: folder });
  } else {
    const client = new PGlite();
    cleanups.push(() => client.close());
    const liteDb = drizzlePglite({ client, schema });
    db = liteDb as unknown as Database;
    migrateTo = (folder) => migratePglite(liteDb, { migrationsFolder: folder });
  }
  const migrationsBefore = (tag: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rh-mig-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    mkdirSync(path.join(dir, 'meta'));
    const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    journal.entries = journal.entries.filter((e) => e.tag < tag);
    writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
    for (const e of journal.entries) cpSync(path.join(migrationsDir, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
    return dir;
  };
  return {
    db,
    migrateTo,
    migrationsBefore,
    cleanup: async () => {
      for (const c of cleanups.reverse()) await c();
    },
  };
}

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';

type TestDbKind = 'pglite' | 'postgres';

/** Which database this test project runs on (vitest sets TEST_DB per project). */
export function testDbKind(): TestDbKind {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

function adminUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
}

/**
 * A fresh PostgreSQL database for one test file, empty, or `migrated` (a copy of the run's migrated
 * template database, database-templates.setup.ts, when there is one); returns its URL and a drop
 * function.
 */
export async function createTestDatabase({ migrated = false } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const template = migrated ? inject('postgresTemplate') : null;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

export type TestApp = { app: FastifyInstance; config: Config; kind: TestDbKind; close: () => Promise<void> };

/**
 * Builds the real app on a fresh database: in-memory PGlite, or a new database on the PostgreSQL
 * server (TEST_DATABASE_URL, else 127.0.0.1:5432). Close it in afterAll.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildOptions, 'clock' | 'jobs' | 'logStream' | 'chatIntervalMs'> = {},
): Promise<TestApp> {
  const kind = testDbKind();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rh-test-'));
  const database = kind === 'postgres' ? await createTestDatabase({ migrated: true }) : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    APP_ORIGIN: 'http://localhost:3000',
    // Ten connections: enough for real races, and many test files share one PostgreSQL server.
    DATABASE_POOL_SIZE: '10',
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  const templateFile = kind === 'pglite' ? inject('pgliteTemplateFile') : null;
  const inMemoryFrom = templateFile ? new Blob([readFileSync(templateFile)]) : undefined;
  const app = await buildApp(config, { inMemoryDb: kind === 'pglite', inMemoryFrom, logger: false, ...options });
  await app.ready();
  return {
    app,
    config,
    kind,
    close: async () => {
      await app.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

import { rmSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';

/*
 * Vitest global setup of the server projects: one migrated database per run that every test file's
 * fresh database starts from, instead of each file creating an empty cluster (PGlite's initdb) or
 * database and applying every migration again. The app still runs its migrations at start, which
 * finds nothing to do, so a template can never hide a migration that fails.
 *
 * - PGlite ('server'): a dump of a migrated in-memory database in a temp file; test-app.ts loads it.
 * - PostgreSQL ('server-pg'): a migrated database used as the TEMPLATE of each file's database.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateFile: string | null;
    postgresTemplate: string | null;
  }
}

function adminUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
}

async function pgliteTemplate(): Promise<{ file: string; remove: () => void }> {
  const handle = await openDatabase({ kind: 'pglite', dataDir: undefined });
  const client = (handle.db as unknown as { $client: { dumpDataDir: (compression: 'none') => Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await handle.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'rh-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function postgresTemplate(): Promise<{ name: string; remove: () => Promise<void> }> {
  const name = `tpl_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
  await handle.close();
  return { name, remove: () => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const isPostgres = project.config.env?.TEST_DB === 'postgres';
  if (isPostgres) {
    const template = await postgresTemplate();
    project.provide('postgresTemplate', template.name);
    project.provide('pgliteTemplateFile', null);
    return template.remove;
  }
  const template = await pgliteTemplate();
  project.provide('pgliteTemplateFile', template.file);
  project.provide('postgresTemplate', null);
  return async () => template.remove();
}

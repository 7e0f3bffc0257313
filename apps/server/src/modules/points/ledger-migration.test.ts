import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import { migrationsDir } from '../../lib/paths.ts';
import { createTestDatabase, testDbKind } from '../../test/test-app.ts';
import { checkLedger } from './points-service.ts';

/** The migrations folder as it was before the ledger (0000 and 0001 only). */
function migrationsBeforeLedger(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'rh-mig-'));
  mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  journal.entries = journal.entries.filter((e) => e.tag < '0002');
  writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries) cpSync(path.join(migrationsDir, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

describe(`ledger migration on an upgraded database (${process.env.TEST_DB})`, () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('gives every existing balance an opening ledger row, so the reconciliation is ok', async () => {
    const oldDir = migrationsBeforeLedger();
    cleanups.push(() => rmSync(oldDir, { recursive: true, force: true }));
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
    await migrateTo(oldDir);
    // Users as they existed before the ledger: seeded balances and zero ones.
    await db.execute(sql`insert into users (uid, email, username, password_hash, points)
      values ('RH-OLD00001', 'a@example.com', 'old_a', '!', 12500), ('RH-OLD00002', 'b@example.com', 'old_b', '!', 0),
             ('RH-OLD00003', 'c@example.com', 'old_c', '!', 7)`);
    await migrateTo(migrationsDir);
    const check = await checkLedger(db);
    expect(check).toEqual({ ok: true, users: 3, mismatches: [] });
    const rows = await db.select().from(schema.ledgerEntries);
    expect(rows.map((r) => r.amount).sort((a, b) => a - b)).toEqual([7, 12500]);
    expect(rows.every((r) => r.balanceAfter === r.amount)).toBe(true);
  });
});

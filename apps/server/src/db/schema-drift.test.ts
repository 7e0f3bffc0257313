import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { migrationsDir } from '../lib/paths.ts';
import { openDatabase } from './client.ts';
import * as schema from './schema.ts';

/*
 * The schema in code and the migrations must describe one database. drizzle-kit writes a migration
 * from the difference between schema.ts and the newest snapshot in drizzle/meta, so two things can
 * drift apart:
 * - the snapshot behind the code: `drizzle-kit generate` on a clean tree would write a migration;
 * - the migrations behind (or beside) the code: the database the server builds at start is not the
 *   one schema.ts describes (a hand-written migration named a constraint differently, an index
 *   without its order).
 * The second is checked by building both databases and comparing what PostgreSQL itself says of
 * each (its catalogs print every definition in one canonical form). Triggers and functions, which
 * drizzle cannot describe, are the migrations' alone and not compared.
 */

type DrizzleKitApi = {
  generateDrizzleJson: (imports: Record<string, unknown>) => unknown;
  generateMigration: (previous: unknown, current: unknown) => Promise<string[]>;
};
const require = createRequire(import.meta.url);
const { generateDrizzleJson, generateMigration } = require('drizzle-kit/api') as DrizzleKitApi;

const CATALOG = `
  select 'column' as kind, table_name || '.' || column_name as name,
    concat_ws(' ', udt_name, is_nullable, column_default, is_identity, identity_generation) as def
    from information_schema.columns where table_schema = 'public'
  union all
  select 'constraint', conrelid::regclass::text || '.' || conname, pg_get_constraintdef(oid)
    from pg_constraint where connamespace = 'public'::regnamespace and conrelid <> 0
  union all
  select 'index', tablename || '.' || indexname, indexdef from pg_indexes where schemaname = 'public'
  union all
  select 'sequence', sequencename, data_type::text from pg_sequences where schemaname = 'public'`;

async function catalogOf(client: PGlite): Promise<string[]> {
  const { rows } = await client.query<{ kind: string; name: string; def: string }>(CATALOG);
  return rows
    .filter((row) => !row.name.startsWith('__drizzle'))
    .map((row) => `${row.kind} ${row.name}: ${row.def}`)
    .sort();
}

/** The newest snapshot drizzle-kit compares schema.ts with. */
function latestSnapshot(): unknown {
  const metaDir = path.join(migrationsDir, 'meta');
  const files = readdirSync(metaDir)
    .filter((file) => file.endsWith('_snapshot.json'))
    .sort();
  return JSON.parse(readFileSync(path.join(metaDir, files.at(-1)!), 'utf8'));
}

// Both sides are built on PGlite (the same PostgreSQL); running it again on the server-pg project adds nothing.
describe.skipIf(process.env.TEST_DB === 'postgres')('schema.ts and the migrations', () => {
  it('drizzle-kit generate finds nothing to write: the newest snapshot is schema.ts', async () => {
    const statements = await generateMigration(latestSnapshot(), generateDrizzleJson(schema));
    expect(statements).toEqual([]);
  });

  it('the migrated database is the database schema.ts describes', async () => {
    const migrated = await openDatabase({ kind: 'pglite', dataDir: undefined });
    const fromMigrations = await catalogOf((migrated.db as unknown as { $client: PGlite }).$client);
    await migrated.close();

    const fromSchema = new PGlite();
    for (const statement of await generateMigration(generateDrizzleJson({}), generateDrizzleJson(schema))) {
      await fromSchema.exec(statement);
    }
    const described = await catalogOf(fromSchema);
    await fromSchema.close();

    const onlyMigrated = fromMigrations.filter((line) => !described.includes(line));
    const onlyDescribed = described.filter((line) => !fromMigrations.includes(line));
    expect({ onlyMigrated, onlyDescribed }).toEqual({ onlyMigrated: [], onlyDescribed: [] });
    // Two databases from nothing (initdb each): slow on a busy machine.
  }, 180_000);
});

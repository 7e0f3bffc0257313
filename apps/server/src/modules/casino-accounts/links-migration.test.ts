import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { asc, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PARTNERS } from '@app/shared/api/casino-accounts';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import { migrationsDir } from '../../lib/paths.ts';
import { createTestDatabase, testDbKind } from '../../test/test-app.ts';

/** The partner that can be linked but does not earn (migration 0005 maps its name to its id). */
const notEarning = PARTNERS.find((p) => !p.earns)!;

/** The migrations folder as it was before casino accounts and wagers (everything before 0005). */
function migrationsBeforeWagers(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'rh-mig-'));
  mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.tag < '0005');
  writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries) cpSync(path.join(migrationsDir, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

describe(`casino account links from profile partners on an upgraded database (${process.env.TEST_DB})`, () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('turns partner-platform usernames into pending links, first entry per platform, others left as entered', async () => {
    const oldDir = migrationsBeforeWagers();
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
    const result = await db.execute(sql`insert into users (uid, email, username, password_hash, points)
      values ('RH-OLD00001', 'a@example.com', 'old_a', '!', 0), ('RH-OLD00002', 'b@example.com', 'old_b', '!', 0) returning id`);
    const [a, b] = (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
    await db.execute(sql`insert into profile_partners (user_id, position, partner, username) values
      (${a}, 0, 'Partner A', 'ignored'), (${a}, 1, 'Stake', ' StakeA '), (${a}, 2, 'stake', 'second'), (${a}, 3, ${notEarning.name}, 'duelA'),
      (${b}, 0, 'BC.Game', 'bcB'), (${b}, 1, 'Roobet', '  ')`);
    await migrateTo(migrationsDir);
    const links = await db
      .select({ userId: schema.casinoAccounts.userId, partner: schema.casinoAccounts.partner, username: schema.casinoAccounts.username, state: schema.casinoAccounts.state })
      .from(schema.casinoAccounts)
      .orderBy(asc(schema.casinoAccounts.partner));
    expect(links).toEqual([
      { userId: a, partner: notEarning.id, username: 'duelA', state: 'pending' },
      { userId: a, partner: 'p1', username: 'StakeA', state: 'pending' },
      { userId: b, partner: 'p3', username: 'bcB', state: 'pending' },
    ]);
    expect(await db.select().from(schema.profilePartners)).toHaveLength(6);
  });
});

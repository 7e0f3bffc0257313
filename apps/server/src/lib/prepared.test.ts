import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { createTestApp, createTestDatabase, testDbKind, type TestApp } from '../test/test-app.ts';
import { queryPrepared } from './prepared.ts';

const TEXT = 'select $1::int + 1 as n, $2::text[] as kinds';

describe(`queryPrepared (${process.env.TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("runs a parameterised statement on the app's database and gives its rows", async () => {
    for (const n of [1, 2, 3]) {
      const rows = await queryPrepared<{ n: number; kinds: string[] }>(t.app.db, 'test_prepared_add', TEXT, [n, ['a', 'b']]);
      expect(rows).toEqual([{ n: n + 1, kinds: ['a', 'b'] }]);
    }
  });

  it.runIf(testDbKind() === 'postgres')('on PostgreSQL, prepares it once per connection under its name', async () => {
    const database = await createTestDatabase();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const db = drizzlePg({ client }) as unknown as Database;
      await queryPrepared(db, 'test_prepared_add', TEXT, [1, []]);
      await queryPrepared(db, 'test_prepared_add', TEXT, [2, []]);
      const { rows } = await client.query<{ name: string; calls: string }>(
        `select name, generic_plans + custom_plans as calls from pg_prepared_statements where name = 'test_prepared_add'`,
      );
      // One prepared statement on this connection, executed (and so planned from it) twice.
      expect(rows.map((r) => [r.name, Number(r.calls)])).toEqual([['test_prepared_add', 2]]);
    } finally {
      await client.end();
      await database.drop();
    }
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema.ts';
import { migrationsDir } from '../../lib/paths.ts';
import { databaseToUpgrade, type DatabaseToUpgrade } from '../../test/factories.ts';
import { checkLedger } from './points-service.ts';

// The ledger's migration (0002) gives every existing balance its opening row.
describe(`ledger migration on an upgraded database (${process.env.TEST_DB})`, () => {
  let upgrade: DatabaseToUpgrade | undefined;
  afterAll(async () => {
    await upgrade?.cleanup();
  });

  it('gives every existing balance an opening ledger row, so the reconciliation is ok', async () => {
    upgrade = await databaseToUpgrade();
    const { db, migrateTo } = upgrade;
    await migrateTo(upgrade.migrationsBefore('0002'));
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

import { asc, sql } from 'drizzle-orm';
import { PARTNERS } from '@app/shared/api/casino-accounts';
import { afterAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema.ts';
import { migrationsDir } from '../../lib/paths.ts';
import { databaseToUpgrade, type DatabaseToUpgrade } from '../../test/factories.ts';

/** The partner that can be linked but does not earn (migration 0005 maps its name to its id). */
const notEarning = PARTNERS.find((p) => !p.earns)!;

// The wager engine's migration (0005) turns the profile's partner usernames into casino account links.
describe(`casino account links from profile partners on an upgraded database (${process.env.TEST_DB})`, () => {
  let upgrade: DatabaseToUpgrade | undefined;
  afterAll(async () => {
    await upgrade?.cleanup();
  });

  it('turns partner-platform usernames into pending links, first entry per platform, others left as entered', async () => {
    upgrade = await databaseToUpgrade();
    const { db, migrateTo } = upgrade;
    await migrateTo(upgrade.migrationsBefore('0005'));
    const result = await db.execute(sql`insert into users (uid, email, username, password_hash, points)
      values ('RH-OLD00001', 'a@example.com', 'old_a', '!', 0), ('RH-OLD00002', 'b@example.com', 'old_b', '!', 0) returning id`);
    const [a, b] = (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
    await db.execute(sql`insert into profile_partners (user_id, position, partner, username) values
      (${a}, 0, 'Partner A', 'ignored'), (${a}, 1, 'Stake', ' StakeA '), (${a}, 2, 'stake', 'second'), (${a}, 3, ${notEarning.name}, 'duelA'),
      (${b}, 0, 'BC.Game', 'bcB'), (${b}, 1, 'Roobet', '  ')`);
    await migrateTo(migrationsDir);
    const links = await db
      .select({
        userId: schema.casinoAccounts.userId,
        partner: schema.casinoAccounts.partner,
        username: schema.casinoAccounts.username,
        state: schema.casinoAccounts.state,
      })
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

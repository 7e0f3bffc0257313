import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/factories.ts';
import { isDatabaseUnavailable } from './client.ts';
import { testDbKind } from '../test/test-app.ts';

// Requests run under a 3-second statement limit (no call hangs when the database is slow); a wager import or a race
// job may run longer, on the bulk pool with limits of its own. On PGlite both are the same database.
describe.skipIf(testDbKind() !== 'postgres')('the bulk pool (PostgreSQL)', () => {
  const t = useTestApp();

  it('lets a statement run past the request limit that the request pool cancels', async () => {
    const onRequests = await t.app.db.execute(sql`select pg_sleep(3.5)`).then(
      () => null,
      (error: unknown) => error,
    );
    expect(onRequests).not.toBeNull();
    expect(isDatabaseUnavailable(onRequests)).toBe(true);

    const onBulk = (await t.app.bulkDb.execute(sql`select pg_sleep(3.5) as slept, current_setting('statement_timeout') as limit`)) as unknown as {
      rows: Record<string, unknown>[];
    };
    expect(onBulk.rows[0]).toMatchObject({ limit: '2min' });
  });
});

import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { raffleEntries, raffles } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { publishTopicRows } from '../../platform/event-bus.ts';

/**
 * Announces the entry counts of these raffles on their public topics (`raffle:<id>`, data
 * RaffleEventData), in one statement. In a transaction, the event goes when it commits. The
 * one-statement entries are announced once per batch, after it (EntryBatcher), not in their statement.
 */
export async function announceRaffleEntries(db: Database | Tx, raffleIds: readonly string[]): Promise<void> {
  if (raffleIds.length === 0) return;
  const ids = sql.join(
    [...new Set(raffleIds)].map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await publishTopicRows(
    db,
    'raffle',
    sql`select 'raffle:' || r.id::text as topic,
    json_build_object('raffleId', r.id::text, 'entries', (select count(*) from ${raffleEntries} e where e.raffle_id = r.id)::int,
      'drawn', r.drawn_at is not null) as data
    from ${raffles} r where r.id in (${ids})`,
  );
}

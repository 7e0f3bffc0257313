import { and, eq, lte } from 'drizzle-orm';
import { DEAL_OR_NO_DEAL_IDLE_MS } from '@app/shared/api/deal-or-no-deal';
import type { Database } from '../../db/client.ts';
import { dealOrNoDealRounds } from '../../db/schema.ts';
import { assertNotRestricted } from '../../platform/restrictions.ts';
import { currentOffer, endRestricted, finish, restrictionRefusal } from './finish-round.ts';
import { announceChange, type DealOrNoDealRow } from './round-reads.ts';

/**
 * The idle job: a contestant who has not acted for 2 minutes gets the current offer (currentOffer),
 * unless a restriction that blocks Deal or No Deal holds for them by then: that round ends with no
 * prize (endRestricted), as their next move would have ended it. Each round is claimed FOR UPDATE
 * SKIP LOCKED and ended by the conditional update, so with several servers exactly one ends it.
 * Returns the rounds it ended.
 */
export async function autoDealIdleRounds(db: Database, now: Date): Promise<DealOrNoDealRow[]> {
  const cutoff = new Date(now.getTime() - DEAL_OR_NO_DEAL_IDLE_MS);
  const due = await db
    .select({ id: dealOrNoDealRounds.id })
    .from(dealOrNoDealRounds)
    .where(and(eq(dealOrNoDealRounds.status, 'playing'), lte(dealOrNoDealRounds.lastActionAt, cutoff)));
  const ended: DealOrNoDealRow[] = [];
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(dealOrNoDealRounds)
        .where(and(eq(dealOrNoDealRounds.id, id), eq(dealOrNoDealRounds.status, 'playing'), lte(dealOrNoDealRounds.lastActionAt, cutoff)))
        .for('update', { skipLocked: true });
      if (!row) return null;
      const contestantId = row.contestantId;
      const isRestricted =
        contestantId !== null && (await restrictionRefusal(tx, { assert: (db) => assertNotRestricted(db, contestantId, 'dealornodeal', now) })) !== null;
      const offers = row.offers.map((o, i) => (i === row.offers.length - 1 && o.answer === null ? { ...o, answer: 'deal' as const } : o));
      const done = isRestricted
        ? await endRestricted(tx, row, now)
        : await finish(tx, row, { outcome: 'deal', prize: currentOffer(row), finalCase: null, auto: true }, offers, now);
      if (done) await announceChange(tx, done);
      return done;
    });
    if (done) ended.push(done);
  }
  return ended;
}

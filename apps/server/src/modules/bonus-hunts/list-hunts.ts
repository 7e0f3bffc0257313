import { and, count, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { HuntDetail, HuntSummary } from '@app/shared/api/bonus-hunts';
import { GUESSES_PAGE_SIZE, type GuessPage } from '@app/shared/api/bonus-hunts';
import type { Database } from '../../db/client.ts';
import { bonusHunts, huntBonuses, huntGuesses } from '../../db/schema.ts';
import { presentHunt, type BonusRow } from './hunt-presenter.ts';
import { guessCountOf, huntDetail, huntRow, publishedGuesses, wrongStatus, type Db } from './hunt-reads.ts';

const HISTORY_LIMIT = 50;

/** GET /api/bonus-hunts: the live hunts first, then history, newest first. */
export async function listHunts(db: Database): Promise<HuntSummary[]> {
  const rows = await db
    .select()
    .from(bonusHunts)
    .orderBy(sql`case when ${bonusHunts.status} = 'finished' then 1 else 0 end`, desc(bonusHunts.createdAt))
    .limit(HISTORY_LIMIT);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [bonuses, counts] = await Promise.all([
    db.select().from(huntBonuses).where(inArray(huntBonuses.huntId, ids)),
    db.select({ huntId: huntGuesses.huntId, n: count() }).from(huntGuesses).where(inArray(huntGuesses.huntId, ids)).groupBy(huntGuesses.huntId),
  ]);
  const byHunt = new Map<string, BonusRow[]>();
  for (const b of bonuses) byHunt.set(b.huntId, [...(byHunt.get(b.huntId) ?? []), b]);
  const guessesBy = new Map(counts.map((c) => [c.huntId, c.n]));
  return rows.map((r) => presentHunt(r, byHunt.get(r.id) ?? [], guessesBy.get(r.id) ?? 0));
}

/** GET /api/bonus-hunts/:id */
export async function getHunt(db: Database, id: string, viewerId: string | null): Promise<HuntDetail> {
  return huntDetail(db, await huntRow(db, id), viewerId);
}

/** GET /api/bonus-hunts/:id/guesses?page=: every published guess, a page at a time (404 while collecting: none are published). */
export async function listGuesses(db: Database, id: string, page: number): Promise<GuessPage> {
  const hunt = await huntRow(db, id);
  if (hunt.status === 'collecting') throw wrongStatus('Guesses are published once the hunt is opening.');
  const [guesses, total] = await Promise.all([publishedGuesses(db, hunt, GUESSES_PAGE_SIZE, (page - 1) * GUESSES_PAGE_SIZE), guessCountOf(db, id)]);
  return { guesses: guesses ?? [], total, page, pageSize: GUESSES_PAGE_SIZE };
}

/** The slots of the live hunt (collecting or opening), for the picker's "exclude". */
export async function liveHuntSlotIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ slotId: huntBonuses.slotId })
    .from(huntBonuses)
    .innerJoin(bonusHunts, eq(bonusHunts.id, huntBonuses.huntId))
    .where(and(ne(bonusHunts.status, 'finished'), isNotNull(huntBonuses.slotId)));
  return rows.map((r) => r.slotId!);
}

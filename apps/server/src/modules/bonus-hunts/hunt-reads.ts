import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Guess, HuntDetail } from '@app/shared/api/bonus-hunts';
import { HUNT_GUESSES_SHOWN } from '@app/shared/api/bonus-hunts';
import { maskUsername } from '@app/shared/api/races';
import type { Database } from '../../db/client.ts';
import { bonusHunts, huntBonusGuesses, huntBonuses, huntGuesses, users } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { publishEvent } from '../../platform/event-bus.ts';
import { presentBonus, presentHunt, type BonusRow, type HuntRow } from './hunt-presenter.ts';

/**
 * Bonus hunts: collecting → opening → finished, each step a conditional update in a transaction.
 * Guess the Balance rides on the statuses: guesses while collecting, published and locked from
 * opening, winners credited by the one transaction that finishes the hunt.
 */

export type Db = Database | Tx;

export function huntNotFound(): AppError {
  return new AppError('NOT_FOUND', 'That bonus hunt does not exist.');
}

export function wrongStatus(message: string): AppError {
  return new AppError('HUNT_WRONG_STATUS', message);
}

export async function huntRow(db: Db, id: string, lock?: 'update' | 'share'): Promise<HuntRow> {
  const query = db.select().from(bonusHunts).where(eq(bonusHunts.id, id));
  const [row] = lock ? await query.for(lock) : await query;
  if (!row) throw huntNotFound();
  return row;
}

export async function bonusRows(db: Db, huntId: string): Promise<BonusRow[]> {
  return db.select().from(huntBonuses).where(eq(huntBonuses.huntId, huntId)).orderBy(asc(huntBonuses.position), asc(huntBonuses.createdAt));
}

export async function guessCountOf(db: Db, huntId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(huntGuesses).where(eq(huntGuesses.huntId, huntId));
  return row?.n ?? 0;
}

/**
 * The guesses as published: once locked, by amount; finished, closest first with differences and
 * places. One page of them (the hunt's read carries the first HUNT_GUESSES_SHOWN). Names are masked
 * like every public board unless the member opted in to show theirs; the read is one cached text for
 * everyone, so a member finds their own guess by its id (`myGuess.id`), never by an unmasked name.
 */
export async function publishedGuesses(db: Db, hunt: HuntRow, limit = HUNT_GUESSES_SHOWN, offset = 0): Promise<Guess[] | null> {
  if (hunt.status === 'collecting') return null;
  const rows = await db
    .select({
      id: huntGuesses.id,
      username: users.username,
      showOnLeaderboard: users.showOnLeaderboard,
      amount: huntGuesses.amount,
      at: huntGuesses.at,
      place: huntGuesses.place,
      prize: huntGuesses.prize,
    })
    .from(huntGuesses)
    .innerJoin(users, eq(users.id, huntGuesses.userId))
    .where(eq(huntGuesses.huntId, hunt.id))
    .orderBy(
      ...(hunt.finalBalance === null ? [asc(huntGuesses.amount)] : [sql`abs(${huntGuesses.amount} - ${hunt.finalBalance})`]),
      asc(huntGuesses.at),
      asc(huntGuesses.userId),
    )
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({
    id: r.id,
    username: r.showOnLeaderboard ? r.username : maskUsername(r.username),
    amount: r.amount,
    at: r.at.toISOString(),
    difference: hunt.finalBalance === null ? null : Math.abs(r.amount - hunt.finalBalance),
    place: r.place,
    prize: r.prize,
  }));
}

/** The best × guessers who opted in to show their name (the rest are masked like every public board). */
async function shownBestGuessers(db: Db, bonuses: readonly BonusRow[]): Promise<Set<string>> {
  const ids = [...new Set(bonuses.flatMap((b) => (b.bestGuessUserId ? [b.bestGuessUserId] : [])))];
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.showOnLeaderboard, true)));
  return new Set(rows.map((r) => r.id));
}

export async function huntDetail(db: Db, hunt: HuntRow, viewerId: string | null): Promise<HuntDetail> {
  const [bonuses, guesses, guessCount, mine] = await Promise.all([
    bonusRows(db, hunt.id),
    publishedGuesses(db, hunt),
    guessCountOf(db, hunt.id),
    viewerId ? ownGuesses(db, hunt.id, viewerId) : Promise.resolve(null),
  ]);
  const shown = await shownBestGuessers(db, bonuses);
  return {
    hunt: presentHunt(hunt, bonuses, guessCount),
    bonuses: bonuses.map((b) => presentBonus(b, b.bestGuessUserId !== null && shown.has(b.bestGuessUserId))),
    guesses,
    ...(mine ?? {}),
  };
}

/**
 * The caller's own guesses of a hunt (null when none), for the cached public read: the balance, and
 * the × of the first unopened bonus they guessed (guesses are taken for the next bonus only).
 */
export async function ownGuesses(db: Db, huntId: string, userId: string): Promise<Pick<HuntDetail, 'myGuess' | 'myBonusGuess'>> {
  const [[balance], [bonus]] = await Promise.all([
    db
      .select({ id: huntGuesses.id, amount: huntGuesses.amount, at: huntGuesses.at })
      .from(huntGuesses)
      .where(and(eq(huntGuesses.huntId, huntId), eq(huntGuesses.userId, userId))),
    db
      .select({ bonusId: huntBonusGuesses.bonusId, x: huntBonusGuesses.xHundredths, at: huntBonusGuesses.at })
      .from(huntBonusGuesses)
      .innerJoin(huntBonuses, eq(huntBonuses.id, huntBonusGuesses.bonusId))
      .where(and(eq(huntBonuses.huntId, huntId), eq(huntBonusGuesses.userId, userId), isNull(huntBonuses.win)))
      .orderBy(asc(huntBonuses.position))
      .limit(1),
  ]);
  return {
    myGuess: balance ? { id: balance.id, amount: balance.amount, at: balance.at.toISOString() } : null,
    myBonusGuess: bonus ? { bonusId: bonus.bonusId, multiplier: bonus.x / 100, at: bonus.at.toISOString() } : null,
  };
}

/**
 * Tells the hunt's live topic (`hunt:<id>`, data HuntEventData) that its figures changed, inside
 * the act's transaction: an open hunt page refetches, and every server drops its cached read.
 */
export async function announceHunt(tx: Tx, huntId: string, status: string): Promise<void> {
  await publishEvent(tx, { name: 'hunt', topic: `hunt:${huntId}`, data: { huntId, status } });
}

import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, not, sql } from 'drizzle-orm';
import type { BonusGuessResult, BonusInput, BonusUpdate, Guess, GuessResult, HuntDetail, HuntInputSchema, HuntSummary } from '@app/shared/api/bonus-hunts';
import { GUESSES_PAGE_SIZE, HUNT_GUESSES_SHOWN, HUNT_MAX_BONUSES, type GuessPage } from '@app/shared/api/bonus-hunts';
import { maskUsername } from '@app/shared/api/races';
import { bestBonusGuess, guessWinners, nextBonusToOpen } from '@app/shared/domain/bonus-hunt-stats';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { bonusHunts, huntBonusGuesses, huntBonuses, huntGuesses, slots, users } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { publishEvent } from '../../platform/event-bus.ts';
import { isAdminAccountSql, mayTakePart } from '../../platform/own-account.ts';
import type { RestrictionCheck } from '../../platform/restrictions-guard.ts';
import { credit, debit } from '../../platform/ledger.ts';
import { presentBonus, presentHunt, type BonusRow, type HuntRow } from './hunt-presenter.ts';
import { notify } from '../notifications/notifications-service.ts';
import { guessTheBalanceWonText } from '../notifications/notification-texts.ts';

/**
 * Bonus hunts: collecting → opening → finished, each step a conditional update in a transaction.
 * Guess the Balance rides on the statuses: guesses while collecting, published and locked from
 * opening, winners credited by the one transaction that finishes the hunt.
 */

type Db = Database | Tx;
type HuntValues = z.output<typeof HuntInputSchema>;

const HISTORY_LIMIT = 50;

function huntNotFound(): AppError {
  return new AppError('NOT_FOUND', 'That bonus hunt does not exist.');
}

function wrongStatus(message: string): AppError {
  return new AppError('HUNT_WRONG_STATUS', message);
}

async function huntRow(db: Db, id: string, lock?: 'update' | 'share'): Promise<HuntRow> {
  const query = db.select().from(bonusHunts).where(eq(bonusHunts.id, id));
  const [row] = lock ? await query.for(lock) : await query;
  if (!row) throw huntNotFound();
  return row;
}

async function bonusRows(db: Db, huntId: string): Promise<BonusRow[]> {
  return db.select().from(huntBonuses).where(eq(huntBonuses.huntId, huntId)).orderBy(asc(huntBonuses.position), asc(huntBonuses.createdAt));
}

async function guessCountOf(db: Db, huntId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(huntGuesses).where(eq(huntGuesses.huntId, huntId));
  return row?.n ?? 0;
}

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

/**
 * The guesses as published: once locked, by amount; finished, closest first with differences and
 * places. One page of them (the hunt's read carries the first HUNT_GUESSES_SHOWN). Names are masked
 * like every public board unless the member opted in to show theirs; the read is one cached text for
 * everyone, so a member finds their own guess by its id (`myGuess.id`), never by an unmasked name.
 */
async function publishedGuesses(db: Db, hunt: HuntRow, limit = HUNT_GUESSES_SHOWN, offset = 0): Promise<Guess[] | null> {
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

async function huntDetail(db: Db, hunt: HuntRow, viewerId: string | null): Promise<HuntDetail> {
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

/** GET /api/bonus-hunts/:id */
export async function getHunt(db: Database, id: string, viewerId: string | null): Promise<HuntDetail> {
  return huntDetail(db, await huntRow(db, id), viewerId);
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

/**
 * Tells the hunt's live topic (`hunt:<id>`, data HuntEventData) that its figures changed, inside
 * the act's transaction: an open hunt page refetches, and every server drops its cached read.
 */
async function announceHunt(tx: Tx, huntId: string, status: string): Promise<void> {
  await publishEvent(tx, { name: 'hunt', topic: `hunt:${huntId}`, data: { huntId, status } });
}

// --- Admin ---

/** POST /api/admin/bonus-hunts */
export async function createHunt(db: Database, values: HuntValues, actor: AuditActor, now: Date): Promise<HuntDetail> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bonusHunts)
      .values({ ...values, status: 'collecting', createdAt: now })
      .returning();
    await recordAudit(tx, {
      ...actor,
      action: 'bonus_hunt.create',
      targetType: 'bonus_hunt',
      targetId: row!.id,
      changes: { summary: `Created the bonus hunt ${values.title}`, ...values },
      at: now,
    });
    return huntDetail(tx, row!, null);
  });
}

/** POST /api/admin/bonus-hunts/:id/bonuses: while collecting. */
export async function addBonus(db: Database, huntId: string, input: BonusInput, actor: AuditActor, now: Date): Promise<HuntDetail> {
  return db.transaction(async (tx) => {
    const hunt = await huntRow(tx, huntId, 'update');
    if (hunt.status !== 'collecting') throw wrongStatus('Bonuses are added while the hunt is collecting.');
    let name = input.slotName ?? '';
    let provider: string | null = null;
    if (input.slotId) {
      const [slot] = await tx.select().from(slots).where(eq(slots.id, input.slotId));
      if (!slot) throw new AppError('NOT_FOUND', 'That slot does not exist.');
      name = slot.name;
      provider = slot.provider;
    }
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${huntBonuses.position}), 0)::int`, n: count() })
      .from(huntBonuses)
      .where(eq(huntBonuses.huntId, huntId));
    if ((last?.n ?? 0) >= HUNT_MAX_BONUSES) throw new AppError('VALIDATION_ERROR', `A hunt holds at most ${HUNT_MAX_BONUSES} bonuses.`);
    const [bonus] = await tx
      .insert(huntBonuses)
      .values({ huntId, position: (last?.position ?? 0) + 1, slotId: input.slotId ?? null, slotName: name, provider, bet: input.bet, createdAt: now })
      .returning();
    await recordAudit(tx, {
      ...actor,
      action: 'bonus_hunt.bonus_add',
      targetType: 'bonus_hunt',
      targetId: huntId,
      changes: { summary: `Added ${name} at ${input.bet} cents to ${hunt.title}`, bonusId: bonus!.id, slotId: input.slotId ?? null, bet: input.bet },
      at: now,
    });
    await announceHunt(tx, huntId, hunt.status);
    return huntDetail(tx, hunt, null);
  });
}

/** PUT /api/admin/bonus-hunts/:id/bonuses/:bonusId: the bet while collecting, the win while opening. */
export async function updateBonus(db: Database, huntId: string, bonusId: string, input: BonusUpdate, actor: AuditActor, now: Date): Promise<HuntDetail> {
  return db.transaction(async (tx) => {
    const hunt = await huntRow(tx, huntId, 'update');
    const [bonus] = await tx
      .select()
      .from(huntBonuses)
      .where(and(eq(huntBonuses.id, bonusId), eq(huntBonuses.huntId, huntId)));
    if (!bonus) throw new AppError('NOT_FOUND', 'That bonus is not in this hunt.');
    if (input.bet !== undefined && hunt.status !== 'collecting') throw wrongStatus('A bet changes only while the hunt is collecting.');
    if (input.win !== undefined && hunt.status !== 'opening') throw wrongStatus('Wins are entered once the hunt is opening.');
    const set = {
      ...(input.bet !== undefined ? { bet: input.bet } : {}),
      ...(input.win !== undefined ? { win: input.win, ...(await bestGuessOf(tx, bonus, input.win)) } : {}),
    };
    await tx.update(huntBonuses).set(set).where(eq(huntBonuses.id, bonusId));
    await recordAudit(tx, {
      ...actor,
      action: input.win !== undefined ? 'bonus_hunt.bonus_open' : 'bonus_hunt.bonus_update',
      targetType: 'bonus_hunt',
      targetId: huntId,
      changes: {
        summary:
          input.win !== undefined
            ? `${bonus.slotName} in ${hunt.title}: win ${input.win ?? 'cleared'}`
            : `${bonus.slotName} in ${hunt.title}: bet ${input.bet}`,
        bonusId,
        ...(input.bet !== undefined ? { bet: { from: bonus.bet, to: input.bet } } : {}),
        ...(input.win !== undefined ? { win: { from: bonus.win, to: input.win } } : {}),
      },
      at: now,
    });
    await announceHunt(tx, huntId, hunt.status);
    return huntDetail(tx, hunt, null);
  });
}

/** The columns of a bonus's best × guess for its entered win (cleared with the win). */
async function bestGuessOf(tx: Tx, bonus: BonusRow, win: number | null): Promise<Pick<BonusRow, 'bestGuessUserId' | 'bestGuessUsername' | 'bestGuessX'>> {
  const none = { bestGuessUserId: null, bestGuessUsername: null, bestGuessX: null };
  if (win === null) return none;
  const guesses = await tx
    .select({ userId: huntBonusGuesses.userId, username: users.username, xHundredths: huntBonusGuesses.xHundredths, at: huntBonusGuesses.at })
    .from(huntBonusGuesses)
    .innerJoin(users, eq(users.id, huntBonusGuesses.userId))
    .where(eq(huntBonusGuesses.bonusId, bonus.id));
  const best = bestBonusGuess(
    guesses.map((g) => ({ ...g, at: g.at.getTime() })),
    { bet: bonus.bet, win },
  );
  return best ? { bestGuessUserId: best.userId, bestGuessUsername: best.username, bestGuessX: best.xHundredths } : none;
}

/** DELETE /api/admin/bonus-hunts/:id/bonuses/:bonusId: while collecting. */
export async function removeBonus(db: Database, huntId: string, bonusId: string, actor: AuditActor, now: Date): Promise<HuntDetail> {
  return db.transaction(async (tx) => {
    const hunt = await huntRow(tx, huntId, 'update');
    if (hunt.status !== 'collecting') throw wrongStatus('Bonuses are removed while the hunt is collecting.');
    const [bonus] = await tx
      .delete(huntBonuses)
      .where(and(eq(huntBonuses.id, bonusId), eq(huntBonuses.huntId, huntId)))
      .returning();
    if (!bonus) throw new AppError('NOT_FOUND', 'That bonus is not in this hunt.');
    await recordAudit(tx, {
      ...actor,
      action: 'bonus_hunt.bonus_remove',
      targetType: 'bonus_hunt',
      targetId: huntId,
      changes: { summary: `Removed ${bonus.slotName} from ${hunt.title}`, bonusId },
      at: now,
    });
    await announceHunt(tx, huntId, hunt.status);
    return huntDetail(tx, hunt, null);
  });
}

/** PUT /api/admin/bonus-hunts/:id/bonuses/order: the hunt's bonuses in their new order (all of them). */
export async function reorderBonuses(db: Database, huntId: string, ids: readonly string[], actor: AuditActor, now: Date): Promise<HuntDetail> {
  return db.transaction(async (tx) => {
    const hunt = await huntRow(tx, huntId, 'update');
    if (hunt.status === 'finished') throw wrongStatus('A finished hunt keeps its order.');
    const current = await bonusRows(tx, huntId);
    const known = new Set(current.map((b) => b.id));
    if (ids.length !== current.length || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
      throw new AppError('VALIDATION_ERROR', 'Send every bonus of the hunt once, in the new order.');
    }
    for (const [i, id] of ids.entries())
      await tx
        .update(huntBonuses)
        .set({ position: i + 1 })
        .where(eq(huntBonuses.id, id));
    await recordAudit(tx, {
      ...actor,
      action: 'bonus_hunt.reorder',
      targetType: 'bonus_hunt',
      targetId: huntId,
      changes: { summary: `Reordered the bonuses of ${hunt.title}`, order: ids },
      at: now,
    });
    await announceHunt(tx, huntId, hunt.status);
    return huntDetail(tx, hunt, null);
  });
}

/**
 * POST /api/admin/bonus-hunts/:id/status: collecting → opening (guesses lock and are published),
 * opening → finished (every bonus opened; the final balance is the sum of the wins; the closest
 * guesses win the prizes, credited in this transaction). The conditional update makes a repeat or
 * a concurrent second call a 409, so winners are credited exactly once.
 */
export async function setHuntStatus(db: Database, huntId: string, status: 'opening' | 'finished', actor: AuditActor, now: Date): Promise<HuntDetail> {
  return db.transaction(async (tx) => {
    const hunt = await huntRow(tx, huntId, 'update');
    const from = status === 'opening' ? 'collecting' : 'opening';
    if (hunt.status !== from) throw wrongStatus(`The hunt is ${hunt.status}: it moves to ${status} only from ${from}.`);
    const bonuses = await bonusRows(tx, huntId);
    if (status === 'opening') {
      if (bonuses.length === 0) throw new AppError('HUNT_INCOMPLETE', 'Add a bonus before opening.');
      const [row] = await tx
        .update(bonusHunts)
        .set({ status, openedAt: now })
        .where(and(eq(bonusHunts.id, huntId), eq(bonusHunts.status, from)))
        .returning();
      await recordAudit(tx, {
        ...actor,
        action: 'bonus_hunt.open',
        targetType: 'bonus_hunt',
        targetId: huntId,
        changes: { summary: `${hunt.title}: opening; guesses locked`, status: { from, to: status } },
        at: now,
      });
      await announceHunt(tx, huntId, row!.status);
      return huntDetail(tx, row!, null);
    }
    const unopened = bonuses.filter((b) => b.win === null).length;
    if (unopened > 0) throw new AppError('HUNT_INCOMPLETE', `Enter the win of every bonus first (${unopened} unopened).`);
    const finalBalance = bonuses.reduce((sum, b) => sum + (b.win ?? 0), 0);
    const [row] = await tx
      .update(bonusHunts)
      .set({ status, finishedAt: now, finalBalance })
      .where(and(eq(bonusHunts.id, huntId), eq(bonusHunts.status, from)))
      .returning();
    // No admin wins what admins run (platform/own-account.ts), even with a guess from before that rule.
    const guesses = await tx
      .select({ id: huntGuesses.id, userId: huntGuesses.userId, amount: huntGuesses.amount, at: huntGuesses.at })
      .from(huntGuesses)
      .where(and(eq(huntGuesses.huntId, huntId), not(isAdminAccountSql(huntGuesses.userId))));
    const winners = guessWinners(
      guesses.map((g) => ({ ...g, at: g.at.getTime() })),
      finalBalance,
      hunt.prizes.length,
    );
    for (const w of winners) {
      const prize = hunt.prizes[w.place - 1]!;
      await tx.update(huntGuesses).set({ place: w.place, prize }).where(eq(huntGuesses.id, w.id));
      await credit(tx, {
        userId: w.userId,
        amount: prize,
        reason: 'gtb_prize',
        refType: 'bonus_hunt',
        refId: huntId,
        note: `Guess the Balance: ${hunt.title} (#${w.place})`,
        at: now,
      });
      await notify(tx, { ...guessTheBalanceWonText(huntId, hunt.title, w.place, prize), userId: w.userId, at: now, data: { huntId } });
    }
    await recordAudit(tx, {
      ...actor,
      action: 'bonus_hunt.finish',
      targetType: 'bonus_hunt',
      targetId: huntId,
      changes: {
        summary: `${hunt.title}: finished at ${finalBalance} cents; ${winners.length} Guess the Balance winner(s)`,
        status: { from, to: status },
        finalBalance,
        winners: winners.map((w) => ({ userId: w.userId, place: w.place, difference: w.difference })),
      },
      at: now,
    });
    await announceHunt(tx, huntId, row!.status);
    return huntDetail(tx, row!, null);
  });
}

// --- Guess the Balance ---

const ADMIN_GUESS = 'Admins run the bonus hunts, so an admin account cannot guess.';

/**
 * Before a guess's transaction (the balance, or a bonus's ×): an admin, who types the wins, is
 * refused (403 OWN_ACCOUNT_ACT) and the attempt audited (platform/own-account.ts). `!gtb` and `!x`
 * ask the same rule and say nothing.
 */
export async function refuseAdminGuess(
  db: Database,
  input: { huntId: string; userId: string; action: 'bonus_hunt.guess' | 'bonus_hunt.bonus_guess'; summary: string },
  actor: AuditActor,
  now: Date,
): Promise<void> {
  await mayTakePart(db, input.userId, now, {
    actor,
    action: input.action,
    targetType: 'bonus_hunt',
    targetId: input.huntId,
    summary: input.summary,
    message: ADMIN_GUESS,
  });
}

/** The hunt chat guesses go to (!gtb): the newest one collecting, or null. */
export async function guessingHunt(db: Db): Promise<{ id: string; title: string; currency: string } | null> {
  const [row] = await db
    .select({ id: bonusHunts.id, title: bonusHunts.title, currency: bonusHunts.currency })
    .from(bonusHunts)
    .where(eq(bonusHunts.status, 'collecting'))
    .orderBy(desc(bonusHunts.createdAt), desc(bonusHunts.id))
    .limit(1);
  return row ?? null;
}

/**
 * PUT /api/bonus-hunts/:id/guess, in runIdempotent's transaction: the first guess takes the
 * entry cost through the ledger, a change is free. The hunt row is read FOR SHARE, so a guess and
 * the move to opening never cross: a guess either lands before the lock or is refused.
 */
export async function submitGuess(
  tx: Tx,
  input: { huntId: string; userId: string; amount: number; at: Date; restriction: RestrictionCheck },
): Promise<GuessResult> {
  const hunt = await huntRow(tx, input.huntId, 'share');
  if (hunt.status !== 'collecting') throw wrongStatus('Guessing is closed: the hunt is no longer collecting.');
  // Also here, for any caller that skipped refuseAdminGuess.
  if (!(await mayTakePart(tx, input.userId, input.at))) throw new AppError('OWN_ACCOUNT_ACT', ADMIN_GUESS);
  await input.restriction.assert(tx);
  const [inserted] = await tx
    .insert(huntGuesses)
    .values({ huntId: hunt.id, userId: input.userId, amount: input.amount, at: input.at, paid: hunt.entryCost > 0 })
    .onConflictDoNothing()
    .returning({ id: huntGuesses.id });
  if (inserted) {
    if (hunt.entryCost > 0) {
      await debit(
        tx,
        {
          userId: input.userId,
          amount: hunt.entryCost,
          reason: 'gtb_entry',
          refType: 'bonus_hunt',
          refId: hunt.id,
          note: `Guess the Balance: ${hunt.title}`,
          at: input.at,
        },
        { shortMessage: (n) => `You need ${n.toLocaleString('en-US')} more points to guess.` },
      );
    }
    // A new guess changes the hunt's guess count; a changed amount is not public while collecting.
    await announceHunt(tx, hunt.id, hunt.status);
    return { guess: { amount: input.amount, at: input.at.toISOString() }, charged: hunt.entryCost };
  }
  await tx
    .update(huntGuesses)
    .set({ amount: input.amount, at: input.at })
    .where(and(eq(huntGuesses.huntId, hunt.id), eq(huntGuesses.userId, input.userId)));
  return { guess: { amount: input.amount, at: input.at.toISOString() }, charged: 0 };
}

// --- Bonus guesses: who guesses each bonus's × best ---

/** The hunt chat's × guesses go to (!x): the newest one opening, or null. */
export async function openingHunt(db: Db): Promise<{ id: string; title: string } | null> {
  const [row] = await db
    .select({ id: bonusHunts.id, title: bonusHunts.title })
    .from(bonusHunts)
    .where(eq(bonusHunts.status, 'opening'))
    .orderBy(desc(bonusHunts.openedAt), desc(bonusHunts.id))
    .limit(1);
  return row ?? null;
}

/**
 * PUT /api/bonus-hunts/:id/bonuses/:bonusId/guess (and `!x` in chat): a member's guess of the ×
 * of the bonus to open next, free, changeable until its win is entered. The hunt row is read FOR
 * SHARE and entering a win locks it FOR UPDATE, so a guess lands before the win or is refused.
 * `bonusId` null: the next bonus, whichever it is (chat).
 */
export async function submitBonusGuess(
  tx: Tx,
  input: { huntId: string; bonusId: string | null; userId: string; xHundredths: number; at: Date; restriction: RestrictionCheck },
): Promise<BonusGuessResult & { slotName: string }> {
  const hunt = await huntRow(tx, input.huntId, 'share');
  if (hunt.status !== 'opening') throw wrongStatus('Bonus guesses are taken while the hunt is opening.');
  const next = nextBonusToOpen(await bonusRows(tx, hunt.id));
  if (input.bonusId !== null && next?.id !== input.bonusId) {
    const [exists] = await tx
      .select({ id: huntBonuses.id })
      .from(huntBonuses)
      .where(and(eq(huntBonuses.id, input.bonusId), eq(huntBonuses.huntId, hunt.id)));
    if (!exists) throw new AppError('NOT_FOUND', 'That bonus is not in this hunt.');
    throw wrongStatus('Guesses are taken for the next bonus to open only.');
  }
  if (!next) throw wrongStatus('Every bonus of this hunt is open.');
  // Also here, for any caller that skipped refuseAdminGuess.
  if (!(await mayTakePart(tx, input.userId, input.at))) throw new AppError('OWN_ACCOUNT_ACT', ADMIN_GUESS);
  await input.restriction.assert(tx);
  const [inserted] = await tx
    .insert(huntBonusGuesses)
    .values({ bonusId: next.id, userId: input.userId, xHundredths: input.xHundredths, at: input.at })
    .onConflictDoNothing()
    .returning({ bonusId: huntBonusGuesses.bonusId });
  if (inserted) {
    await tx
      .update(huntBonuses)
      .set({ guessCount: sql`${huntBonuses.guessCount} + 1` })
      .where(eq(huntBonuses.id, next.id));
    await announceHunt(tx, hunt.id, hunt.status);
  } else {
    await tx
      .update(huntBonusGuesses)
      .set({ xHundredths: input.xHundredths, at: input.at })
      .where(and(eq(huntBonusGuesses.bonusId, next.id), eq(huntBonusGuesses.userId, input.userId)));
  }
  return { guess: { bonusId: next.id, multiplier: input.xHundredths / 100, at: input.at.toISOString() }, slotName: next.slotName };
}

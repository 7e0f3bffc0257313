import { and, desc, eq, sql } from 'drizzle-orm';
import type { BonusGuessResult } from '@app/shared/api/bonus-hunts';
import { nextBonusToOpen } from '@app/shared/domain/bonus-hunt-stats';
import { bonusHunts, huntBonusGuesses, huntBonuses } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { mayTakePart } from '../../platform/own-account.ts';
import type { RestrictionCheck } from '../../platform/restrictions-guard.ts';
import { announceHunt, bonusRows, huntRow, wrongStatus, type Db } from './hunt-reads.ts';
import { ADMIN_GUESS } from './refuse-admin-guess.ts';

/** Bonus guesses: who guesses each bonus's × best, on the web or with !x in chat. */

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

import { and, desc, eq, isNull } from 'drizzle-orm';
import type { GuessResult } from '@app/shared/api/bonus-hunts';
import { bonusHunts, huntGuesses } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { debit } from '../../platform/ledger.ts';
import { mayTakePart } from '../../platform/own-account.ts';
import type { RestrictionCheck } from '../../platform/restrictions-guard.ts';
import { announceHunt, huntRow, wrongStatus, type Db } from './hunt-reads.ts';
import { ADMIN_GUESS } from './refuse-admin-guess.ts';

/** Guess the Balance: a member's guess of the final balance, on the web or with !gtb in chat. */

/** The hunt chat guesses go to (!gtb): the newest one collecting with guessing open, or null. */
export async function guessingHunt(db: Db): Promise<{ id: string; title: string; currency: string } | null> {
  const [row] = await db
    .select({ id: bonusHunts.id, title: bonusHunts.title, currency: bonusHunts.currency })
    .from(bonusHunts)
    .where(and(eq(bonusHunts.status, 'collecting'), isNull(bonusHunts.guessingClosedAt)))
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
  if (hunt.guessingClosedAt !== null) throw wrongStatus('Guessing is closed for this hunt.');
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

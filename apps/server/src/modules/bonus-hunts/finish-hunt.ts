import { and, eq, not } from 'drizzle-orm';
import type { HuntDetail } from '@app/shared/api/bonus-hunts';
import { guessWinners } from '@app/shared/domain/bonus-hunt-stats';
import { bonusHunts, huntGuesses } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { credit } from '../../platform/ledger.ts';
import { enqueueWebhookEvent } from '../../platform/outbox.ts';
import { isAdminAccountSql } from '../../platform/own-account.ts';
import { notify } from '../notifications/index.ts';
import { guessTheBalanceWonText } from '../notifications/index.ts';
import type { BonusRow, HuntRow } from './hunt-presenter.ts';
import { onHuntStatusChanged } from './hunt-hooks.ts';
import { announceHunt, huntDetail } from './hunt-reads.ts';

/**
 * opening → finished, in setHuntStatus's transaction with the hunt row locked and found opening:
 * every bonus must be opened; the final balance is the sum of the wins; the closest guesses win the
 * prizes, credited here, once (the conditional update).
 */
export async function finishHunt(tx: Tx, hunt: HuntRow, bonuses: readonly BonusRow[], actor: AuditActor, now: Date): Promise<HuntDetail> {
  const huntId = hunt.id;
  const from = 'opening';
  const status = 'finished';
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
  await enqueueWebhookEvent(
    tx,
    'bonus_hunt.finished',
    {
      huntId,
      title: hunt.title,
      startBalanceCents: hunt.startBalance,
      finalBalanceCents: finalBalance,
      winners: winners.length,
      summary: `${hunt.title} finished`,
      link: `/bonus-hunts/${huntId}`,
    },
    now,
  );
  await onHuntStatusChanged.run(tx, { huntId, status, startBalance: hunt.startBalance, finalBalance, at: now });
  await announceHunt(tx, huntId, row!.status);
  return huntDetail(tx, row!, null);
}

import { and, asc, eq, inArray } from 'drizzle-orm';
import { predictionOutcomes, predictions, predictionStakes } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { credit } from '../../platform/ledger.ts';
import { notify } from '../notifications/index.ts';
import { predictionWonText } from '../notifications/index.ts';
import { pariMutuel, refunds } from './payout.ts';
import { announcePrediction, type PredictionRow } from './prediction-reads.ts';

export type Settlement = { prediction: PredictionRow; paid: number; refunded: number; winners: number };

/**
 * Ends a running prediction and pays it, in the caller's transaction: the conditional update of its
 * status (open or locked → resolved or cancelled) claims the work, so a resolve sent twice, or by
 * two servers at once, pays once (the second finds it ended: 409 PREDICTION_ENDED). The update
 * waits for stakes in flight (they hold the row FOR SHARE), so the payout sees every stake. Resolved:
 * pari-mutuel (payout.ts), winners told; nobody on the winning outcome or cancelled: every stake
 * refunded. Each amount goes through the ledger and onto its stake's `payout`.
 */
export async function settlePrediction(tx: Tx, predictionId: string, end: { winningOutcomeId: string } | 'cancel', now: Date): Promise<Settlement> {
  const winningOutcomeId = end === 'cancel' ? null : end.winningOutcomeId;
  if (winningOutcomeId) {
    const [outcome] = await tx
      .select({ id: predictionOutcomes.id })
      .from(predictionOutcomes)
      .where(and(eq(predictionOutcomes.id, winningOutcomeId), eq(predictionOutcomes.predictionId, predictionId)));
    if (!outcome) throw new AppError('VALIDATION_ERROR', 'That outcome is not part of this prediction.', { extra: { field: 'outcomeId' } });
  }
  const status = end === 'cancel' ? 'cancelled' : 'resolved';
  const [row] = await tx
    .update(predictions)
    .set({ status, winningOutcomeId, endedAt: now })
    .where(and(eq(predictions.id, predictionId), inArray(predictions.status, ['open', 'locked'])))
    .returning();
  if (!row) {
    const [exists] = await tx.select({ status: predictions.status }).from(predictions).where(eq(predictions.id, predictionId));
    if (!exists) throw new AppError('NOT_FOUND', 'That prediction does not exist.');
    throw new AppError('PREDICTION_ENDED', `This prediction is already ${exists.status}.`);
  }
  const stakes = await tx
    .select({
      id: predictionStakes.id,
      userId: predictionStakes.userId,
      outcomeId: predictionStakes.outcomeId,
      amount: predictionStakes.amount,
      seq: predictionStakes.seq,
    })
    .from(predictionStakes)
    .where(eq(predictionStakes.predictionId, predictionId))
    .orderBy(asc(predictionStakes.seq));
  const plan = winningOutcomeId ? pariMutuel(stakes, winningOutcomeId) : refunds(stakes);
  const result: Settlement = { prediction: row, paid: 0, refunded: 0, winners: 0 };
  for (const [i, p] of plan.entries()) {
    const stake = stakes[i]!;
    await tx.update(predictionStakes).set({ payout: p.amount }).where(eq(predictionStakes.id, p.id));
    if (p.amount === 0) continue;
    const isPayout = p.kind === 'payout';
    await credit(tx, {
      userId: stake.userId,
      amount: p.amount,
      reason: isPayout ? 'prediction_payout' : 'prediction_refund',
      refType: 'prediction',
      refId: predictionId,
      note: `${isPayout ? 'Prediction won' : 'Prediction refunded'}: ${row.title}`,
      at: now,
    });
    if (isPayout) {
      result.paid += p.amount;
      result.winners += 1;
      await notify(tx, { ...predictionWonText(row.title, stake.amount, p.amount), userId: stake.userId, at: now, data: { predictionId } });
    } else {
      result.refunded += p.amount;
    }
  }
  await announcePrediction(tx, predictionId, status);
  return result;
}

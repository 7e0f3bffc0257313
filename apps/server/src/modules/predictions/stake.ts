import type { StakeInput, StakeResult } from '@app/shared/api/predictions';
import { and, eq, sql } from 'drizzle-orm';
import { predictionOutcomes, predictionStakes } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { debit } from '../../platform/ledger.ts';
import type { RestrictionCheck } from '../../platform/restrictions.ts';
import { predictionRow } from './prediction-reads.ts';

const points = (n: number) => n.toLocaleString('en-US');

/**
 * A member's stake, in the caller's transaction (the route's Idempotency-Key, or the chat event's
 * savepoint). The prediction row is read FOR SHARE, so a lock, resolve or cancel (which update it)
 * waits for stakes in flight and then sees all of them. Open and before `locksAt`, else 409
 * PREDICTION_LOCKED; one outcome per member (409 PREDICTION_OTHER_OUTCOME); each stake and the
 * member's total within min/max (400); the points debited through the ledger at once (409
 * INSUFFICIENT_POINTS). Admins are refused by the caller (they run predictions).
 */
export async function placeStake(
  tx: Tx,
  input: { predictionId: string; userId: string; stake: StakeInput; now: Date; restriction: RestrictionCheck },
): Promise<StakeResult> {
  const { predictionId, userId, stake, now } = input;
  const prediction = await predictionRow(tx, predictionId, 'share');
  if (prediction.status !== 'open' || prediction.locksAt.getTime() <= now.getTime()) {
    throw new AppError(
      'PREDICTION_LOCKED',
      prediction.status === 'open' || prediction.status === 'locked' ? 'Staking has closed on this prediction.' : 'This prediction has ended.',
    );
  }
  await input.restriction.assert(tx);
  const [outcome] = await tx
    .select({ id: predictionOutcomes.id })
    .from(predictionOutcomes)
    .where(and(eq(predictionOutcomes.id, stake.outcomeId), eq(predictionOutcomes.predictionId, predictionId)));
  if (!outcome) throw new AppError('VALIDATION_ERROR', 'That outcome is not part of this prediction.', { extra: { field: 'outcomeId' } });
  if (stake.amount < prediction.minStake || stake.amount > prediction.maxStake) {
    throw new AppError('VALIDATION_ERROR', `A stake is ${points(prediction.minStake)} to ${points(prediction.maxStake)} points.`, {
      extra: { field: 'amount' },
    });
  }
  // One statement adds to the member's stake on the same outcome (the unique index serialises two at once).
  const [row] = await tx
    .insert(predictionStakes)
    .values({ predictionId, outcomeId: stake.outcomeId, userId, amount: stake.amount, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [predictionStakes.predictionId, predictionStakes.userId],
      set: { amount: sql`${predictionStakes.amount} + excluded.amount`, updatedAt: now },
      setWhere: sql`${predictionStakes.outcomeId} = excluded.outcome_id and ${predictionStakes.amount} + excluded.amount <= ${prediction.maxStake}`,
    })
    .returning();
  if (!row) {
    const [existing] = await tx
      .select()
      .from(predictionStakes)
      .where(and(eq(predictionStakes.predictionId, predictionId), eq(predictionStakes.userId, userId)));
    if (existing && existing.outcomeId !== stake.outcomeId)
      throw new AppError('PREDICTION_OTHER_OUTCOME', 'You have staked on another outcome: one outcome per prediction.');
    const room = prediction.maxStake - (existing?.amount ?? 0);
    throw new AppError(
      'VALIDATION_ERROR',
      `Your stake would pass the maximum of ${points(prediction.maxStake)} points${room > 0 ? `: add at most ${points(room)}` : ''}.`,
      {
        extra: { field: 'amount' },
      },
    );
  }
  const { balance } = await debit(
    tx,
    { userId, amount: stake.amount, reason: 'prediction_stake', refType: 'prediction', refId: predictionId, note: `Prediction: ${prediction.title}`, at: now },
    { shortMessage: (shortfall) => `You need ${points(shortfall)} more points for this stake.` },
  );
  return { stake: { outcomeId: row.outcomeId, amount: row.amount, payout: row.payout }, balance };
}

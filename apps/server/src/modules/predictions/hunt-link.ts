import { and, eq, inArray } from 'drizzle-orm';
import { predictionOutcomes, predictions } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import type { HuntStatusChange } from '../bonus-hunts/index.ts';
import { lockIfOpen } from './lock-prediction.ts';
import { settlePrediction } from './settle-prediction.ts';

/**
 * A hunt's "Will this hunt profit?" follows the hunt, in the hunt's transaction (registered with
 * bonus-hunts' onHuntStatusChanged by the routes plugin): it locks when the hunt starts opening and
 * is resolved when the hunt finishes: "Yes, profit" when the final balance is at least the start
 * balance, else "No, loss" (HUNT_PREDICTION_OUTCOMES, in that order). A prediction the admin already locked, resolved or cancelled is left as is.
 */
export async function followHunt(tx: Tx, change: HuntStatusChange): Promise<void> {
  const running = await tx
    .select({ id: predictions.id })
    .from(predictions)
    .where(and(eq(predictions.huntId, change.huntId), inArray(predictions.status, ['open', 'locked'])));
  for (const { id } of running) {
    if (change.status === 'opening') {
      await lockIfOpen(tx, id, change.at);
      continue;
    }
    const isProfit = (change.finalBalance ?? 0) >= change.startBalance;
    const [outcome] = await tx
      .select({ id: predictionOutcomes.id })
      .from(predictionOutcomes)
      .where(and(eq(predictionOutcomes.predictionId, id), eq(predictionOutcomes.number, isProfit ? 1 : 2)));
    if (!outcome) continue;
    await settlePrediction(tx, id, { winningOutcomeId: outcome.id }, change.at);
  }
}

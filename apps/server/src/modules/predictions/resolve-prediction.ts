import type { Prediction } from '@app/shared/api/predictions';
import { eq } from 'drizzle-orm';
import { predictionOutcomes } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { enqueueWebhookEvent } from '../../platform/outbox.ts';
import { getPrediction } from './prediction-reads.ts';
import { settlePrediction } from './settle-prediction.ts';

const points = (n: number) => n.toLocaleString('en-US');

/** POST /api/admin/predictions/:id/resolve, in the caller's transaction (an Idempotency-Key replays it): pays the pool once. Audited. */
export async function resolvePrediction(tx: Tx, predictionId: string, outcomeId: string, actor: AuditActor, now: Date): Promise<Prediction> {
  const done = await settlePrediction(tx, predictionId, { winningOutcomeId: outcomeId }, now);
  const [outcome] = await tx.select({ label: predictionOutcomes.label }).from(predictionOutcomes).where(eq(predictionOutcomes.id, outcomeId));
  await recordAudit(tx, {
    ...actor,
    action: 'prediction.resolve',
    targetType: 'prediction',
    targetId: predictionId,
    changes: {
      summary: `Prediction resolved: ${done.prediction.title} → ${outcome?.label ?? outcomeId}; ${points(done.paid)} points to ${done.winners} winner(s)${done.refunded > 0 ? `, ${points(done.refunded)} refunded (nobody won)` : ''}`,
      outcomeId,
      paid: done.paid,
      refunded: done.refunded,
    },
    at: now,
  });
  await enqueueWebhookEvent(
    tx,
    'prediction.resolved',
    {
      predictionId,
      title: done.prediction.title,
      outcome: outcome?.label ?? null,
      paid: done.paid,
      winners: done.winners,
      refunded: done.refunded,
      summary: `${done.prediction.title} → ${outcome?.label ?? outcomeId}`,
      link: '/predictions',
    },
    now,
  );
  return getPrediction(tx, predictionId, null);
}

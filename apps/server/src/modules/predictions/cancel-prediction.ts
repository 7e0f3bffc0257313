import type { Prediction } from '@app/shared/api/predictions';
import type { Tx } from '../../db/tx.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { getPrediction } from './prediction-reads.ts';
import { settlePrediction } from './settle-prediction.ts';

/** POST /api/admin/predictions/:id/cancel, in the caller's transaction: every stake refunded, once. Audited. */
export async function cancelPrediction(tx: Tx, predictionId: string, actor: AuditActor, now: Date): Promise<Prediction> {
  const done = await settlePrediction(tx, predictionId, 'cancel', now);
  await recordAudit(tx, {
    ...actor,
    action: 'prediction.cancel',
    targetType: 'prediction',
    targetId: predictionId,
    changes: { summary: `Prediction cancelled: ${done.prediction.title}; ${done.refunded.toLocaleString('en-US')} points refunded`, refunded: done.refunded },
    at: now,
  });
  return getPrediction(tx, predictionId, null);
}

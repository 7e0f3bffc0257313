import type { Prediction } from '@app/shared/api/predictions';
import { and, eq, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { predictions } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { announcePrediction, getPrediction, predictionRow } from './prediction-reads.ts';

/** Moves an open prediction to locked: one conditional update, so a second lock changes nothing. True when this call locked it. */
export async function lockIfOpen(tx: Tx, predictionId: string, now: Date): Promise<boolean> {
  const [row] = await tx
    .update(predictions)
    .set({ status: 'locked', lockedAt: now })
    .where(and(eq(predictions.id, predictionId), eq(predictions.status, 'open')))
    .returning({ id: predictions.id });
  if (row) await announcePrediction(tx, predictionId, 'locked');
  return Boolean(row);
}

/** POST /api/admin/predictions/:id/lock: stakes stop before the window ends (409 PREDICTION_ENDED unless open). Audited. */
export async function lockPrediction(db: Database, predictionId: string, actor: AuditActor, now: Date): Promise<Prediction> {
  return db.transaction(async (tx) => {
    const prediction = await predictionRow(tx, predictionId);
    if (!(await lockIfOpen(tx, predictionId, now))) throw new AppError('PREDICTION_ENDED', `This prediction is ${prediction.status}: only an open one locks.`);
    await recordAudit(tx, {
      ...actor,
      action: 'prediction.lock',
      targetType: 'prediction',
      targetId: predictionId,
      changes: { summary: `Prediction locked: ${prediction.title}`, status: { from: 'open', to: 'locked' } },
      at: now,
    });
    return getPrediction(tx, predictionId, null);
  });
}

/** The job: every open prediction whose window has passed locks (one conditional update; several servers lock each once). */
export async function lockDuePredictions(db: Database, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const locked = await tx
      .update(predictions)
      .set({ status: 'locked', lockedAt: now })
      .where(and(eq(predictions.status, 'open'), lte(predictions.locksAt, now)))
      .returning({ id: predictions.id });
    for (const p of locked) await announcePrediction(tx, p.id, 'locked');
    return locked.length;
  });
}

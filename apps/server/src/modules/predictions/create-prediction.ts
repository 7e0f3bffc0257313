import { HUNT_PREDICTION_OUTCOMES, type HuntPredictionInput, type Prediction, type PredictionInput } from '@app/shared/api/predictions';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bonusHunts, predictionOutcomes, predictions } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { announcePrediction, getPrediction } from './prediction-reads.ts';

/** A hunt's prediction when the admin gives no figures: 5 minutes, 10 to 10,000 points. */
const HUNT_DEFAULTS = { windowSeconds: 300, minStake: 10, maxStake: 10_000 } as const;

/**
 * POST /api/admin/predictions: opens a prediction at once; it locks `windowSeconds` later. One runs
 * at a time (409 PREDICTION_RUNNING; the partial unique index decides between two at once). Audited.
 */
export async function createPrediction(db: Database, input: PredictionInput, actor: AuditActor, now: Date, huntId: string | null = null): Promise<Prediction> {
  return db.transaction((tx) => insertPrediction(tx, input, actor, now, huntId));
}

async function insertPrediction(tx: Tx, input: PredictionInput, actor: AuditActor, now: Date, huntId: string | null): Promise<Prediction> {
  const [row] = await tx
    .insert(predictions)
    .values({
      title: input.title,
      minStake: input.minStake,
      maxStake: input.maxStake,
      locksAt: new Date(now.getTime() + input.windowSeconds * 1000),
      huntId,
      createdBy: actor.actorId,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('PREDICTION_RUNNING', 'A prediction is already running: resolve or cancel it first.');
  await tx.insert(predictionOutcomes).values(input.outcomes.map((label, i) => ({ predictionId: row.id, number: i + 1, label })));
  await recordAudit(tx, {
    ...actor,
    action: 'prediction.create',
    targetType: 'prediction',
    targetId: row.id,
    changes: { summary: `Prediction opened: ${input.title} (${input.outcomes.join(' / ')})`, after: input, huntId },
    at: now,
  });
  await announcePrediction(tx, row.id, 'open');
  return getPrediction(tx, row.id, null);
}

/**
 * POST /api/admin/predictions/hunt/:id: "Will this hunt profit?" for a bonus hunt that is still
 * collecting (it locks when the hunt starts opening and resolves when it finishes: hunt-link.ts).
 */
export async function createHuntPrediction(db: Database, huntId: string, input: HuntPredictionInput, actor: AuditActor, now: Date): Promise<Prediction> {
  return db.transaction(async (tx) => {
    const [hunt] = await tx.select({ title: bonusHunts.title, status: bonusHunts.status }).from(bonusHunts).where(eq(bonusHunts.id, huntId));
    if (!hunt) throw new AppError('NOT_FOUND', 'That bonus hunt does not exist.');
    if (hunt.status !== 'collecting') throw new AppError('PREDICTION_ENDED', 'The hunt has started opening: a prediction on it would come too late.');
    const figures = { ...HUNT_DEFAULTS, ...input };
    if (figures.maxStake < figures.minStake) throw new AppError('VALIDATION_ERROR', 'The maximum stake is at least the minimum');
    return insertPrediction(tx, { title: `Will ${hunt.title} profit?`, outcomes: [...HUNT_PREDICTION_OUTCOMES], ...figures }, actor, now, huntId);
  });
}

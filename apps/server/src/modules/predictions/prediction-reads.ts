import { maskUsername } from '@app/shared/api/races';
import { outcomePercent, type Prediction, type PredictionEventData, type PredictionStatus } from '@app/shared/api/predictions';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { predictionOutcomes, predictions, predictionStakes, users } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { publishEvent } from '../../platform/event-bus.ts';

type Db = Database | Tx;
export type PredictionRow = typeof predictions.$inferSelect;

const RECENT = 20;
const TOP_STAKES = 5;
/** The live topic of the current prediction (the page and the overlay). */
export const PREDICTIONS_TOPIC = 'predictions';

/** The prediction row, optionally locked; 404 when there is none. */
export async function predictionRow(db: Db, id: string, lock?: 'update' | 'share'): Promise<PredictionRow> {
  const query = db.select().from(predictions).where(eq(predictions.id, id));
  const [row] = lock === 'update' ? await query.for('update') : lock === 'share' ? await query.for('share') : await query;
  if (!row) throw new AppError('NOT_FOUND', 'That prediction does not exist.');
  return row;
}

/** The prediction that runs (open or locked), if any. */
export async function runningPrediction(db: Db): Promise<PredictionRow | null> {
  const [row] = await db
    .select()
    .from(predictions)
    .where(inArray(predictions.status, ['open', 'locked']))
    .limit(1);
  return row ?? null;
}

/** Stakes, largest first after the totals: the presenter's view of several predictions at once. */
async function present(db: Db, rows: readonly PredictionRow[], viewerId: string | null): Promise<Prediction[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const outcomes = await db
    .select({
      id: predictionOutcomes.id,
      predictionId: predictionOutcomes.predictionId,
      number: predictionOutcomes.number,
      label: predictionOutcomes.label,
      pool: sql<string>`coalesce(sum(${predictionStakes.amount}), 0)`,
      stakeCount: sql<string>`count(${predictionStakes.id})`,
    })
    .from(predictionOutcomes)
    .leftJoin(predictionStakes, eq(predictionStakes.outcomeId, predictionOutcomes.id))
    .where(inArray(predictionOutcomes.predictionId, ids))
    .groupBy(predictionOutcomes.id)
    .orderBy(asc(predictionOutcomes.number));
  const top = await db.execute(sql`
    select * from (
      select s.prediction_id, s.outcome_id, s.amount, s.payout, u.username, u.show_on_leaderboard,
        row_number() over (partition by s.prediction_id order by s.amount desc, s.seq) as n
      from ${predictionStakes} s join ${users} u on u.id = s.user_id
      where s.prediction_id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
    ) t where n <= ${TOP_STAKES} order by n`);
  const topRows = (
    top as unknown as {
      rows: {
        prediction_id: string;
        outcome_id: string;
        amount: string | number;
        payout: string | number | null;
        username: string;
        show_on_leaderboard: boolean;
      }[];
    }
  ).rows;
  const own = viewerId
    ? await db
        .select()
        .from(predictionStakes)
        .where(and(eq(predictionStakes.userId, viewerId), inArray(predictionStakes.predictionId, ids)))
    : [];
  return rows.map((row) => {
    const mine = outcomes.filter((o) => o.predictionId === row.id);
    const pool = mine.reduce((sum, o) => sum + Number(o.pool), 0);
    const ownStake = own.find((s) => s.predictionId === row.id);
    return {
      id: row.id,
      title: row.title,
      status: row.status as PredictionStatus,
      minStake: row.minStake,
      maxStake: row.maxStake,
      locksAt: row.locksAt.toISOString(),
      lockedAt: row.lockedAt?.toISOString() ?? null,
      endedAt: row.endedAt?.toISOString() ?? null,
      winningOutcomeId: row.winningOutcomeId,
      huntId: row.huntId,
      pool,
      stakeCount: mine.reduce((sum, o) => sum + Number(o.stakeCount), 0),
      outcomes: mine.map((o) => ({
        id: o.id,
        number: o.number,
        label: o.label,
        pool: Number(o.pool),
        percent: outcomePercent(Number(o.pool), pool),
        stakeCount: Number(o.stakeCount),
      })),
      myStake: ownStake ? { outcomeId: ownStake.outcomeId, amount: ownStake.amount, payout: ownStake.payout } : null,
      topStakes: topRows
        .filter((t) => t.prediction_id === row.id)
        .map((t) => ({
          username: t.show_on_leaderboard ? t.username : maskUsername(t.username),
          outcomeId: t.outcome_id,
          amount: Number(t.amount),
          payout: t.payout === null ? null : Number(t.payout),
        })),
      createdAt: row.createdAt.toISOString(),
    };
  });
}

/** GET /api/predictions/:id (and every admin answer): one prediction with its totals. */
export async function getPrediction(db: Db, id: string, viewerId: string | null): Promise<Prediction> {
  const [out] = await present(db, [await predictionRow(db, id)], viewerId);
  return out!;
}

/** GET /api/predictions: the running one and the 20 newest (the running one among them). */
export async function listPredictions(db: Db, viewerId: string | null): Promise<{ current: Prediction | null; recent: Prediction[] }> {
  const rows = await db.select().from(predictions).orderBy(desc(predictions.createdAt), desc(predictions.id)).limit(RECENT);
  const running = await runningPrediction(db);
  const all = running && !rows.some((r) => r.id === running.id) ? [running, ...rows] : rows;
  const presented = await present(db, all, viewerId);
  return { current: running ? presented.find((p) => p.id === running.id)! : null, recent: presented.filter((p) => rows.some((r) => r.id === p.id)) };
}

/** GET /api/admin/predictions: the 50 newest. */
export async function listAdminPredictions(db: Db): Promise<Prediction[]> {
  const rows = await db.select().from(predictions).orderBy(desc(predictions.createdAt), desc(predictions.id)).limit(50);
  return present(db, rows, null);
}

/** The live channel's `prediction` event on the `predictions` topic, sent when the transaction commits. */
export async function announcePrediction(db: Db, predictionId: string, status: PredictionStatus): Promise<void> {
  const data: PredictionEventData = { predictionId, status };
  await publishEvent(db, { name: 'prediction', topic: PREDICTIONS_TOPIC, data });
}

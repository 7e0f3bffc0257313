import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { predictionOutcomes, predictions, predictionStakes } from '../../db/schema.ts';

/** A moment older than this is marked without a chat message (a server that was down). */
const STALE_MS = 10 * 60_000;

const points = (n: number) => n.toLocaleString('en-US');

/**
 * What the bot says in every connected chat when a prediction opens, locks and ends, each once:
 * the claim is a conditional update of its *_announced_at (with two servers one announces). Sent
 * by the job after the act committed, whichever path made it (the admin, the lock job, a hunt).
 */
export async function duePredictionAnnouncements(db: Database, site: string, now: Date): Promise<string[]> {
  const out: string[] = [];
  const opened = await db
    .update(predictions)
    .set({ openAnnouncedAt: now })
    .where(isNull(predictions.openAnnouncedAt))
    .returning({ id: predictions.id, title: predictions.title, status: predictions.status, locksAt: predictions.locksAt, createdAt: predictions.createdAt });
  for (const p of opened) {
    if (p.status !== 'open' || now.getTime() - p.createdAt.getTime() > STALE_MS) continue;
    const labels = (await outcomesOf(db, p.id)).map((o) => `${o.number}) ${o.label}`).join(' ');
    const seconds = Math.max(0, Math.round((p.locksAt.getTime() - now.getTime()) / 1000));
    out.push(`Prediction open: ${p.title} ${labels}. Stake points with !bet <number> <amount|all|half> in the next ${seconds}s, or at ${site}/predictions`);
  }
  const locked = await db
    .update(predictions)
    .set({ lockAnnouncedAt: now })
    .where(and(isNull(predictions.lockAnnouncedAt), isNotNull(predictions.lockedAt)))
    .returning({ id: predictions.id, title: predictions.title, lockedAt: predictions.lockedAt });
  for (const p of locked) {
    if (now.getTime() - p.lockedAt!.getTime() > STALE_MS) continue;
    const outcomes = await outcomesOf(db, p.id);
    const pool = outcomes.reduce((sum, o) => sum + o.pool, 0);
    const shares = outcomes.map((o) => `${o.number}) ${o.label} ${pool > 0 ? Math.round((o.pool / pool) * 100) : 0}%`).join(', ');
    out.push(`Prediction locked: ${p.title}. ${points(pool)} points staked: ${shares}.`);
  }
  const ended = await db
    .update(predictions)
    .set({ endAnnouncedAt: now })
    .where(and(isNull(predictions.endAnnouncedAt), inArray(predictions.status, ['resolved', 'cancelled'])))
    .returning({
      id: predictions.id,
      title: predictions.title,
      status: predictions.status,
      endedAt: predictions.endedAt,
      winningOutcomeId: predictions.winningOutcomeId,
    });
  for (const p of ended) {
    if (now.getTime() - p.endedAt!.getTime() > STALE_MS) continue;
    if (p.status === 'cancelled') {
      out.push(`Prediction cancelled: ${p.title}. Every stake has been refunded.`);
      continue;
    }
    const outcomes = await outcomesOf(db, p.id);
    const pool = outcomes.reduce((sum, o) => sum + o.pool, 0);
    const won = outcomes.find((o) => o.id === p.winningOutcomeId);
    const result =
      won && won.stakeCount > 0
        ? `${won.stakeCount} winner${won.stakeCount === 1 ? '' : 's'} share ${points(pool)} points.`
        : 'Nobody picked it: every stake has been refunded.';
    out.push(`Prediction result: ${p.title}: ${won?.label ?? 'unknown'} wins! ${result}`);
  }
  return out;
}

async function outcomesOf(db: Database, predictionId: string) {
  const rows = await db
    .select({
      id: predictionOutcomes.id,
      number: predictionOutcomes.number,
      label: predictionOutcomes.label,
      pool: sql<string>`coalesce(sum(${predictionStakes.amount}), 0)`,
      stakeCount: sql<string>`count(${predictionStakes.id})`,
    })
    .from(predictionOutcomes)
    .leftJoin(predictionStakes, eq(predictionStakes.outcomeId, predictionOutcomes.id))
    .where(eq(predictionOutcomes.predictionId, predictionId))
    .groupBy(predictionOutcomes.id)
    .orderBy(asc(predictionOutcomes.number));
  return rows.map((r) => ({ ...r, pool: Number(r.pool), stakeCount: Number(r.stakeCount) }));
}

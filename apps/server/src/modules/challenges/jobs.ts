import type { FastifyInstance } from 'fastify';
import { and, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { challenges } from '../../db/schema.ts';
import type { Job } from '../../platform/scheduler.ts';

/**
 * Completes every challenge whose end has passed: one conditional update (completed_at is null), so
 * with several servers each challenge completes once, and a rerun changes nothing. Pending claims
 * submitted in time stay for the admins to decide. Returns how many completed.
 */
export async function completeDueChallenges(db: Database, now: Date): Promise<number> {
  const done = await db
    .update(challenges)
    .set({ completedAt: now })
    .where(and(isNull(challenges.completedAt), lte(challenges.endsAt, now)))
    .returning({ id: challenges.id });
  return done.length;
}

/** The challenges' job: those whose end has passed complete. */
export function challengeJobs(app: FastifyInstance): Job[] {
  return [{ name: 'challenges.complete-due', run: async (now) => ({ challengesCompleted: await completeDueChallenges(app.db, now) }) }];
}

import type { Database } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import { recordAudit, type AuditActor } from './audit.ts';

/**
 * Separation of duties for money: an admin never moves their own balance or decides their own
 * order; another admin does. The refusal is audited as its own row ('<action>_refused') in its own
 * statement, outside the act's transaction (which the refusal rolls back), so the attempt stays on
 * record. Called by the service before the act's transaction starts.
 */
export async function refuseOwnAccount(
  db: Database,
  actor: AuditActor,
  attempt: { ownerId: string; action: string; targetType: string; targetId: string; summary: string; message: string },
  now: Date,
): Promise<void> {
  if (actor.actorId === null || attempt.ownerId !== actor.actorId) return;
  await recordAudit(db, {
    ...actor,
    action: `${attempt.action}_refused`,
    targetType: attempt.targetType,
    targetId: attempt.targetId,
    changes: { summary: `Refused (own account): ${attempt.summary}` },
    at: now,
  });
  throw new AppError('OWN_ACCOUNT_ACT', attempt.message);
}

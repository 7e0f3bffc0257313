import type { Database } from '../../db/client.ts';
import type { AuditActor } from '../../platform/audit.ts';
import { mayTakePart } from '../../platform/own-account.ts';

export const ADMIN_GUESS = 'Admins run the bonus hunts, so an admin account cannot guess.';

/**
 * Before a guess's transaction (the balance, or a bonus's ×): an admin, who types the wins, is
 * refused (403 OWN_ACCOUNT_ACT) and the attempt audited (platform/own-account.ts). `!gtb` and `!x`
 * ask the same rule and say nothing.
 */
export async function refuseAdminGuess(
  db: Database,
  input: { huntId: string; userId: string; action: 'bonus_hunt.guess' | 'bonus_hunt.bonus_guess'; summary: string },
  actor: AuditActor,
  now: Date,
): Promise<void> {
  await mayTakePart(db, input.userId, now, {
    actor,
    action: input.action,
    targetType: 'bonus_hunt',
    targetId: input.huntId,
    summary: input.summary,
    message: ADMIN_GUESS,
  });
}

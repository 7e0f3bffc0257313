import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import type { Tx } from '../db/tx.ts';
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

/** A site call's refusal of an admin player: what the audit row and the 403 say. */
type AdminPlayerRefusal = { actor: AuditActor; action: string; targetType: string; targetId: string; summary: string; message: string };

/**
 * Admins run the prize games (Guess the Balance: they type the wins; Deal or No Deal: they hold the
 * seed and close the entries; chat giveaways: they start and draw them), so an admin account never
 * takes part in one: it does not guess, join or enter, and no draw picks it. The one rule, for every
 * path in:
 * - a site call passes `refusal`: an admin is refused with 403 OWN_ACCOUNT_ACT, the attempt audited
 *   as '<action>_refused' in its own statement (as refuseOwnAccount; call it before the act's
 *   transaction, or the refusal rolls its audit row back);
 * - a chat path passes none and, when this answers false, ignores the message (the bot says nothing);
 * - a service inside its transaction passes none and refuses, for any caller that skipped the above.
 * Answers whether `userId` may take part. A draw filters with isAdminAccountSql instead.
 */
export async function mayTakePart(db: Database | Tx, userId: string, now: Date, refusal?: AdminPlayerRefusal): Promise<boolean> {
  const [row] = await db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, userId));
  if (!row?.isAdmin) return true;
  if (!refusal) return false;
  await recordAudit(db, {
    ...refusal.actor,
    action: `${refusal.action}_refused`,
    targetType: refusal.targetType,
    targetId: refusal.targetId,
    changes: { summary: `Refused (admins do not take part): ${refusal.summary}` },
    at: now,
  });
  throw new AppError('OWN_ACCOUNT_ACT', refusal.message);
}

// Its own alias, so the subquery never resolves to a `users` the outer query joins.
const ADMINS = 'own_account_admins';
const admins = alias(users, ADMINS);

/** "The account `userId` (a column or a value) is an admin", for a draw's WHERE: `not(isAdminAccountSql(entries.userId))`. */
export function isAdminAccountSql(userId: SQLWrapper): SQL {
  return sql`exists (select 1 from ${users} as ${sql.identifier(ADMINS)} where ${admins.id} = ${userId} and ${admins.isAdmin})`;
}

import { and, eq, gte, sql } from 'drizzle-orm';
import type { LedgerReason } from '@app/shared/api/points';
import { ledgerEntries, users } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * The one owner of balances (STYLE: one owner per invariant). Points change only here, each change
 * is a ledger row written in the caller's open transaction, and a debit is the conditional update
 * of ARCHITECTURE.md, so two spends can never take the same points.
 */

export type LedgerRow = typeof ledgerEntries.$inferSelect;

export type Movement = {
  userId: string;
  /** Whole points, > 0; the sign comes from the operation. */
  amount: number;
  reason: LedgerReason;
  refType?: 'order' | 'raffle' | 'raffle_entry' | 'admin' | null;
  refId?: string | null;
  actorId?: string | null;
  note?: string;
  at: Date;
};

export type MovementResult = { balance: number; entry: LedgerRow };

export function insufficientPoints(shortfall: number, message?: string): AppError {
  return new AppError(
    409,
    'INSUFFICIENT_POINTS',
    message ?? `You need ${shortfall.toLocaleString('en-US')} more points.`,
    {},
    { shortfall },
  );
}

async function record(tx: Tx, movement: Movement, signed: number, balance: number): Promise<MovementResult> {
  const [entry] = await tx
    .insert(ledgerEntries)
    .values({
      userId: movement.userId,
      amount: signed,
      balanceAfter: balance,
      reason: movement.reason,
      refType: movement.refType ?? null,
      refId: movement.refId ?? null,
      actorId: movement.actorId ?? null,
      note: movement.note ?? '',
      createdAt: movement.at,
    })
    .returning();
  return { balance, entry: entry! };
}

function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`ledger: bad amount ${amount}`);
}

/**
 * Takes `amount` points if the balance covers them: UPDATE ... WHERE points >= amount, checking the
 * row count. Short → 409 INSUFFICIENT_POINTS with the shortfall (the caller's transaction rolls back).
 */
export async function debit(tx: Tx, movement: Movement): Promise<MovementResult> {
  assertAmount(movement.amount);
  const [row] = await tx
    .update(users)
    .set({ points: sql`${users.points} - ${movement.amount}` })
    .where(and(eq(users.id, movement.userId), gte(users.points, movement.amount)))
    .returning({ points: users.points });
  if (!row) {
    const [current] = await tx.select({ points: users.points }).from(users).where(eq(users.id, movement.userId));
    if (!current) throw new AppError(404, 'NOT_FOUND', 'That user does not exist.');
    throw insufficientPoints(movement.amount - current.points);
  }
  return record(tx, movement, -movement.amount, row.points);
}

/** Adds `amount` points (grants, prizes, bonuses). */
export async function credit(tx: Tx, movement: Movement): Promise<MovementResult> {
  assertAmount(movement.amount);
  const [row] = await tx
    .update(users)
    .set({ points: sql`${users.points} + ${movement.amount}` })
    .where(eq(users.id, movement.userId))
    .returning({ points: users.points });
  if (!row) throw new AppError(404, 'NOT_FOUND', 'That user does not exist.');
  return record(tx, movement, movement.amount, row.points);
}

/** Gives back points of a declined order (reason store_refund). */
export async function refund(tx: Tx, movement: Omit<Movement, 'reason'>): Promise<MovementResult> {
  return credit(tx, { ...movement, reason: 'store_refund' });
}

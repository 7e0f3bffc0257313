import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { LEDGER_REF_TYPES, LedgerReason } from '@app/shared/api/points';
import { ledgerEntries, users } from '../db/schema.ts';
import type { Tx } from '../db/tx.ts';
import { AppError } from '../lib/app-error.ts';

/**
 * The one owner of balances (STYLE: one owner per invariant). Points change only here, each change
 * is a ledger row written in the caller's open transaction, and a debit is the conditional update
 * of ARCHITECTURE.md, so two spends can never take the same points.
 */

export type LedgerRow = typeof ledgerEntries.$inferSelect;

type Movement = {
  userId: string;
  /** Whole points, > 0; the sign comes from the operation. */
  amount: number;
  reason: LedgerReason;
  refType?: (typeof LEDGER_REF_TYPES)[number] | null;
  refId?: string | null;
  actorId?: string | null;
  note?: string;
  at: Date;
};

type MovementResult = { balance: number; entry: LedgerRow };

/**
 * The one "insufficient points" refusal: 409 INSUFFICIENT_POINTS with the shortfall. Each spend words
 * it for its screen (`DebitOptions.shortMessage`); the default is the plain one.
 */
function insufficientPoints(shortfall: number, message?: string): AppError {
  return new AppError('INSUFFICIENT_POINTS', message ?? `You need ${shortfall.toLocaleString('en-US')} more points.`, { extra: { shortfall } });
}

/** "The balance covers `amount`": the condition of every debit, single or set-based. */
function coversSql(amount: SQLWrapper | number): SQL {
  return sql`${users.points} >= ${amount}`;
}

type RawLedgerRow = {
  id: string;
  seq: string | number;
  user_id: string;
  amount: string | number;
  balance_after: string | number;
  reason: string;
  ref_type: string | null;
  ref_id: string | null;
  actor_id: string | null;
  note: string;
  created_at: Date | string;
};

/**
 * The balance change and its ledger row in ONE statement (a CTE): the conditional update, then the
 * row with the balance it left. No row back means the update matched nothing.
 */
async function move(tx: Tx, movement: Movement, signed: number, onlyIfCovered: boolean): Promise<MovementResult | null> {
  assertAmount(movement.amount);
  const covered = onlyIfCovered ? sql` and ${coversSql(movement.amount)}` : sql``;
  const result = await tx.execute(sql`
    with changed as (
      update ${users} set points = ${users.points} + ${signed}
      where ${users.id} = ${movement.userId}${covered}
      returning ${users.points} as points
    )
    ${ledgerRowFromChanged(movement, sql`${signed}`)}`);
  const raw = (result as unknown as { rows: RawLedgerRow[] }).rows[0];
  if (!raw) return null;
  const entry = ledgerRowOf(raw);
  return { balance: entry.balanceAfter, entry };
}

/**
 * The ledger row of a balance change, written in the statement that made it: `changed` is the
 * statement's CTE holding the user's new points, `amount` the signed change.
 */
function ledgerRowFromChanged(movement: Movement, amount: SQL): SQL {
  return sql`insert into ${ledgerEntries} (user_id, amount, balance_after, reason, ref_type, ref_id, actor_id, note, created_at)
    select ${movement.userId}, ${amount}, changed.points, ${movement.reason}, ${movement.refType ?? null},
      ${movement.refId ?? null}, ${movement.actorId ?? null}, ${movement.note ?? ''}, ${movement.at.toISOString()}::timestamptz
    from changed
    returning ${RETURNED}`;
}

const RETURNED = sql.raw('id, seq, user_id, amount, balance_after, reason, ref_type, ref_id, actor_id, note, created_at');

/** A ledger row as a raw statement returns it; bigint comes back as text from node-postgres. */
function ledgerRowOf(raw: RawLedgerRow): LedgerRow {
  return {
    id: raw.id,
    seq: Number(raw.seq),
    userId: raw.user_id,
    amount: Number(raw.amount),
    balanceAfter: Number(raw.balance_after),
    reason: raw.reason,
    refType: raw.ref_type,
    refId: raw.ref_id,
    actorId: raw.actor_id,
    note: raw.note,
    createdAt: new Date(raw.created_at),
  };
}

function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`ledger: bad amount ${amount}`);
}

type DebitOptions = {
  /** The refusal's text when the balance is short (spec 2 §5 words it per screen); gets the shortfall. */
  shortMessage?: (shortfall: number) => string;
};

/**
 * Takes `amount` points if the balance covers them: UPDATE ... WHERE points >= amount, checking the
 * row count. Short → 409 INSUFFICIENT_POINTS with the shortfall (the caller's transaction rolls back).
 */
export async function debit(tx: Tx, movement: Movement, options: DebitOptions = {}): Promise<MovementResult> {
  const moved = await move(tx, movement, -movement.amount, true);
  if (moved) return moved;
  const [current] = await tx.select({ points: users.points }).from(users).where(eq(users.id, movement.userId));
  if (!current) throw new AppError('NOT_FOUND', 'That user does not exist.');
  const shortfall = movement.amount - current.points;
  throw insufficientPoints(shortfall, options.shortMessage?.(shortfall));
}

/**
 * Takes what the balance covers of `amount`, at most all of it (a wager correction never leaves a
 * balance below zero): one statement locks the user row, takes least(balance, amount) and writes
 * its ledger row. Null when nothing was taken (a zero balance, or no such user).
 */
export async function debitUpTo(tx: Tx, movement: Movement): Promise<(MovementResult & { taken: number }) | null> {
  assertAmount(movement.amount);
  const result = await tx.execute(sql`
    with held as (
      select ${users.id} as id, least(${users.points}, ${movement.amount}) as take
      from ${users} where ${users.id} = ${movement.userId} and ${users.points} > 0
      for update
    ),
    changed as (
      update ${users} set points = ${users.points} - held.take
      from held where ${users.id} = held.id
      returning ${users.points} as points, held.take as take
    )
    ${ledgerRowFromChanged(movement, sql`-changed.take`)}`);
  const raw = (result as unknown as { rows: RawLedgerRow[] }).rows[0];
  if (!raw) return null;
  const entry = ledgerRowOf(raw);
  return { balance: entry.balanceAfter, entry, taken: -entry.amount };
}

/** Adds `amount` points (grants, prizes, bonuses). */
export async function credit(tx: Tx, movement: Movement): Promise<MovementResult> {
  const moved = await move(tx, movement, movement.amount, false);
  if (!moved) throw new AppError('NOT_FOUND', 'That user does not exist.');
  return moved;
}

/** Gives back points of a declined order (reason store_refund). */
export async function refund(tx: Tx, movement: Omit<Movement, 'reason'>): Promise<MovementResult> {
  return credit(tx, { ...movement, reason: 'store_refund' });
}

/**
 * One credit of creditMany: `amount` > 0 points to `userId`. `xp`, when given, is written to the
 * user's XP in the same UPDATE (the wager crediting: one write of the user row, not two).
 */
type BulkCredit = { userId: string; amount: number; refId: string | null; note: string; xp?: number };

const BULK_CHUNK = 4000;

/**
 * Credits many users at once (wager crediting of an import: tens of thousands of accounts), one
 * ledger row per credit, each UPDATE and its row in one statement as `move` does. Each user at most
 * once per call (the balance each row records must be that user's own). Users are locked in id
 * order first, so two bulk credits never wait on each other in a circle.
 */
export async function creditMany(
  tx: Tx,
  credits: BulkCredit[],
  common: { reason: LedgerReason; refType: (typeof LEDGER_REF_TYPES)[number] | null; at: Date },
): Promise<number> {
  if (new Set(credits.map((c) => c.userId)).size !== credits.length) throw new Error('ledger: creditMany takes each user once');
  for (const c of credits) assertAmount(c.amount);
  const sorted = [...credits].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  let total = 0;
  for (let i = 0; i < sorted.length; i += BULK_CHUNK) {
    const chunk = sorted.slice(i, i + BULK_CHUNK);
    // One JSON parameter a chunk (json_to_recordset), not four bound parameters a credit.
    const payload = JSON.stringify(chunk.map((c) => ({ user_id: c.userId, amount: c.amount, ref_id: c.refId, note: c.note, xp: c.xp ?? null })));
    const m = sql`json_to_recordset(${payload}::json) as m(user_id uuid, amount bigint, ref_id text, note text, xp bigint)`;
    await tx.execute(sql`select id from ${users} where id in (select m.user_id from ${m}) order by id for update`);
    const result = await tx.execute(sql`
      with m as (select * from ${m}),
      changed as (
        update ${users} set points = ${users.points} + m.amount, xp = coalesce(m.xp, ${users.xp}) from m where ${users.id} = m.user_id
        returning ${users.id} as id, ${users.points} as points
      )
      insert into ${ledgerEntries} (user_id, amount, balance_after, reason, ref_type, ref_id, actor_id, note, created_at)
      select m.user_id, m.amount, changed.points, ${common.reason}, ${common.refType}, m.ref_id, null, m.note, ${common.at.toISOString()}::timestamptz
      from m join changed on changed.id = m.user_id
      returning amount`);
    const rows = (result as unknown as { rows: { amount: string | number }[] }).rows;
    if (rows.length !== chunk.length) throw new AppError('NOT_FOUND', 'A user to credit does not exist.');
    total += rows.reduce((sum, r) => sum + Number(r.amount), 0);
  }
  return total;
}

/** A ledger reason or ref type written into a statement's text: a known word, never input. */
function literal(word: string | null): SQL {
  if (word === null) return sql.raw('null');
  if (!/^[a-z_]+$/.test(word)) throw new Error(`ledger: bad literal ${word}`);
  return sql.raw(`'${word}'`);
}

/**
 * A set-based debit for a caller's one-statement write (the raffle entry's fast path, which must stay
 * one statement and one round trip). Each expression is over the caller's `from` list; a user may
 * appear once (an UPDATE ... FROM applies one source row per target row).
 */
type SetDebit = {
  /** The UPDATE's FROM list: the caller's rows to debit (its CTEs, joined as it needs). */
  from: SQL;
  userId: SQL;
  /** Whole points > 0 per row. */
  amount: SQL;
  /** The caller's conditions on who may spend; the ledger adds its own (the balance covers the amount). */
  where: SQL;
  reason: LedgerReason;
  refType: (typeof LEDGER_REF_TYPES)[number] | null;
  refId: SQL;
  note: SQL;
  at: SQL;
  /** The caller's own columns, returned beside the ledger's (its later CTEs read them from `debited`). */
  returning: SQL;
};

/**
 * The CTEs of a set-based debit, for `with ..., ${setDebitCtes(spec)}, ...`: `debited` takes each
 * covered row's amount and returns `user_id`, `points` (the balance it left), `amount` and the
 * caller's columns; `debited_ledger` writes the ledger row of each, as `move` does for one. A row
 * whose balance does not cover it, or that fails the caller's `where`, is left out of `debited`:
 * the caller finds out by its absence.
 */
export function setDebitCtes(spec: SetDebit): SQL {
  return sql`debited as (
    update ${users} set points = ${users.points} - ${spec.amount}
    from ${spec.from}
    where ${users.id} = ${spec.userId} and ${coversSql(spec.amount)} and ${spec.where}
    returning ${users.id} as user_id, ${users.points} as points, ${spec.amount} as amount,
      ${spec.refId} as ledger_ref_id, ${spec.note} as ledger_note, ${spec.at} as ledger_at, ${spec.returning}
  ),
  debited_ledger as (
    insert into ${ledgerEntries} (user_id, amount, balance_after, reason, ref_type, ref_id, note, created_at)
    select user_id, -amount, points, ${literal(spec.reason)}, ${literal(spec.refType)}, ledger_ref_id, ledger_note, ledger_at from debited
  )`;
}

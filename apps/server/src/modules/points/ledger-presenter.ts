import type { LedgerEntry } from '@app/shared/api/points';
import type { LedgerRow } from '../../platform/ledger.ts';

/** A ledger row in the contract shape (the Points History rows, an admin grant's answer). */
export function presentLedgerEntry(row: LedgerRow): LedgerEntry {
  return {
    id: row.id,
    amount: row.amount,
    balanceAfter: row.balanceAfter,
    reason: row.reason as LedgerEntry['reason'],
    refType: row.refType as LedgerEntry['refType'],
    refId: row.refId,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}

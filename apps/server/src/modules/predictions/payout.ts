/** A stake as the payout sees it: `seq` orders stakes by their first placing (the earliest wins a tie). */
export type PayoutStake = { id: string; outcomeId: string; amount: number; seq: number };

/** What each stake is paid back and why: `payout` (winnings), `refund`, or nothing (a losing stake). */
export type Payout = { id: string; amount: number; kind: 'payout' | 'refund' | 'none' };

/**
 * The pari-mutuel payout of a resolved prediction: each winning stake gets floor(stake × pool /
 * winningPool); the points the flooring leaves go to the largest winning stake (ties: the
 * earliest). When nobody picked the winning outcome every stake is refunded. The sum paid equals
 * the pool, always. Exact in bigint: stake × pool passes 2^53 for large pools.
 */
export function pariMutuel(stakes: readonly PayoutStake[], winningOutcomeId: string): Payout[] {
  const pool = stakes.reduce((sum, s) => sum + BigInt(s.amount), 0n);
  const winners = stakes.filter((s) => s.outcomeId === winningOutcomeId);
  const winningPool = winners.reduce((sum, s) => sum + BigInt(s.amount), 0n);
  if (winningPool === 0n) return refunds(stakes);
  const paid = new Map<string, bigint>();
  let total = 0n;
  for (const s of winners) {
    const share = (BigInt(s.amount) * pool) / winningPool;
    paid.set(s.id, share);
    total += share;
  }
  const largest = [...winners].sort((a, b) => b.amount - a.amount || a.seq - b.seq)[0]!;
  paid.set(largest.id, paid.get(largest.id)! + (pool - total));
  return stakes.map((s) => {
    const amount = paid.get(s.id);
    return amount === undefined ? { id: s.id, amount: 0, kind: 'none' } : { id: s.id, amount: Number(amount), kind: 'payout' };
  });
}

/** Every stake back (a cancel, or nobody won). */
export function refunds(stakes: readonly PayoutStake[]): Payout[] {
  return stakes.map((s) => ({ id: s.id, amount: s.amount, kind: 'refund' }));
}

import { and, eq } from 'drizzle-orm';
import type { DealOrNoDealEndReason } from '@app/shared/api/deal-or-no-deal';
import { bankerOffer, openingSchedule, unopenedValues } from '@app/shared/games/deal-or-no-deal';
import { dealOrNoDealRounds, type DealOrNoDealOfferRow } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { credit } from '../../platform/ledger.ts';
import { enqueueWebhookEvent } from '../../platform/outbox.ts';
import type { RestrictionCheck } from '../../platform/restrictions.ts';
import { boardOf, sizeOf, type DealOrNoDealRow } from './round-reads.ts';

/** How a round in play ends: the offer that stands, the one conditional update that ends it and pays the prize, and a restricted contestant's end. */

/**
 * The offer that stands now: the banker's open offer; otherwise (no offer waiting: the contestant is
 * picking, opening or at the final choice) the banker's formula over the unopened cases at the share
 * of the round in progress (the last round's share at the final choice).
 */
export function currentOffer(row: DealOrNoDealRow): number {
  const size = sizeOf(row);
  const last = row.offers.at(-1);
  if (last && last.answer === null) return last.amount;
  const rounds = openingSchedule(size).length;
  return bankerOffer(unopenedValues(boardOf(row), row.opened), Math.min(row.offers.length + 1, rounds), rounds);
}

export type DealOrNoDealFinish = { outcome: 'deal' | 'keep' | 'swap'; prize: number; finalCase: number | null; auto: boolean; reason?: DealOrNoDealEndReason };

/** Ends a round in play once (status 'playing' → 'finished') and credits the prize through the ledger. */
export async function finish(
  tx: Tx,
  row: DealOrNoDealRow,
  end: DealOrNoDealFinish,
  offers: DealOrNoDealOfferRow[],
  now: Date,
): Promise<DealOrNoDealRow | null> {
  const [done] = await tx
    .update(dealOrNoDealRounds)
    .set({
      status: 'finished',
      outcome: end.outcome,
      prize: end.prize,
      finalCase: end.finalCase,
      autoDeal: end.auto,
      endReason: end.reason ?? null,
      offers,
      finishedAt: now,
      lastActionAt: now,
      updatedAt: now,
    })
    .where(and(eq(dealOrNoDealRounds.id, row.id), eq(dealOrNoDealRounds.status, 'playing')))
    .returning();
  if (!done) return null;
  if (end.prize > 0 && row.contestantId) {
    await credit(tx, {
      userId: row.contestantId,
      amount: end.prize,
      reason: 'dond_prize',
      refType: 'dond_round',
      refId: row.id,
      note: `Deal or No Deal #${row.roundNumber}`,
      at: now,
    });
  }
  const how = end.outcome === 'deal' ? 'a Deal' : end.outcome === 'swap' ? 'a swap' : 'the own case';
  await enqueueWebhookEvent(
    tx,
    'dond.finished',
    {
      roundId: row.id,
      roundNumber: row.roundNumber,
      outcome: end.outcome,
      prize: end.prize,
      summary: `Deal or No Deal #${row.roundNumber}: ${how} for ${end.prize.toLocaleString('en-US')} points`,
      link: '/games/dealornodeal',
    },
    now,
  );
  return done;
}

/** The guard's refusal when a restriction that blocks Deal or No Deal holds, else null (the check does not throw). */
export async function restrictionRefusal(tx: Tx, check: Pick<RestrictionCheck, 'assert'>): Promise<AppError | null> {
  try {
    await check.assert(tx);
    return null;
  } catch (error) {
    if (error instanceof AppError && error.code === 'RESTRICTED') return error;
    throw error;
  }
}

/**
 * A contestant restricted mid-round (a Deal or No Deal ban, a timeout, a permanent ban) plays no
 * more: the round ends as the auto-deal ends it, but with no prize, and says why (result.reason).
 */
export function endRestricted(tx: Tx, row: DealOrNoDealRow, now: Date): Promise<DealOrNoDealRow | null> {
  return finish(tx, row, { outcome: 'deal', prize: 0, finalCase: null, auto: false, reason: 'restricted' }, row.offers, now);
}

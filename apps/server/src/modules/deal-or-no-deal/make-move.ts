import { eq } from 'drizzle-orm';
import type { DealOrNoDealMove, DealOrNoDealRound } from '@app/shared/api/deal-or-no-deal';
import { bankerOffer, bankerSharePercent, dealOrNoDealStage, openingSchedule, unopenedValues } from '@app/shared/games/deal-or-no-deal';
import type { Database } from '../../db/client.ts';
import { dealOrNoDealRounds } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { restrictedTransaction, type RestrictionCheck } from '../../platform/restrictions.ts';
import { endRestricted, finish, restrictionRefusal } from './finish-round.ts';
import { announceChange, boardOf, lockRound, notFound, playOf, present, sizeOf, wrongStatus, type DealOrNoDealRow } from './round-reads.ts';

/**
 * POST /api/dealornodeal/rounds/:id/move: the contestant's act on a round in play. A contestant the
 * route's restriction check refuses ends the round with no prize (endRestricted); `refusal` is then
 * the guard's 403, for the caller to answer once the end has committed.
 */
export async function makeMove(
  db: Database,
  input: { roundId: string; userId: string; move: DealOrNoDealMove; now: Date; restriction: RestrictionCheck },
): Promise<{ round: DealOrNoDealRound; finished: boolean; refusal: AppError | null }> {
  return restrictedTransaction(db, input.restriction, async (tx) => {
    const row = await lockRound(tx, input.roundId);
    if (row.status === 'draft') throw notFound();
    if (row.status !== 'playing') throw wrongStatus('This round is not in play.');
    if (row.contestantId !== input.userId) throw new AppError('NOT_CONTESTANT', 'Only the contestant plays this round.');
    const refusal = await restrictionRefusal(tx, input.restriction);
    if (refusal) {
      const ended = (await endRestricted(tx, row, input.now))!;
      await announceChange(tx, ended);
      return { round: await present(tx, ended, { userId: input.userId, names: 'public' }), finished: true, refusal };
    }
    const size = sizeOf(row);
    const rounds = openingSchedule(size).length;
    const board = boardOf(row);
    const { stage, toOpen, round } = dealOrNoDealStage(size, playOf(row));
    const move = input.move;
    const needStage = { pick: 'pick', open: 'open', deal: 'offer', no_deal: 'offer', final: 'final' }[move.action];
    if (stage !== needStage) throw wrongStatus(`You cannot ${move.action.replace('_', ' ')} now.`);
    const base = { lastActionAt: input.now, updatedAt: input.now };
    let finished: DealOrNoDealRow | null = null;
    if (move.action === 'pick' || move.action === 'open') {
      if (move.case > size) throw new AppError('BAD_REQUEST', `This board has ${size} cases.`);
    }
    if (move.action === 'pick') {
      await tx
        .update(dealOrNoDealRounds)
        .set({ ...base, ownCase: move.case })
        .where(eq(dealOrNoDealRounds.id, row.id));
    } else if (move.action === 'open') {
      if (move.case === row.ownCase || row.opened.includes(move.case)) throw wrongStatus('That case cannot be opened.');
      const opened = [...row.opened, move.case];
      const offers = [...row.offers];
      if (toOpen === 1) {
        offers.push({
          round,
          amount: bankerOffer(unopenedValues(board, opened), round, rounds),
          sharePercent: bankerSharePercent(round, rounds),
          answer: null,
        });
      }
      await tx
        .update(dealOrNoDealRounds)
        .set({ ...base, opened, offers })
        .where(eq(dealOrNoDealRounds.id, row.id));
    } else if (move.action === 'deal' || move.action === 'no_deal') {
      const offers = row.offers.map((o, i) => (i === row.offers.length - 1 ? { ...o, answer: move.action } : o));
      if (move.action === 'deal') {
        finished = await finish(tx, row, { outcome: 'deal', prize: offers.at(-1)!.amount, finalCase: null, auto: false }, offers, input.now);
      } else {
        await tx
          .update(dealOrNoDealRounds)
          .set({ ...base, offers })
          .where(eq(dealOrNoDealRounds.id, row.id));
      }
    } else {
      const other = board.findIndex((_, i) => i + 1 !== row.ownCase && !row.opened.includes(i + 1)) + 1;
      const finalCase = move.swap ? other : row.ownCase!;
      finished = await finish(tx, row, { outcome: move.swap ? 'swap' : 'keep', prize: board[finalCase - 1]!, finalCase, auto: false }, row.offers, input.now);
    }
    const [after] = await tx.select().from(dealOrNoDealRounds).where(eq(dealOrNoDealRounds.id, row.id));
    await announceChange(tx, after!);
    return { round: await present(tx, after!, { userId: input.userId, names: 'public' }), finished: finished !== null, refusal: null };
  });
}

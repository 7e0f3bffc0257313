import { eq } from 'drizzle-orm';
import type { Giveaway } from '@app/shared/api/giveaways';
import { drawGiveawayWinners, type GiveawayRound } from '@app/shared/domain/giveaway-draw';
import type { Database } from '../../db/client.ts';
import { giveaways, giveawayWinners } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { announceGiveaway, lockedGiveaway, lockedWinner, presentOne, type WinnerRow } from './giveaway-reads.ts';
import { addWinners } from './pay-prizes.ts';

/**
 * POST /api/admin/giveaways/:id/winners/:winnerId/redraw: after the 48 hours of an unclaimed
 * winner, a new round of the same verifiable draw over every entrant who has not won yet; its first
 * id takes the same position (audited).
 */
export async function redrawWinner(
  db: Database,
  id: string,
  winnerId: string,
  actor: AuditActor,
  now: Date,
): Promise<{ giveaway: Giveaway; winner: WinnerRow }> {
  return db.transaction(async (tx) => {
    const row = await lockedGiveaway(tx, id);
    const winner = await lockedWinner(tx, id, winnerId);
    if (winner.status !== 'unclaimed') throw new AppError('GIVEAWAY_WRONG_STATUS', 'Only an unclaimed winner can be redrawn.');
    if (winner.claimBy && winner.claimBy.getTime() > now.getTime()) {
      throw new AppError('REDRAW_TOO_EARLY', `The winner has until ${winner.claimBy.toISOString()} to link their Kick account and claim.`);
    }
    const earlier = await tx.select({ entrantId: giveawayWinners.entrantId }).from(giveawayWinners).where(eq(giveawayWinners.giveawayId, id));
    const excluded = earlier.map((w) => w.entrantId);
    const result = drawGiveawayWinners(row.seed, row.entrants ?? [], 1, excluded);
    if (result.winnerIds.length === 0) throw new AppError('GIVEAWAY_WRONG_STATUS', 'Every entrant has already won: nobody is left to draw.');
    const round: GiveawayRound = { round: row.rounds.length, excluded, winners: 1, entriesDigest: result.entriesDigest, winnerIds: result.winnerIds };
    await tx.update(giveawayWinners).set({ status: 'replaced' }).where(eq(giveawayWinners.id, winner.id));
    const [updated] = await tx
      .update(giveaways)
      .set({ rounds: [...row.rounds, round] })
      .where(eq(giveaways.id, id))
      .returning();
    const [added] = await addWinners(tx, updated!, round, [winner.position], now);
    await recordAudit(tx, {
      ...actor,
      action: 'giveaway.redraw',
      targetType: 'giveaway',
      targetId: id,
      changes: {
        summary: `Giveaway #${row.giveawayNumber}: redraw of position ${winner.position}`,
        replaced: winner.entrantId,
        winner: added!.entrantId,
        round: round.round,
        excluded,
      },
      at: now,
    });
    await announceGiveaway(tx, id);
    return { giveaway: await presentOne(tx, updated!, now), winner: added! };
  });
}

import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Giveaway } from '@app/shared/api/giveaways';
import { drawGiveawayWinners, type GiveawayRound } from '@app/shared/domain/giveaway-draw';
import type { Database } from '../../db/client.ts';
import { giveaways } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { enqueueWebhookEvent } from '../../platform/outbox.ts';
import { maskUsername } from '@app/shared/api/races';
import type { GiveawayRow } from './giveaway-presenter.ts';
import { announceGiveaway, lockedGiveaway, presentOne, type WinnerRow } from './giveaway-reads.ts';
import { addWinners } from './pay-prizes.ts';

export type DrawnGiveaway = { row: GiveawayRow; winners: WinnerRow[] };

/** Draws a closed giveaway once (claimed by `drawn_at IS NULL`): reveals the seed, draws round 0, pays linked winners. */
export async function drawGiveaway(db: Database | Tx, id: string, now: Date): Promise<DrawnGiveaway | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(giveaways)
      .set({ drawnAt: now })
      .where(and(eq(giveaways.id, id), isNotNull(giveaways.closedAt), isNull(giveaways.drawnAt)))
      .returning();
    if (!row) return null;
    const result = drawGiveawayWinners(row.seed, row.entrants ?? [], row.winners);
    const round: GiveawayRound = { round: 0, excluded: [], winners: row.winners, entriesDigest: result.entriesDigest, winnerIds: result.winnerIds };
    const [drawn] = await tx
      .update(giveaways)
      .set({ rounds: [round] })
      .where(eq(giveaways.id, row.id))
      .returning();
    const winners = await addWinners(
      tx,
      drawn!,
      round,
      result.winnerIds.map((_, i) => i + 1),
      now,
    );
    await announceGiveaway(tx, row.id);
    const names = winners.map((w) => maskUsername(w.kickUsername));
    // A test giveaway is never published: no outgoing webhook.
    if (!row.isTest) {
      await enqueueWebhookEvent(
        tx,
        'giveaway.drawn',
        { giveaway: row.giveawayNumber, winners: names, summary: `Giveaway #${row.giveawayNumber}: ${names.join(', ') || 'no entries'}`, link: '/giveaways' },
        now,
      );
    }
    return { row: drawn!, winners };
  });
}

/** POST /api/admin/giveaways/:id/draw: draws a closed giveaway now (the job does it too), once (audited). */
export async function drawGiveawayNow(db: Database, id: string, actor: AuditActor, now: Date): Promise<{ giveaway: Giveaway; drawn: DrawnGiveaway }> {
  return db.transaction(async (tx) => {
    const current = await lockedGiveaway(tx, id);
    if (!current.closedAt) throw new AppError('GIVEAWAY_WRONG_STATUS', 'Close the giveaway before drawing it.');
    if (current.drawnAt) throw new AppError('GIVEAWAY_WRONG_STATUS', 'This giveaway was already drawn.');
    const drawn = (await drawGiveaway(tx, id, now))!;
    await recordAudit(tx, {
      ...actor,
      action: 'giveaway.draw',
      targetType: 'giveaway',
      targetId: id,
      changes: { summary: `Giveaway #${drawn.row.giveawayNumber} drawn`, winnerIds: drawn.winners.map((w) => w.entrantId), seed: drawn.row.seed },
      at: now,
    });
    return { giveaway: await presentOne(tx, drawn.row, now), drawn };
  });
}

import { randomBytes } from 'node:crypto';
import type { Giveaway, GiveawayInputSchema } from '@app/shared/api/giveaways';
import { sha256Hex } from '@app/shared/fairness/engine';
import type { Database } from '../../db/client.ts';
import { giveaways, streamConnection, twitchConnection } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { isUniqueViolation } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { presentGiveaways } from './giveaway-presenter.ts';
import { announceGiveaway } from './giveaway-reads.ts';

type GiveawayValues = ReturnType<(typeof GiveawayInputSchema)['parse']>;

/** A fresh commitment: 32 random bytes as hex, and the SHA-256 of that text (as raffles do). */
function newSeed(): { seed: string; seedHash: string } {
  const seed = randomBytes(32).toString('hex');
  return { seed, seedHash: sha256Hex(seed) };
}

/** Whether a channel's chat is connected on any platform (its entries come from there). */
async function isChatConnected(tx: Tx): Promise<boolean> {
  const [kick] = await tx.select({ id: streamConnection.id }).from(streamConnection).limit(1);
  if (kick) return true;
  const [twitch] = await tx.select({ id: twitchConnection.id }).from(twitchConnection).limit(1);
  return twitch !== undefined;
}

/**
 * POST /api/admin/giveaways: starts taking entries now; the seed's hash is published (audited). A
 * chat giveaway needs a connected chat (nobody could enter one otherwise), except a test giveaway,
 * which only the Test chat's viewers enter and which is never published.
 */
export async function startGiveaway(db: Database, input: GiveawayValues, actor: AuditActor, now: Date): Promise<Giveaway> {
  if (input.test && input.prizePoints !== null) {
    throw new AppError('VALIDATION_ERROR', 'A test giveaway has no points prize: its entrants are test viewers.');
  }
  try {
    return await db.transaction(async (tx) => {
      if (!input.test && !(await isChatConnected(tx))) {
        throw new AppError(
          'NO_CHAT_CONNECTED',
          'No chat is connected, so nobody could enter: connect the Kick (or Twitch) channel first, or start a test giveaway from the Test chat.',
        );
      }
      const [row] = await tx
        .insert(giveaways)
        .values({
          prize: input.prize,
          prizePoints: input.prizePoints,
          keyword: input.keyword,
          winners: input.winners,
          entryMode: input.entryMode,
          subscriberLuck: input.subscriberLuck,
          isTest: input.test,
          opensAt: now,
          closesAt: new Date(now.getTime() + input.durationSeconds * 1000),
          ...newSeed(),
          createdBy: actor.actorId,
          createdAt: now,
        })
        .returning();
      await recordAudit(tx, {
        ...actor,
        action: 'giveaway.start',
        targetType: 'giveaway',
        targetId: row!.id,
        changes: { summary: `${input.test ? 'Test giveaway' : 'Giveaway'} #${row!.giveawayNumber}: ${row!.prize}`, ...input, seedHash: row!.seedHash },
        at: now,
      });
      await announceGiveaway(tx, row!.id);
      return (await presentGiveaways(tx, [row!], 'admin', now))[0]!;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'giveaways_one_open_idx')) {
      throw new AppError('GIVEAWAY_WRONG_STATUS', 'A giveaway is already taking entries: close it first.');
    }
    throw error;
  }
}

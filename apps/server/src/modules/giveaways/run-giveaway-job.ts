import { and, isNotNull, isNull, lte, not, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { giveaways } from '../../db/schema.ts';
import { chatPendingBeforeSql } from '../chat/index.ts';
import { closeGiveaway } from './close-giveaway.ts';
import { drawGiveaway, type DrawnGiveaway } from './draw-giveaway.ts';
import type { GiveawayRow } from './giveaway-presenter.ts';
import { claimLinkedWinners } from './pay-prizes.ts';

export type GiveawayJobOutcome = { closed: GiveawayRow[]; drawn: DrawnGiveaway[]; claimed: number };

const CLOSE_GRACE_MS = 30_000;

/**
 * The job: closes every giveaway whose time is up, draws every closed one not drawn yet, and pays
 * unclaimed winners who have linked their Kick account since (automatic claim). Each step is claimed
 * by a conditional update, so two servers running it at once do each thing once.
 */
export async function runGiveawayJob(db: Database, now: Date): Promise<GiveawayJobOutcome> {
  const closed: GiveawayRow[] = [];
  // A giveaway closes once its time is up and the chat the webhook received before then has been
  // handled (a keyword received in time counts, however late the events job runs), or at the
  // latest CLOSE_GRACE_MS later (an event that keeps failing cannot hold the close).
  const due = await db
    .select({ id: giveaways.id })
    .from(giveaways)
    .where(
      and(
        isNull(giveaways.closedAt),
        lte(giveaways.closesAt, now),
        or(lte(giveaways.closesAt, new Date(now.getTime() - CLOSE_GRACE_MS)), not(chatPendingBeforeSql(giveaways.closesAt))),
      ),
    );
  for (const { id } of due) {
    const row = await closeGiveaway(db, id, now);
    if (row) closed.push(row);
  }
  const drawn: DrawnGiveaway[] = [];
  const undrawn = await db
    .select({ id: giveaways.id })
    .from(giveaways)
    .where(and(isNotNull(giveaways.closedAt), isNull(giveaways.drawnAt)));
  for (const { id } of undrawn) {
    const outcome = await drawGiveaway(db, id, now);
    if (outcome) drawn.push(outcome);
  }
  return { closed, drawn, claimed: await claimLinkedWinners(db, now) };
}

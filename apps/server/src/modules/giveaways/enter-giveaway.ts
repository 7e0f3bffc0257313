import { giveawayEntries } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { mayTakePart } from '../../platform/own-account.ts';
import { viewerAccountOf } from '../chat/index.ts';
import { announceEntry, openGiveaway } from './giveaway-reads.ts';

/** The entrant id of an unlinked Kick viewer in the published list. */
export const kickEntrantId = (kickUserId: string) => `KICK-${kickUserId}`;

/** The keyword as compared: lower case; a message enters when its first word is the keyword. */
export function keywordMatches(keyword: string, content: string): boolean {
  const first = content.trim().split(/\s+/, 1)[0] ?? '';
  return first.toLowerCase() === keyword.toLowerCase();
}

/**
 * A chat message with the keyword, in the chat event's transaction: one entry per Kick account (the
 * primary key; a repeat or a message arriving at the same moment inserts nothing). Returns whether
 * the message was an entry attempt (the hook then stops it from reaching the commands).
 */
export async function enterFromChat(
  tx: Tx,
  input: { kickUserId: string; username: string; isSubscriber: boolean; content: string; at: Date },
): Promise<boolean> {
  const seen = await openGiveaway(tx, input.at);
  if (!seen || !keywordMatches(seen.keyword, input.content)) return false;
  // Only a keyword message takes the share lock; a close that committed meanwhile leaves nothing open.
  const giveaway = await openGiveaway(tx, input.at, true);
  if (!giveaway) return true;
  const linked = await viewerAccountOf(tx, 'kick', input.kickUserId);
  if (giveaway.entryMode === 'linked' && !linked) return true;
  // Admins run the giveaways: a Kick account linked to one does not enter, and the bot says nothing.
  if (linked && !(await mayTakePart(tx, linked.id, input.at))) return true;
  const inserted = await tx
    .insert(giveawayEntries)
    .values({ giveawayId: giveaway.id, kickUserId: input.kickUserId, kickUsername: input.username, isSubscriber: input.isSubscriber, createdAt: input.at })
    .onConflictDoNothing()
    .returning({ giveawayId: giveawayEntries.giveawayId });
  if (inserted.length > 0) await announceEntry(tx);
  return true;
}

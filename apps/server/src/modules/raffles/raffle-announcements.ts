import { and, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import { maskUsername } from '@app/shared/api/races';
import type { Database } from '../../db/client.ts';
import { raffles, users } from '../../db/schema.ts';

/** An opening or a draw older than this is marked without a chat message (a server that was down, old seed data). */
const STALE_MS = 60 * 60_000;

export type RaffleAnnouncement = { raffleId: string; content: string };

/**
 * The bot's raffle announcements (the 'giveaway' switch, checked when sent): a raffle whose start
 * has passed, and a raffle drawn, each once. The claim is a conditional update of the raffle's
 * *_announced_at, so with two servers one announces. The winners are masked like the public boards
 * (unless the member shows their name).
 */
export async function dueRaffleAnnouncements(db: Database, appOrigin: string, now: Date): Promise<RaffleAnnouncement[]> {
  const out: RaffleAnnouncement[] = [];
  const opened = await db
    .update(raffles)
    .set({ openAnnouncedAt: now })
    .where(and(isNull(raffles.openAnnouncedAt), lte(raffles.startDate, now)))
    .returning({
      id: raffles.id,
      title: raffles.title,
      prize: raffles.prize,
      startDate: raffles.startDate,
      endDate: raffles.endDate,
      pointsCost: raffles.pointsCost,
    });
  for (const r of opened) {
    if (now.getTime() - r.startDate.getTime() > STALE_MS || r.endDate.getTime() <= now.getTime()) continue;
    const cost = r.pointsCost > 0 ? `${r.pointsCost.toLocaleString('en-US')} pts to enter` : 'free to enter';
    out.push({ raffleId: r.id, content: `New raffle open: ${r.title} (${r.prize}), ${cost}. Enter at ${appOrigin}/raffles` });
  }
  const drawn = await db
    .update(raffles)
    .set({ drawAnnouncedAt: now })
    .where(and(isNull(raffles.drawAnnouncedAt), isNotNull(raffles.drawnAt)))
    .returning({ id: raffles.id, title: raffles.title, drawnAt: raffles.drawnAt, winnerUids: raffles.winnerUids });
  const uids = [...new Set(drawn.flatMap((r) => r.winnerUids ?? []))];
  const names = uids.length
    ? new Map(
        (await db.select({ uid: users.uid, username: users.username, show: users.showOnLeaderboard }).from(users).where(inArray(users.uid, uids))).map((u) => [
          u.uid,
          u.show ? u.username : maskUsername(u.username),
        ]),
      )
    : new Map<string, string>();
  for (const r of drawn) {
    if (now.getTime() - r.drawnAt!.getTime() > STALE_MS) continue;
    const winners = (r.winnerUids ?? []).map((uid) => names.get(uid) ?? 'a former member');
    const who = winners.length ? `Winner${winners.length === 1 ? '' : 's'}: ${winners.join(', ')}` : 'Nobody entered';
    out.push({ raffleId: r.id, content: `Raffle drawn: ${r.title}. ${who}. Verify the draw at ${appOrigin}/raffles` });
  }
  return out;
}

import type { StreamTimer, StreamTimerInput } from '@app/shared/api/stream-studio';
import { and, asc, count, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { streamConnection, streamEvents, streamTimers } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';

/**
 * The bot's timers: a message posted every interval while the channel is live, the first one an
 * interval after the stream went live or the timer was saved, and only when at least min_chat_lines
 * chat messages came since (a quiet chat is not spammed). The job (jobs.ts) claims each due post with
 * a conditional update, so with several servers one posts it; the post goes through the bot's paced
 * queue with the other bot messages.
 */

type TimerRow = typeof streamTimers.$inferSelect;

function presentTimer(row: TimerRow): StreamTimer {
  return {
    id: row.id,
    name: row.name,
    message: row.message,
    intervalMinutes: row.intervalMinutes,
    minChatLines: row.minChatLines,
    enabled: row.enabled,
    lastPostedAt: row.lastPostedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listTimers(db: Database): Promise<{ timers: StreamTimer[] }> {
  const rows = await db.select().from(streamTimers).orderBy(asc(streamTimers.name), asc(streamTimers.createdAt));
  return { timers: rows.map(presentTimer) };
}

const notFound = () => new AppError('NOT_FOUND', 'That timer does not exist.');

/** POST (id null) or PUT /api/admin/stream/timers: saved and audited; saving restarts its interval. */
export async function saveTimer(db: Database, id: string | null, input: StreamTimerInput, actor: AuditActor, now: Date): Promise<{ timer: StreamTimer }> {
  return db.transaction(async (tx) => {
    const [row] = id
      ? await tx
          .update(streamTimers)
          .set({ ...input, updatedAt: now })
          .where(eq(streamTimers.id, id))
          .returning()
      : await tx
          .insert(streamTimers)
          .values({ ...input, createdAt: now, updatedAt: now })
          .returning();
    if (!row) throw notFound();
    await recordAudit(tx, {
      ...actor,
      action: id ? 'stream_timer.update' : 'stream_timer.create',
      targetType: 'stream_timer',
      targetId: row.id,
      changes: { summary: row.name, ...input },
      at: now,
    });
    return { timer: presentTimer(row) };
  });
}

export async function deleteTimer(db: Database, id: string, actor: AuditActor, now: Date): Promise<{ ok: true }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(streamTimers).where(eq(streamTimers.id, id)).returning();
    if (!row) throw notFound();
    await recordAudit(tx, { ...actor, action: 'stream_timer.delete', targetType: 'stream_timer', targetId: id, changes: { summary: row.name }, at: now });
    return { ok: true as const };
  });
}

const latest = (...dates: (Date | null)[]) => new Date(Math.max(...dates.map((d) => d?.getTime() ?? 0)));

/**
 * The job's work: each enabled timer whose interval has passed (counted from the latest of its save,
 * the stream going live and its last post) and whose chat has had enough lines since then is claimed
 * (last_posted_at set, only if no other server did it first) and its message handed to `say`.
 * Nothing while the channel is offline or not connected. Returns how many were posted.
 */
export async function postDueTimers(db: Database, now: Date, say: (message: string) => void): Promise<number> {
  const [channel] = await db.select({ isLive: streamConnection.isLive, liveSince: streamConnection.liveSince }).from(streamConnection);
  if (!channel?.isLive) return 0;
  const timers = await db.select().from(streamTimers).where(eq(streamTimers.enabled, true)).orderBy(asc(streamTimers.createdAt));
  let posted = 0;
  for (const timer of timers) {
    const from = latest(timer.updatedAt, channel.liveSince, timer.lastPostedAt);
    if (now.getTime() < from.getTime() + timer.intervalMinutes * 60_000) continue;
    if (timer.minChatLines > 0) {
      // The chat messages the webhook stored since (processed ones are kept a day; an interval is at most two hours).
      const [lines] = await db
        .select({ n: count() })
        .from(streamEvents)
        .where(and(eq(streamEvents.type, 'chat.message.sent'), gt(streamEvents.receivedAt, from)));
      if ((lines?.n ?? 0) < timer.minChatLines) continue;
    }
    const claimed = await db
      .update(streamTimers)
      .set({ lastPostedAt: now })
      .where(
        and(
          eq(streamTimers.id, timer.id),
          eq(streamTimers.enabled, true),
          timer.lastPostedAt ? eq(streamTimers.lastPostedAt, timer.lastPostedAt) : isNull(streamTimers.lastPostedAt),
          // Not saved again meanwhile (a save restarts the interval).
          eq(streamTimers.updatedAt, timer.updatedAt),
        ),
      )
      .returning({ id: streamTimers.id });
    if (claimed.length === 0) continue;
    say(timer.message);
    posted += 1;
  }
  return posted;
}

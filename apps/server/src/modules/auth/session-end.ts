import { and, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { authSessions, refreshTokens } from '../../db/schema.ts';
import { publishEvent, type StreamsEndData } from '../../platform/event-bus.ts';

/** Session ids per `streams_end` event: a NOTIFY payload must stay under PostgreSQL's 8000 bytes. */
const SESSIONS_PER_EVENT = 100;

export type EndedSession = { id: string; userId: string };

/**
 * The one place sessions end: logout, "end this session", "sign out everywhere", a password reset
 * and a refresh-token reuse alarm all come here. In one transaction (a savepoint inside the caller's)
 * the live sessions matching `where` get ended_at, their refresh families are revoked, and
 * `streams_end` names them, so every server closes the event streams those sessions opened when,
 * and only if, the end commits. The sessions ended now; those already ended are left alone.
 */
export async function endSessionsWhere(db: Database, where: SQL | undefined, now: Date): Promise<EndedSession[]> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(authSessions)
      .set({ endedAt: now })
      .where(and(where, isNull(authSessions.endedAt)))
      .returning({ id: authSessions.id, userId: authSessions.userId });
    if (ended.length === 0) return ended;
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(
        and(
          inArray(
            refreshTokens.familyId,
            ended.map((s) => s.id),
          ),
          isNull(refreshTokens.revokedAt),
        ),
      );
    const byUser = new Map<string, string[]>();
    for (const session of ended) byUser.set(session.userId, [...(byUser.get(session.userId) ?? []), session.id]);
    for (const [userId, ids] of byUser) {
      for (let from = 0; from < ids.length; from += SESSIONS_PER_EVENT) {
        const data: StreamsEndData = { sessionIds: ids.slice(from, from + SESSIONS_PER_EVENT) };
        await publishEvent(tx, { name: 'streams_end', userId, data });
      }
    }
    return ended;
  });
}

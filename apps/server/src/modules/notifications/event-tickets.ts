import { lt, sql } from 'drizzle-orm';
import { EVENT_TICKET_TTL_SECONDS } from '@app/shared/api/notifications';
import type { Database } from '../../db/client.ts';
import { eventTickets } from '../../db/schema.ts';
import { randomToken, sha256Hex } from '../auth/index.ts';

/**
 * The tickets of GET /api/events (EventSource cannot send the Authorization header): 256 random
 * bits, of which the database keeps only the SHA-256, with the session that asked, its member and
 * its end. A ticket opens one stream: it is taken by a DELETE ... RETURNING, so of two requests
 * (on one server or two) only one gets it; and it is refused once its session has ended. A used
 * ticket is gone at once; the job notifications.purge-event-tickets deletes the unused ones after
 * they expired.
 */

const TICKET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * POST /api/events/ticket's limits. The web client asks one ticket per (re)connection: a page that
 * adds or drops a live topic, a dropped connection; a member's few tabs stay far below 20 a minute.
 * Per address a little more, for members behind one address.
 */
export const EVENT_TICKET_LIMITS = {
  perMember: { max: 20, timeWindow: 60_000 },
  perAddress: { max: 60, timeWindow: 60_000 },
} as const;

export type TicketHolder = { userId: string; sessionId: string };

/** POST /api/events/ticket: a new ticket of the caller's session, good for EVENT_TICKET_TTL_SECONDS. */
export async function issueEventTicket(db: Database, holder: TicketHolder, now: Date): Promise<string> {
  const ticket = randomToken();
  await db.insert(eventTickets).values({
    ticketHash: sha256Hex(ticket),
    sessionId: holder.sessionId,
    userId: holder.userId,
    expiresAt: new Date(now.getTime() + EVENT_TICKET_TTL_SECONDS * 1000),
  });
  return ticket;
}

/**
 * Takes a ticket, once, in one statement: the row is deleted whatever it holds, and its member and
 * session are answered only when it had not expired, the session is live and the account is not
 * banned. Null otherwise (unknown, used, expired, ended session, banned member).
 */
export async function takeEventTicket(db: Database, ticket: string, now: Date): Promise<TicketHolder | null> {
  if (!TICKET_PATTERN.test(ticket)) return null;
  const result = await db.execute(sql`
    with taken as (
      delete from event_tickets where ticket_hash = ${sha256Hex(ticket)}
      returning user_id, session_id, expires_at
    )
    select taken.user_id::text as "userId", taken.session_id::text as "sessionId"
    from taken
    join auth_sessions s on s.id = taken.session_id and s.user_id = taken.user_id and s.ended_at is null
    join users u on u.id = taken.user_id and u.banned_at is null
    where taken.expires_at > ${now.toISOString()}::timestamptz`);
  const [row] = (result as unknown as { rows: TicketHolder[] }).rows;
  return row ?? null;
}

/** The job: deletes the tickets that expired unused (idempotent, so every server may run it). */
export async function purgeExpiredEventTickets(db: Database, now: Date): Promise<number> {
  const purged = await db.delete(eventTickets).where(lt(eventTickets.expiresAt, now)).returning({ hash: eventTickets.ticketHash });
  return purged.length;
}

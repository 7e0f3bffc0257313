import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';
import type { Tx } from '../db/tx.ts';

/**
 * The audit writer (ARCHITECTURE: every admin write is audited). Every admin act is exactly one row
 * (actor, action, target, what changed, IP, user agent, time), written by the service that does the
 * act, inside the act's transaction: both happen, or neither. The one way to write it:
 *
 *   handler:  service(app.db, input, auditActor(request), app.clock.now())
 *   service:  await recordAudit(tx, { ...actor, action, targetType, targetId, changes, at: now })
 *
 * Reading the log (Latest Activity, a user's Activity tab) is the admin module's (admin/audit-log.ts).
 */

/** Who acted and from where: taken from the request by the handler, handed to the service. */
export type AuditActor = { actorId: string | null; ip: string | null; userAgent: string | null };

export type AuditInput = Partial<AuditActor> & {
  /** '<target>.<verb>', e.g. 'leaderboard.create', 'restriction.apply', 'order.decline'. */
  action: string;
  targetType: string;
  targetId: string | null;
  /** What changed (new values, or before/after); `summary` is shown as the activity's details. */
  changes?: Record<string, unknown> | null;
  /** The injected clock's now (app.clock), the row's time. */
  at: Date;
};

/** Writes one audit row, in the caller's transaction. */
export async function recordAudit(tx: Database | Tx, input: AuditInput): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: input.actorId ?? null,
    action: input.action,
    targetType: input.targetType,
    targetId: input.targetId,
    changes: input.changes ?? null,
    ip: input.ip ?? null,
    userAgent: input.userAgent?.slice(0, 500) ?? null,
    createdAt: input.at,
  });
}

/** The actor, IP and user agent of an admin request, for the service's recordAudit. */
export function auditActor(request: FastifyRequest): AuditActor {
  return { actorId: request.userId ?? null, ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/** The fields whose values differ between two snapshots, as { field: { from, to } } (Dates as ISO text). */
export function diffChanges(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, { from: unknown; to: unknown }> {
  const norm = (v: unknown) => (v instanceof Date ? v.toISOString() : v);
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after)) {
    const from = norm(before[key]);
    const to = norm(after[key]);
    if (JSON.stringify(from) !== JSON.stringify(to)) out[key] = { from, to };
  }
  return out;
}

import { RESTRICTION_LABELS, type Restriction, type RestrictionKind } from '@app/shared/api/admin-users';
import type { Database } from '../../db/client.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../platform/audit.ts';
import { publishEvent } from '../../platform/event-bus.ts';
import { notify } from '../notifications/index.ts';
import { restrictionAppliedText, restrictionRemovedText } from '../notifications/index.ts';
import type { ActingAdmin } from './acting-admin.ts';
import { applyRestriction, presentRestriction, revokeRestriction } from '../../platform/restrictions.ts';
import { findUserOr404 } from './users-service.ts';

/** An admin restricts a user or lifts a restriction (spec 2 §3, §4), audited in the same transaction. */

/**
 * POST /api/admin/users/:id/restrictions, in the caller's transaction (the Idempotency-Key's): an
 * admin cannot restrict themself or another admin; a permanent ban also ends the user's sessions
 * and, on every server, their open event streams.
 */
export async function restrictUser(
  tx: Tx,
  userId: string,
  input: { kind: RestrictionKind; days?: number | null | undefined; reason: string },
  actor: ActingAdmin,
  now: Date,
): Promise<Restriction> {
  const target = await findUserOr404(tx, userId);
  if (target.id === actor.actorId) throw new AppError('CANNOT_RESTRICT_ADMIN', 'You cannot restrict yourself.');
  if (target.isAdmin) throw new AppError('CANNOT_RESTRICT_ADMIN', 'An admin cannot be restricted.');
  const days = input.days ?? null;
  const row = await applyRestriction(tx, { userId: target.id, actorId: actor.actorId, kind: input.kind, days, reason: input.reason, now });
  await recordAudit(tx, {
    ...actor,
    action: 'restriction.apply',
    targetType: 'user',
    targetId: target.id,
    changes: {
      summary: `${RESTRICTION_LABELS[input.kind]}${days ? ` for ${days} days` : ''} to ${target.username}`,
      restrictionId: row.id,
      kind: row.kind,
      days,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      reason: row.reason,
    },
    at: now,
  });
  await notify(tx, { ...restrictionAppliedText(RESTRICTION_LABELS[input.kind], days), userId: target.id, at: now, data: { restrictionId: row.id } });
  // After the notification (events arrive in order), so an open page hears why before its stream ends.
  if (row.kind === 'ban_permanent') await publishEvent(tx, { name: 'streams_end', userId: target.id, data: null });
  return presentRestriction(row, now, { id: actor.actorId, username: actor.username });
}

/** DELETE /api/admin/users/:id/restrictions/:rid: lifting a permanent ban lets the user sign in again. */
export async function liftRestriction(db: Database, userId: string, restrictionId: string, actor: ActingAdmin, now: Date): Promise<Restriction> {
  return db.transaction(async (tx) => {
    const target = await findUserOr404(tx, userId);
    const row = await revokeRestriction(tx, { userId: target.id, restrictionId, actorId: actor.actorId, now });
    await recordAudit(tx, {
      ...actor,
      action: 'restriction.remove',
      targetType: 'user',
      targetId: target.id,
      changes: {
        summary: `${RESTRICTION_LABELS[row.kind as RestrictionKind]} removed from ${target.username}`,
        restrictionId: row.id,
        kind: row.kind,
      },
      at: now,
    });
    await notify(tx, {
      ...restrictionRemovedText(RESTRICTION_LABELS[row.kind as RestrictionKind]),
      userId: target.id,
      at: now,
      data: { restrictionId: row.id },
    });
    return presentRestriction(row, now, null);
  });
}

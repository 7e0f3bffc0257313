import type { FastifyRequest } from 'fastify';
import { auditActor, type AuditActor } from '../../platform/audit.ts';

/** The signed-in admin doing an act: the audit's actor, plus the name an answer shows as its creator. */
export type ActingAdmin = AuditActor & { actorId: string; username: string };

/** The acting admin of a request that passed requireAdmin (so a user is loaded). */
export function actingAdmin(request: FastifyRequest): ActingAdmin {
  return { ...auditActor(request), actorId: request.userId!, username: request.currentUser!.username };
}

import type { ActivityType, AuditEntry, AuditPage } from '@app/shared/api/admin';
import { and, count, desc, eq, like, notLike, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema.ts';
import { PREFIXES_OF_TYPE, presentAudit } from './audit-presenter.ts';

/** Reading the audit log (spec 2 §2 Latest Activity); platform/audit.ts writes it. */

/** GET /api/admin/activity: newest first, optionally one activity type. */
export async function listAudit(db: Database, query: { type?: ActivityType; page: number; pageSize: number }): Promise<AuditPage> {
  const prefixes = query.type ? (PREFIXES_OF_TYPE[query.type] ?? []) : null;
  const where = prefixes === null ? undefined : prefixes.length === 0 ? sql`false` : or(...prefixes.map((p) => like(auditLog.action, `${p}.%`)));
  return auditPage(db, where, query.page, query.pageSize);
}

/**
 * Audit rows whose target is one user (restrictions, grants; the user's Activity tab), newest first;
 * `only` keeps restriction rows or the other admin rows.
 */
export async function auditRowsForUser(
  db: Database,
  userId: string,
  limit: number,
  only: 'restriction' | 'admin' | null,
): Promise<{ items: AuditEntry[]; total: number }> {
  const kind = only === 'restriction' ? like(auditLog.action, 'restriction.%') : only === 'admin' ? notLike(auditLog.action, 'restriction.%') : undefined;
  const where = and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId), kind);
  const page = await auditPage(db, where, 1, limit);
  return { items: page.items, total: page.total };
}

async function auditPage(db: Database, where: SQL | undefined, page: number, pageSize: number): Promise<AuditPage> {
  const rows = await db
    .select({ row: auditLog, actorName: users.username })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.seq))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  return {
    items: rows.map((r) => presentAudit({ ...r.row, actorName: r.actorName })),
    page,
    pageSize,
    total: Number(total?.n ?? 0),
  };
}

import type { ActivityType, AuditEntry, AuditPage } from '@app/shared/api/admin';
import { and, count, desc, eq, like, notLike, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema.ts';
import { PREFIXES_OF_TYPE, presentAudit, type AuditTargetName } from './audit-presenter.ts';

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
  const names = await auditTargetNames(
    db,
    rows.map((r) => r.row),
  );
  return {
    items: rows.map((r) => presentAudit({ ...r.row, actorName: r.actorName }, names.get(`${r.row.targetType}:${r.row.targetId}`))),
    page,
    pageSize,
    total: Number(total?.n ?? 0),
  };
}

/**
 * How each target type's name is read: its table and the name (a username, a title), with the
 * currency for the targets whose summaries carry money. Ids are compared as text (a level reward's
 * id is its level). A deleted target has no name: the page shows its type alone.
 */
const TARGET_NAMES: Record<string, { table: string; name: string; currency?: string }> = {
  user: { table: 'users', name: 'username' },
  affiliate: { table: 'affiliates', name: 'name' },
  api_token: { table: 'api_tokens', name: 'name' },
  bonus_hunt: { table: 'bonus_hunts', name: 'title', currency: 'currency' },
  challenge: { table: 'challenges', name: 'title' },
  dond_round: { table: 'dond_rounds', name: `'Round #' || round_number` },
  giveaway: { table: 'giveaways', name: 'prize' },
  leaderboard: { table: 'leaderboards', name: 'name' },
  level_reward: { table: 'level_rewards', name: `'Level ' || level || ': ' || title` },
  order: { table: 'orders', name: 'reward_name' },
  prediction: { table: 'predictions', name: 'title' },
  raffle: { table: 'raffles', name: 'title' },
  reward: { table: 'rewards', name: 'name' },
  slot: { table: 'slots', name: 'name' },
  stream_command: { table: 'stream_commands', name: `'!' || name` },
  webhook: { table: 'webhooks', name: 'url' },
};
const ID_KEY: Record<string, string> = { level_reward: 'level' };

/** The names of a page's targets, keyed `type:id`: one query per target type on the page. */
async function auditTargetNames(db: Database, rows: { targetType: string; targetId: string | null }[]): Promise<Map<string, AuditTargetName>> {
  const idsOfType = new Map<string, Set<string>>();
  for (const r of rows) {
    if (r.targetId && TARGET_NAMES[r.targetType]) (idsOfType.get(r.targetType) ?? idsOfType.set(r.targetType, new Set()).get(r.targetType)!).add(r.targetId);
  }
  const names = new Map<string, AuditTargetName>();
  for (const [type, ids] of idsOfType) {
    const source = TARGET_NAMES[type]!;
    const result = await db.execute(
      sql`select ${sql.raw(ID_KEY[type] ?? 'id')}::text as id, (${sql.raw(source.name)})::text as name, ${sql.raw(source.currency ?? 'null')}::text as currency
        from ${sql.raw(source.table)} where ${sql.raw(ID_KEY[type] ?? 'id')}::text in (${sql.join(
          [...ids].map((id) => sql`${id}`),
          sql`, `,
        )})`,
    );
    for (const r of (result as unknown as { rows: { id: string; name: string | null; currency: string | null }[] }).rows) {
      if (r.name !== null) names.set(`${type}:${r.id}`, { name: r.name, currency: r.currency });
    }
  }
  return names;
}

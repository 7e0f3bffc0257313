import type { ActivityType, AuditEntry, AuditPage } from '@app/shared/api/admin';
import { and, count, desc, eq, like, notLike, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';

/**
 * The audit log (issue 10): every admin write is exactly one row (actor, action, target, what changed,
 * IP, user agent, time), written in the same transaction as the write when there is one.
 */

export type AuditInput = {
  actorId: string | null;
  /** '<target>.<verb>', e.g. 'leaderboard.create', 'restriction.apply', 'order.decline'. */
  action: string;
  targetType: string;
  targetId: string | null;
  /** What changed (new values, or before/after); `summary` is shown as the activity's details. */
  changes?: Record<string, unknown> | null;
  ip?: string | null;
  userAgent?: string | null;
  at?: Date;
};

/** Writes one audit row; works on the database or inside a transaction handle. */
export async function recordAudit(db: Database | Tx, input: AuditInput): Promise<void> {
  await db.insert(auditLog).values({
    actorId: input.actorId,
    action: input.action,
    targetType: input.targetType,
    targetId: input.targetId,
    changes: input.changes ?? null,
    ip: input.ip ?? null,
    userAgent: input.userAgent?.slice(0, 500) ?? null,
    ...(input.at ? { createdAt: input.at } : {}),
  });
}

/** The actor, IP and user agent of an admin request, for recordAudit. */
export function auditContext(request: FastifyRequest): { actorId: string | null; ip: string; userAgent: string | null } {
  return { actorId: request.userId ?? null, ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/**
 * Which Latest Activity filter an action belongs to, by the action's prefix (spec 2 §2: Raffles,
 * Challenges, Users, Points, Levels; the other admin writes show under All Activities).
 */
const TYPE_OF_PREFIX: Record<string, ActivityType> = {
  raffle: 'raffle',
  user: 'user',
  restriction: 'user',
  points: 'points',
  leaderboard: 'race',
  affiliate: 'affiliate',
  payout: 'affiliate',
  order: 'store',
  reward: 'store',
  bot_feature: 'settings',
  casino_account: 'user',
  wagers: 'points',
  level_reward: 'level',
};

const PREFIXES_OF_TYPE = Object.entries(TYPE_OF_PREFIX).reduce<Record<string, string[]>>((acc, [prefix, type]) => {
  (acc[type] ??= []).push(prefix);
  return acc;
}, {});

const TITLES: Record<string, string> = {
  'leaderboard.create': 'Leaderboard created',
  'leaderboard.update': 'Leaderboard updated',
  'leaderboard.delete': 'Leaderboard deleted',
  'leaderboard.complete': 'Leaderboard completed',
  'affiliate.create': 'Affiliate added',
  'affiliate.update': 'Affiliate updated',
  'affiliate.delete': 'Affiliate deleted',
  'payout.create': 'Payout processed',
  'restriction.apply': 'Restriction applied',
  'restriction.remove': 'Restriction removed',
  'points.grant': 'Points granted',
  'points.revoke': 'Points revoked',
  'order.approve': 'Order approved',
  'order.decline': 'Order declined',
  'reward.create': 'Store item created',
  'reward.update': 'Store item updated',
  'reward.delete': 'Store item deleted',
  'raffle.create': 'Raffle created',
  'raffle.update': 'Raffle updated',
  'raffle.delete': 'Raffle deleted',
  'raffle.draw': 'Raffle drawn',
  'bot_feature.update': 'Bot feature switched',
  'casino_account.verify': 'Casino account verified',
  'casino_account.reject': 'Casino account rejected',
  'wagers.import': 'Wagers imported',
  'level_reward.update': 'Level reward set',
  'level_reward.delete': 'Level reward removed',
};

type AuditRow = typeof auditLog.$inferSelect & { actorName: string | null };

function presentAudit(row: AuditRow): AuditEntry {
  const summary = row.changes && typeof row.changes.summary === 'string' ? row.changes.summary : '';
  return {
    id: row.id,
    type: TYPE_OF_PREFIX[row.action.split('.')[0]!] ?? 'settings',
    title: TITLES[row.action] ?? row.action,
    details: summary,
    time: row.createdAt.toISOString(),
    action: row.action,
    actor: row.actorId && row.actorName ? { id: row.actorId, username: row.actorName } : null,
    targetType: row.targetType,
    targetId: row.targetId,
    changes: row.changes ?? null,
    ipAddress: row.ip,
    userAgent: row.userAgent,
  };
}

/** GET /api/admin/activity: newest first, optionally one activity type. */
export async function listAudit(db: Database, query: { type?: ActivityType; page: number; pageSize: number }): Promise<AuditPage> {
  const prefixes = query.type ? (PREFIXES_OF_TYPE[query.type] ?? []) : null;
  const where =
    prefixes === null ? undefined : prefixes.length === 0 ? sql`false` : or(...prefixes.map((p) => like(auditLog.action, `${p}.%`)));
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
  const kind =
    only === 'restriction' ? like(auditLog.action, 'restriction.%') : only === 'admin' ? notLike(auditLog.action, 'restriction.%') : undefined;
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

export type AuditDescription = Omit<AuditInput, 'actorId' | 'ip' | 'userAgent'>;

/** Runs an admin write and its one audit row in one transaction: both happen, or neither. */
export async function withAudit<T>(
  db: Database,
  request: FastifyRequest,
  work: (tx: Tx) => Promise<T>,
  describe: (result: T) => AuditDescription,
): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await work(tx);
    await recordAudit(tx, { ...auditContext(request), ...describe(result) });
    return result;
  });
}

import type { AdminUserDetail, AdminUserList, AdminUserStatus, UserActivity, UserActivityPage } from '@app/shared/api/admin-users';
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Tx } from '../../db/tx.ts';
import { ledgerEntries, orders, raffleEntries, raffles, signInEvents, socialAccounts, userRestrictions, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { accountsWithFigures } from '../casino-accounts/index.ts';
import { platformAccountOf } from '../chat/index.ts';
import { auditRowsForUser } from './audit-log.ts';
import { presentRestriction, statusFrom, statusSql, type RestrictionRow } from '../../platform/restrictions.ts';
import {
  presentAdminUser,
  presentAuditActivity,
  presentEntryActivity,
  presentLedgerActivity,
  presentOrderActivity,
  presentSignInActivity,
  presentUserCasino,
  type UserRow,
} from './user-presenter.ts';

/** Admin users: the searchable list, the detail and the real activity (spec 2 §3 User, Activity log). */

const kickUsernameSql = sql<
  string | null
>`(select ${socialAccounts.username} from ${socialAccounts} where ${socialAccounts.userId} = "users"."id" and ${socialAccounts.platform} = 'kick')`;

/** GET /api/admin/users: search by username, e-mail or UID (case-insensitive, substring), by status, paged, newest first. */
export async function listUsers(
  db: Database,
  query: { q?: string | undefined; status?: AdminUserStatus | undefined; page: number; pageSize: number },
  now: Date,
): Promise<AdminUserList> {
  const status = statusSql(now);
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(users.username, pattern), ilike(users.email, pattern), ilike(users.uid, pattern))!);
  }
  if (query.status) conditions.push(sql`${status} = ${query.status}`);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select({ user: users, status, kick: kickUsernameSql })
    .from(users)
    .where(where)
    // An exact username, e-mail or UID first ("demo" finds the user named demo before demo players).
    .orderBy(
      ...(query.q ? [sql`(lower(${users.username}) = lower(${query.q}) or lower(${users.email}) = lower(${query.q}) or ${users.uid} = ${query.q}) desc`] : []),
      desc(users.createdAt),
      asc(users.id),
    )
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return {
    users: rows.map((r) => presentAdminUser(r.user, r.status as AdminUserStatus, r.kick)),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(total?.n ?? 0),
  };
}

export async function findUserOr404(db: Database | Tx, id: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw new AppError('NOT_FOUND', 'No such user.');
  return user;
}

/** The restrictions of a user with their creators' names, holding ones first, then newest first. */
export async function restrictionsOf(db: Database, userId: string, now: Date) {
  const rows = await db
    .select({ row: userRestrictions, creatorName: users.username })
    .from(userRestrictions)
    .leftJoin(users, eq(users.id, userRestrictions.createdBy))
    .where(eq(userRestrictions.userId, userId))
    .orderBy(desc(userRestrictions.createdAt), desc(userRestrictions.id));
  const list = rows.map((r) => presentRestriction(r.row, now, r.row.createdBy && r.creatorName ? { id: r.row.createdBy, username: r.creatorName } : null));
  return { rows: rows.map((r) => r.row), list: [...list.filter((r) => r.active), ...list.filter((r) => !r.active)] };
}

/** GET /api/admin/users/:id. Casino accounts are the user's linked accounts with their stored wagers. */
export async function getUserDetail(db: Database, id: string, now: Date): Promise<AdminUserDetail> {
  const user = await findUserOr404(db, id);
  const restrictions = await restrictionsOf(db, id, now);
  const accounts = await accountsWithFigures(db, id, now);
  const kick = await platformAccountOf(db, 'kick', id);
  const [orderCount] = await db.select({ n: count() }).from(orders).where(eq(orders.userId, id));
  const [entryCount] = await db.select({ n: count() }).from(raffleEntries).where(eq(raffleEntries.userId, id));
  const [sums] = await db
    .select({
      earned: sql<string>`coalesce(sum(case when ${ledgerEntries.amount} > 0 then ${ledgerEntries.amount} else 0 end), 0)`,
      spent: sql<string>`coalesce(sum(case when ${ledgerEntries.amount} < 0 then -${ledgerEntries.amount} else 0 end), 0)`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, id));
  const status: AdminUserStatus = user.bannedAt ? 'Banned' : statusFrom(restrictions.rows as RestrictionRow[], now);
  return {
    ...presentAdminUser(user, status, kick?.username ?? null),
    emailVerified: user.emailVerified,
    casinos: accounts.map(presentUserCasino),
    restrictions: restrictions.list,
    stats: {
      orders: Number(orderCount?.n ?? 0),
      raffleEntries: Number(entryCount?.n ?? 0),
      pointsEarned: Number(sums?.earned ?? 0),
      pointsSpent: Number(sums?.spent ?? 0),
    },
  };
}

const ACTIVITY_SCAN_MAX = 1000;

/**
 * GET /api/admin/users/:id/activity: sign-ins, redemptions, raffle entries, ledger changes,
 * restrictions and admin actions on the user, merged newest first. Each source is read up to the
 * requested page's end (at most 1000 rows each), so deep pages stop at 1000 items per source.
 */
export async function userActivity(
  db: Database,
  id: string,
  query: { type?: UserActivity['type'] | undefined; page: number; pageSize: number },
): Promise<UserActivityPage> {
  await findUserOr404(db, id);
  const need = Math.min(ACTIVITY_SCAN_MAX, query.page * query.pageSize);
  const wants = (type: UserActivity['type']) => !query.type || query.type === type;
  const items: UserActivity[] = [];
  let total = 0;

  if (wants('sign_in')) {
    const rows = await db
      .select()
      .from(signInEvents)
      .where(eq(signInEvents.userId, id))
      .orderBy(desc(signInEvents.createdAt), desc(signInEvents.seq))
      .limit(need);
    const [n] = await db.select({ n: count() }).from(signInEvents).where(eq(signInEvents.userId, id));
    total += Number(n?.n ?? 0);
    items.push(...rows.map(presentSignInActivity));
  }
  if (wants('redemption')) {
    const rows = await db.select().from(orders).where(eq(orders.userId, id)).orderBy(desc(orders.createdAt)).limit(need);
    const [n] = await db.select({ n: count() }).from(orders).where(eq(orders.userId, id));
    total += Number(n?.n ?? 0);
    items.push(...rows.map(presentOrderActivity));
  }
  if (wants('raffle_entry')) {
    const rows = await db
      .select({ entry: raffleEntries, title: raffles.title })
      .from(raffleEntries)
      .innerJoin(raffles, eq(raffles.id, raffleEntries.raffleId))
      .where(eq(raffleEntries.userId, id))
      .orderBy(desc(raffleEntries.createdAt))
      .limit(need);
    const [n] = await db.select({ n: count() }).from(raffleEntries).where(eq(raffleEntries.userId, id));
    total += Number(n?.n ?? 0);
    items.push(...rows.map((r) => presentEntryActivity(r.entry, r.title)));
  }
  if (wants('points')) {
    const rows = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, id)).orderBy(desc(ledgerEntries.seq)).limit(need);
    const [n] = await db.select({ n: count() }).from(ledgerEntries).where(eq(ledgerEntries.userId, id));
    total += Number(n?.n ?? 0);
    items.push(...rows.map(presentLedgerActivity));
  }
  if (wants('restriction') || wants('admin')) {
    // Restrictions and grants are admin writes on the user: their audit rows carry IP and user agent.
    const only = query.type === 'restriction' ? 'restriction' : query.type === 'admin' ? 'admin' : null;
    const audit = await auditRowsForUser(db, id, need, only);
    total += audit.total;
    items.push(...audit.items.map(presentAuditActivity));
  }
  items.sort((a, b) => b.timestamp.localeCompare(a.timestamp));
  const start = (query.page - 1) * query.pageSize;
  return { items: items.slice(start, start + query.pageSize), page: query.page, pageSize: query.pageSize, total };
}

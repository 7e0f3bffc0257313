import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  MAILABLE_TYPE_LABELS,
  MAILABLE_TYPES,
  type MailableType,
  type MarkReadBody,
  type Notification,
  type NotificationPage,
  type NotificationType,
} from '@app/shared/api/notifications';
import type { Database } from '../../db/client.ts';
import { levelRewards, notificationMails, notificationPreferences, notifications, users } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { publishEvent } from '../../platform/event-bus.ts';
import { levelReachedText, type NotificationText } from './notification-texts.ts';

/**
 * The one way the server tells a person something. The service that does the act calls
 * `notify(tx, ...)` in the act's own transaction: the notification row, its queued mail (a mailable
 * type the member did not turn off) and the live event all commit with the act, or none of them.
 * Sending the mail happens after the commit (notification-mail.ts), so a slow SMTP server never
 * holds the act.
 */

type NotificationRow = typeof notifications.$inferSelect;

function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type as NotificationType,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

function isMailable(type: NotificationType): type is MailableType {
  return (MAILABLE_TYPES as readonly string[]).includes(type);
}

type NotifyInput = NotificationText & { userId: string; at: Date; data?: Record<string, unknown> };

/** The event's `data` (and the mail sender's hint: `mailId`, never sent to browsers). */
export type NotificationEvent = { notification: Notification; unreadCount: number; mailId: string | null };

/** Writes one notification for one member in the caller's transaction (see above). */
export async function notify(tx: Database | Tx, input: NotifyInput): Promise<Notification> {
  const [row] = await tx
    .insert(notifications)
    .values({
      userId: input.userId,
      type: input.type,
      title: input.title,
      body: input.body,
      link: input.link,
      data: input.data ?? null,
      createdAt: input.at,
    })
    .returning();
  const notification = presentNotification(row!);
  let mailId: string | null = null;
  if (isMailable(input.type)) {
    // Only to a verified address, and unless the member chose "on site only" for this type.
    const queued = await tx.execute(sql`
      insert into ${notificationMails} (notification_id, next_attempt_at, created_at)
      select ${row!.id}, ${input.at.toISOString()}::timestamptz, ${input.at.toISOString()}::timestamptz
      from ${users} u
      where u.id = ${input.userId} and u.email_verified
        and coalesce((select p.email from ${notificationPreferences} p where p.user_id = u.id and p.type = ${input.type}), true)
      returning id`);
    mailId = (queued as unknown as { rows: { id: string }[] }).rows[0]?.id ?? null;
  }
  const unreadCount = await unreadCountOf(tx, input.userId);
  const data: NotificationEvent = { notification, unreadCount, mailId };
  await publishEvent(tx, { name: 'notification', userId: input.userId, data });
  return notification;
}

/** The same notification for every admin (a new pending order, an account to verify), in the caller's transaction. */
export async function notifyAdmins(tx: Database | Tx, input: Omit<NotifyInput, 'userId'>): Promise<void> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), isNull(users.bannedAt)));
  for (const admin of admins) await notify(tx, { ...input, userId: admin.id });
}

async function unreadCountOf(db: Database | Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** GET /api/notifications: newest first, paged, optionally unread only. */
export async function listNotifications(
  db: Database,
  userId: string,
  query: { page: number; pageSize: number; unread?: 'true' | 'false' | undefined },
): Promise<NotificationPage> {
  const where = and(eq(notifications.userId, userId), query.unread === 'true' ? isNull(notifications.readAt) : undefined);
  const [rows, [total], unreadCount] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(notifications).where(where),
    unreadCountOf(db, userId),
  ]);
  return { notifications: rows.map(presentNotification), total: total?.n ?? 0, unreadCount, page: query.page, pageSize: query.pageSize };
}

/** POST /api/notifications/read: marks the member's own (others' ids are ignored); answers the unread count. */
export async function markRead(db: Database, userId: string, body: MarkReadBody, now: Date): Promise<{ unreadCount: number }> {
  const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
  await db
    .update(notifications)
    .set({ readAt: now })
    .where('ids' in body ? and(mine, inArray(notifications.id, body.ids)) : mine);
  return { unreadCount: await unreadCountOf(db, userId) };
}

/** GET /api/notifications/preferences: each mailable type, by e-mail unless turned off. */
export async function preferencesOf(db: Database, userId: string) {
  const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  const chosen = new Map(rows.map((r) => [r.type, r.email]));
  return {
    preferences: MAILABLE_TYPES.map((type) => ({ type, label: MAILABLE_TYPE_LABELS[type], email: chosen.get(type) ?? true })),
  };
}

/** PUT /api/notifications/preferences, and the unsubscribe link (one type off). */
export async function setPreferences(db: Database, userId: string, choices: { type: MailableType; email: boolean }[], now: Date) {
  if (choices.length > 0) {
    await db
      .insert(notificationPreferences)
      .values(choices.map((c) => ({ userId, type: c.type, email: c.email, updatedAt: now })))
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.type],
        set: { email: sql`excluded.email`, updatedAt: now },
      });
  }
  return preferencesOf(db, userId);
}

/**
 * Many site-only notifications in one statement (levels reached by a wager import: thousands at
 * once), each with its live event, in the caller's transaction. Not for mailable types.
 */
async function notifyMany(tx: Database | Tx, items: (NotificationText & { userId: string })[], at: Date): Promise<void> {
  if (items.length === 0) return;
  if (items.some((i) => isMailable(i.type))) throw new Error('notifyMany: a mailable type goes through notify()');
  const payload = JSON.stringify(items.map((i) => ({ user_id: i.userId, type: i.type, title: i.title, body: i.body, link: i.link })));
  // The unread count is read before this statement's own rows are visible: it adds them.
  await tx.execute(sql`
    with v as (select * from json_to_recordset(${payload}::json) as v(user_id uuid, type text, title text, body text, link text)),
    added as (
      insert into ${notifications} (user_id, type, title, body, link, created_at)
      select v.user_id, v.type, v.title, v.body, v.link, ${at.toISOString()}::timestamptz from v
      returning id, user_id, type, title, body, link, created_at
    ),
    per_user as (select user_id, count(*) as n from added group by user_id)
    select pg_notify('rh_events', json_build_object(
      'id', nextval('live_event_seq'), 't', 'notification', 'u', a.user_id::text,
      'd', json_build_object(
        'notification', json_build_object('id', a.id, 'type', a.type, 'title', a.title, 'body', a.body, 'link', a.link,
          'createdAt', to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'readAt', null),
        'unreadCount', p.n + (select count(*) from ${notifications} o where o.user_id = a.user_id and o.read_at is null),
        'mailId', null))::text)
    from added a join per_user p on p.user_id = a.user_id`);
}

/** The levels reached (the wager crediting's level_up rows), each saying whether a level reward waits to be claimed. */
export async function notifyLevelsReached(tx: Database | Tx, ups: { userId: string; level: number }[], at: Date): Promise<void> {
  if (ups.length === 0) return;
  const withReward = new Set((await tx.select({ level: levelRewards.level }).from(levelRewards)).map((r) => r.level));
  await notifyMany(
    tx,
    ups.map((u) => ({ ...levelReachedText(u.level, withReward.has(u.level)), userId: u.userId })),
    at,
  );
}

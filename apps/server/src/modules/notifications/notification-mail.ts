import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import { MAILABLE_TYPES, type MailableType } from '@app/shared/api/notifications';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { notificationMails, notifications, users } from '../../db/schema.ts';
import type { MailMessage, Mailer } from '../../mail/mailer.ts';

/**
 * The mail of a notification: queued by notify() in the act's transaction, sent after the commit by
 * whichever server claims it first, and retried with back-off by the job when the send fails. A
 * claim moves the row's next attempt into the future (a lease), so two servers never send one mail
 * and a server that dies mid-send leaves it to the next run.
 */

/** Waits after the 1st, 2nd, ... failed attempt; after the last the mail is given up (status failed). */
const MAIL_BACKOFF_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 3 * 60 * 60_000];
const MAIL_MAX_ATTEMPTS = MAIL_BACKOFF_MS.length + 1;
/** How long a claimed mail is left to the server sending it. */
const SEND_LEASE_MS = 2 * 60_000;

/** Signs and checks the links of notification mails (HMAC-SHA256 with a key of its own, derived from the JWT key). */
export class LinkSigner {
  private readonly key: Buffer;
  constructor(secret: Uint8Array) {
    this.key = createHmac('sha256', secret).update('notifications-links').digest();
  }
  private sign(text: string): string {
    return createHmac('sha256', this.key).update(text).digest('base64url');
  }
  private check(text: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(text));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** The unsubscribe token of one member and type; it does not expire (a mail may be read months later). */
  unsubscribeToken(userId: string, type: MailableType): string {
    return `${userId}.${type}.${this.sign(`unsubscribe:${userId}:${type}`)}`;
  }
  readUnsubscribeToken(token: string): { userId: string; type: MailableType } | null {
    const [userId, type, signature, ...rest] = token.split('.');
    if (!userId || !type || !signature || rest.length > 0) return null;
    if (!(MAILABLE_TYPES as readonly string[]).includes(type)) return null;
    return this.check(`unsubscribe:${userId}:${type}`, signature) ? { userId, type: type as MailableType } : null;
  }
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The mail: the notification's words, its link, the preferences and the one-click unsubscribe (RFC 8058). */
function notificationMail(input: {
  to: string;
  username: string;
  title: string;
  body: string;
  link: string | null;
  appOrigin: string;
  unsubscribeUrl: string;
}): MailMessage {
  const link = input.link ? `${input.appOrigin}${input.link}` : input.appOrigin;
  const preferences = `${input.appOrigin}/notifications#preferences`;
  const text = [
    `Hi ${input.username},`,
    '',
    input.body,
    '',
    link,
    '',
    `Choose which e-mails you get: ${preferences}`,
    `Stop e-mails like this one: ${input.unsubscribeUrl}`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en">
  <body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #111;">
    <p>Hi ${escapeHtml(input.username)},</p>
    <p>${escapeHtml(input.body)}</p>
    <p><a href="${escapeHtml(link)}">Open Rewards Hub</a></p>
    <p style="color: #555; font-size: 13px;"><a href="${escapeHtml(preferences)}">Choose which e-mails you get</a> ·
      <a href="${escapeHtml(input.unsubscribeUrl)}">Stop e-mails like this one</a></p>
  </body>
</html>`;
  return {
    to: input.to,
    subject: input.title,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

export type MailContext = { db: Database; mailer: Mailer; signer: LinkSigner; appOrigin: string; now: () => Date };

/** The app's mail context (the notifications plugin's sender and the retry job share its parts). */
export function mailContextOf(app: Pick<FastifyInstance, 'db' | 'mailer' | 'config' | 'clock'>, signer: LinkSigner): MailContext {
  return { db: app.db, mailer: app.mailer, signer, appOrigin: app.config.appOrigin, now: () => app.clock.now() };
}

/**
 * Claims and sends one queued mail; false when another server has it, it is not due, or it was
 * sent. A failed send is recorded with its next attempt (or given up after the last).
 */
export async function sendQueuedMail(ctx: MailContext, mailId: string): Promise<boolean> {
  const now = ctx.now();
  const [claimed] = await ctx.db
    .update(notificationMails)
    .set({ attempts: sql`${notificationMails.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + SEND_LEASE_MS) })
    .where(and(eq(notificationMails.id, mailId), eq(notificationMails.status, 'pending'), lte(notificationMails.nextAttemptAt, now)))
    .returning();
  if (!claimed) return false;
  const [row] = await ctx.db
    .select({ n: notifications, email: users.email, username: users.username })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(eq(notifications.id, claimed.notificationId));
  if (!row) return false;
  const type = row.n.type as MailableType;
  const unsubscribeUrl = `${ctx.appOrigin}/api/notifications/unsubscribe?token=${encodeURIComponent(ctx.signer.unsubscribeToken(row.n.userId, type))}`;
  try {
    await ctx.mailer.send(
      notificationMail({
        to: row.email,
        username: row.username,
        title: row.n.title,
        body: row.n.body,
        link: row.n.link,
        appOrigin: ctx.appOrigin,
        unsubscribeUrl,
      }),
    );
  } catch (error) {
    const failedAt = ctx.now();
    const givenUp = claimed.attempts >= MAIL_MAX_ATTEMPTS;
    await ctx.db
      .update(notificationMails)
      .set({
        status: givenUp ? 'failed' : 'pending',
        lastError: String((error as Error)?.message ?? error).slice(0, 500),
        nextAttemptAt: new Date(failedAt.getTime() + (MAIL_BACKOFF_MS[claimed.attempts - 1] ?? 0)),
      })
      .where(eq(notificationMails.id, mailId));
    throw error;
  }
  await ctx.db.update(notificationMails).set({ status: 'sent', sentAt: ctx.now(), lastError: null }).where(eq(notificationMails.id, mailId));
  return true;
}

/** The retry job's run: every due mail, oldest first, one at a time; counts what was sent and what failed. */
export async function sendDueMails(ctx: MailContext, limit = 50): Promise<{ mailsSent: number; mailsFailed: number }> {
  const due = await ctx.db
    .select({ id: notificationMails.id })
    .from(notificationMails)
    .where(and(eq(notificationMails.status, 'pending'), lte(notificationMails.nextAttemptAt, ctx.now())))
    .orderBy(notificationMails.nextAttemptAt)
    .limit(limit);
  let mailsSent = 0;
  let mailsFailed = 0;
  for (const { id } of due) {
    try {
      if (await sendQueuedMail(ctx, id)) mailsSent += 1;
    } catch {
      mailsFailed += 1;
    }
  }
  return { mailsSent, mailsFailed };
}

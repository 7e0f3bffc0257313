import type { FastifyInstance } from 'fastify';
import type { Job } from '../../platform/scheduler.ts';
import { purgeExpiredEventTickets } from './event-tickets.ts';
import { mailContextOf, sendDueMails } from './notification-mail.ts';

/**
 * The notifications' jobs: the failed mails retried (with the link signer of the notifications
 * plugin, app.notificationLinks), and expired event tickets out.
 */
export function notificationJobs(app: FastifyInstance): Job[] {
  const mail = mailContextOf(app, app.notificationLinks);
  return [
    { name: 'notifications.mail-retry', intervalMs: 60_000, run: () => sendDueMails(mail) },
    { name: 'notifications.purge-event-tickets', run: async (now) => void (await purgeExpiredEventTickets(app.db, now)) },
  ];
}

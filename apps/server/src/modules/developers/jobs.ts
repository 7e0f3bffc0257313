import type { FastifyInstance } from 'fastify';
import type { Job } from '../../platform/scheduler.ts';
import { secretBox, secretsKeyOf } from '../../platform/secret-box.ts';
import { purgeOldDeliveries, sendDueDeliveries, type DeliveryContext } from './send-deliveries.ts';

export function deliveryContextOf(app: FastifyInstance): DeliveryContext {
  return { db: app.db, box: secretBox(secretsKeyOf(app.config)), allowPrivate: app.config.webhooksAllowPrivate, appOrigin: app.config.appOrigin };
}

/** The outgoing webhooks' jobs: the sender every 5 s (the first retry waits 5 s), the log's purge. */
export function developerJobs(app: FastifyInstance): Job[] {
  const ctx = deliveryContextOf(app);
  return [
    { name: 'developers.send-webhooks', intervalMs: 5_000, run: (now) => sendDueDeliveries(ctx, now) },
    { name: 'developers.purge-deliveries', run: async (now) => ({ webhookDeliveriesPurged: await purgeOldDeliveries(app.db, now) }) },
  ];
}

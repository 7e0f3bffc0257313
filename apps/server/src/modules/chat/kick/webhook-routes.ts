import { KickWebhookResultSchema } from '@app/shared/api/integrations';
import { ErrorEnvelopeSchema } from '@app/shared/api/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error.ts';
import { deliveryRecorder } from '../events.ts';
import { handleKickDelivery, kickPublicKey, verifyKickDelivery } from './kick-webhook.ts';

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** POST /api/integrations/kick/webhook: verified, stored, answered; the events job works it after (../events.ts). */
export const kickWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const key = kickPublicKey(app.config.kickPublicKey);
  const record = deliveryRecorder(app.db);
  // Scoped to this plugin: the signature covers the raw bytes, so the body is kept as sent.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/api/integrations/kick/webhook',
    {
      schema: {
        tags: ['integrations'],
        summary: "Kick's event webhooks (chat messages carrying a User UID link that Kick account)",
        description: 'Signed by Kick: RSA SHA-256 PKCS#1 v1.5 over `Kick-Event-Message-Id.Kick-Event-Message-Timestamp.raw body`.',
        response: {
          200: KickWebhookResultSchema,
          400: ErrorEnvelopeSchema,
          401: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
          409: ErrorEnvelopeSchema,
          415: ErrorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      if (!key) throw new AppError('KICK_NOT_CONFIGURED', 'Kick webhooks are not configured on this server.');
      if (!Buffer.isBuffer(request.body)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the event as application/json.');
      const delivery = {
        messageId: header(request.headers['kick-event-message-id']),
        timestamp: header(request.headers['kick-event-message-timestamp']),
        signature: header(request.headers['kick-event-signature']),
        eventType: header(request.headers['kick-event-type']),
        rawBody: request.body,
      };
      const now = app.clock.now();
      const body = verifyKickDelivery(key, delivery, now);
      return handleKickDelivery(record, delivery, body, now);
    },
  );
};

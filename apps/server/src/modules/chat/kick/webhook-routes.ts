import type { KeyObject } from 'node:crypto';
import { KickWebhookResultSchema } from '@app/shared/api/integrations';
import { ErrorEnvelopeSchema } from '@app/shared/api/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error.ts';
import { deliveryRecorder } from '../events.ts';
import { kickKeySource } from './kick-public-key.ts';
import { handleKickDelivery, verifyKickDelivery, type KickDelivery } from './kick-webhook.ts';

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** POST /api/integrations/kick/webhook: verified, stored, answered; the events job works it after (../events.ts). */
export const kickWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const keys = kickKeySource({ pem: app.config.kickPublicKey, isConfigured: Boolean(app.config.kick.clientId), apiUrl: app.config.kick.apiUrl });
  const record = deliveryRecorder(app.db);
  // Scoped to this plugin: the signature covers the raw bytes, so the body is kept as sent.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  /** A signature that fails with the kept key is checked once more with Kick's key read again (a rotated key). */
  async function verifyWithRereadKey(key: KeyObject, delivery: KickDelivery, now: Date): Promise<unknown> {
    try {
      return verifyKickDelivery(key, delivery, now);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'INVALID_SIGNATURE') throw error;
      const fresh = await keys.reread(now);
      if (!fresh) throw error;
      return verifyKickDelivery(fresh, delivery, now);
    }
  }

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
          502: ErrorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const now = app.clock.now();
      const key = await keys.current(now);
      if (!key) throw new AppError('KICK_NOT_CONFIGURED', 'Kick webhooks are not configured on this server.');
      if (!Buffer.isBuffer(request.body)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the event as application/json.');
      const delivery: KickDelivery = {
        messageId: header(request.headers['kick-event-message-id']),
        timestamp: header(request.headers['kick-event-message-timestamp']),
        signature: header(request.headers['kick-event-signature']),
        eventType: header(request.headers['kick-event-type']),
        rawBody: request.body,
      };
      const body = await verifyWithRereadKey(key, delivery, now);
      return handleKickDelivery(record, delivery, body, now);
    },
  );
};

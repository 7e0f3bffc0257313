import { z } from 'zod';

/** Kick webhooks: POST /api/integrations/kick/webhook. */

/** What the server did with a delivery. */
export const KICK_WEBHOOK_RESULTS = ['linked', 'already_linked', 'kick_account_taken', 'no_uid', 'ignored', 'commands_off'] as const;

export const KickWebhookResultSchema = z.object({ ok: z.literal(true), result: z.enum(KICK_WEBHOOK_RESULTS) });
export type KickWebhookResult = z.infer<typeof KickWebhookResultSchema>;

/** The part of Kick's chat.message.sent body the server reads. */
export const KickChatMessageSchema = z.object({
  content: z.string(),
  sender: z.object({
    user_id: z.union([z.number().int(), z.string().min(1).max(64)]),
    username: z.string().min(1).max(100),
  }),
});

/** Error codes of the webhook. */
export const KICK_WEBHOOK_ERROR_CODES = [
  'KICK_NOT_CONFIGURED', // 404: no KICK_PUBLIC_KEY
  'BAD_WEBHOOK', // 400: missing headers, unreadable body
  'INVALID_SIGNATURE', // 401
  'STALE_TIMESTAMP', // 400: more than 5 minutes off
  'REPLAYED_MESSAGE', // 409: a message id seen before
] as const;

import { z } from 'zod';

/** Kick webhooks (issue 11): POST /api/integrations/kick/webhook. */

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


import { z } from 'zod';

/** Kick webhooks: POST /api/integrations/kick/webhook. */

/** What the server did with a delivery. */
/** What the server did with a delivery: it stores an event at once and does its work after. */
const KICK_WEBHOOK_RESULTS = ['stored', 'ignored'] as const;

export const KickWebhookResultSchema = z.object({ ok: z.literal(true), result: z.enum(KICK_WEBHOOK_RESULTS) });
export type KickWebhookResult = z.infer<typeof KickWebhookResultSchema>;

/** The part of Kick's chat.message.sent body the server reads. */
const KickIdSchema = z.union([z.number().int(), z.string().min(1).max(64)]).transform(String);

/** A Kick user in an event (null fields when anonymous). */
export const KickUserSchema = z.object({
  user_id: KickIdSchema,
  username: z.string().min(1).max(100),
});

const BroadcasterSchema = z.object({ user_id: KickIdSchema }).loose();

export const KickChatMessageSchema = z.object({
  message_id: z.string().max(200).optional(),
  broadcaster: BroadcasterSchema.optional(),
  content: z.string(),
  sender: KickUserSchema.extend({
    identity: z
      .object({ badges: z.array(z.object({ type: z.string() }).loose()).nullish() })
      .loose()
      .nullish(),
  }),
  created_at: z.string().optional(),
});
export type KickChatMessage = z.infer<typeof KickChatMessageSchema>;

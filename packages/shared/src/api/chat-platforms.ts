import { z } from 'zod';
import { StreamStatusSchema } from './stream';

const StreamSubscriptionSchema = z.object({ id: z.string(), event: z.string() });

/** The streaming platforms the Stream screen shows a card for. */
export const CHAT_PLATFORMS = ['kick', 'twitch'] as const;
export const ChatPlatformSchema = z.enum(CHAT_PLATFORMS);

/** One platform's card on the Stream screen (GET /api/admin/stream `platforms`). */
export const ChatPlatformStatusSchema = z.object({
  platform: ChatPlatformSchema,
  /** The platform's app variables are set. */
  configured: z.boolean(),
  connected: z.boolean(),
  channel: z.object({ id: z.string(), login: z.string() }).nullable(),
  isLive: z.boolean(),
  lastEventAt: z.iso.datetime({ offset: true }).nullable(),
  subscriptions: z.array(StreamSubscriptionSchema),
  /** Connect again: the token refresh failed, or the platform revoked the subscriptions. */
  needsReconnect: z.boolean(),
  /** Why, when it is known: 'refresh_failed' or the platform's revocation status (e.g. 'authorization_revoked'). */
  reconnectReason: z.string().nullable(),
});
export type ChatPlatformStatus = z.infer<typeof ChatPlatformStatusSchema>;

/** GET /api/admin/stream: Kick's fields as before, and one entry per platform. */
export const StreamStatusWithPlatformsSchema = StreamStatusSchema.extend({ platforms: z.array(ChatPlatformStatusSchema) });
export type StreamStatusWithPlatforms = z.infer<typeof StreamStatusWithPlatformsSchema>;

/** What Twitch's EventSub webhook answers a notification or revocation (the challenge is answered as text/plain). */
export const TwitchEventSubResultSchema = z.object({ ok: z.literal(true), result: z.enum(['stored', 'ignored', 'duplicate', 'revoked']) });

/** The platforms a site account links to. */
export const LINK_PLATFORMS = ['kick', 'twitch'] as const;
export const LinkPlatformParamsSchema = z.strictObject({
  platform: z.enum(LINK_PLATFORMS, { error: 'The platform is kick or twitch' }),
});

/** GET /api/profile/chat-links (and the answer of its writes): the open link request and every linked platform account. */
export const ChatLinksStateSchema = z.object({
  /** At most one at a time, whichever platform: another account's request waits until this one is answered or expires. */
  requests: z.array(z.object({ platform: z.enum(LINK_PLATFORMS), username: z.string(), expiresAt: z.iso.datetime({ offset: true }) })),
  linked: z.array(z.object({ platform: z.enum(LINK_PLATFORMS), platformUserId: z.string(), username: z.string() })),
});
export type ChatLinksState = z.infer<typeof ChatLinksStateSchema>;

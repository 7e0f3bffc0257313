import { z } from 'zod';

/** The stream half: the connected Kick channel, stream points rules, chat commands, Kick linking. */

const points = z.number().int('Use a whole number').min(0, 'At least 0').max(100_000, 'At most 100,000');

/** GET/PUT /api/admin/stream/rules: how stream activity earns points. */
export const StreamRulesSchema = z.strictObject({
  intervalMinutes: z.number().int('Use a whole number').min(1, 'At least 1 minute').max(60, 'At most 60 minutes'),
  activeWindowMinutes: z.number().int('Use a whole number').min(1, 'At least 1 minute').max(120, 'At most 120 minutes'),
  pointsPerInterval: points,
  subscriberMultiplier: z.number().min(1, 'At least 1').max(10, 'At most 10'),
  followBonus: points,
  subscriptionBonus: points,
  giftBonus: points,
  pointsPerKick: points,
  /** Presence points a user may earn a day (UTC); bonuses are not capped. */
  dailyCap: points,
  /** Kick usernames that never earn (other bots), case-insensitive. */
  ignoredUsernames: z.array(z.string().trim().min(1).max(100)).max(200),
});
export type StreamRules = z.infer<typeof StreamRulesSchema>;

export const DEFAULT_STREAM_RULES: StreamRules = {
  intervalMinutes: 5,
  activeWindowMinutes: 10,
  pointsPerInterval: 10,
  subscriberMultiplier: 1.5,
  followBonus: 50,
  subscriptionBonus: 500,
  giftBonus: 250,
  pointsPerKick: 1,
  dailyCap: 1000,
  ignoredUsernames: [],
};

export const StreamRulesResponseSchema = z.object({ rules: StreamRulesSchema });

const StreamSubscriptionSchema = z.object({ id: z.string(), event: z.string() });

/** GET /api/admin/stream. */
export const StreamStatusSchema = z.object({
  /** KICK_CLIENT_ID and KICK_CLIENT_SECRET are set. */
  configured: z.boolean(),
  /** The variables to set when not configured. */
  missing: z.array(z.string()),
  connected: z.boolean(),
  channel: z
    .object({
      broadcasterUserId: z.string(),
      slug: z.string(),
      scopes: z.array(z.string()),
      tokenExpiresAt: z.iso.datetime({ offset: true }),
      /** The last token refresh failed: connect again. */
      needsReconnect: z.boolean(),
    })
    .nullable(),
  isLive: z.boolean(),
  liveSince: z.iso.datetime({ offset: true }).nullable(),
  lastEventAt: z.iso.datetime({ offset: true }).nullable(),
  /** Minutes without an event while live (deliveries stopped?), when over 10. */
  silentMinutes: z.number().int().nullable(),
  subscriptions: z.array(StreamSubscriptionSchema),
  rules: StreamRulesSchema,
});
export type StreamStatus = z.infer<typeof StreamStatusSchema>;

/** POST /api/admin/stream/connect: the authorize URL to open. */
export const StreamConnectResponseSchema = z.object({ url: z.url() });

export const StreamCallbackQuerySchema = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
});

/** Custom chat commands. */
export const STREAM_COMMAND_ROLES = ['everyone', 'subscriber', 'vip', 'moderator'] as const;
export type StreamCommandRole = (typeof STREAM_COMMAND_ROLES)[number];

export const StreamCommandInputSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .regex(/^!?[a-zA-Z0-9_]{1,30}$/, 'Letters, digits and _ (up to 30), optionally starting with !')
    .transform((n) => n.replace(/^!/, '').toLowerCase()),
  reply: z.string().trim().min(1, 'Write the reply').max(400, 'At most 400 characters'),
  userCooldownSeconds: z.number().int().min(0).max(86_400),
  globalCooldownSeconds: z.number().int().min(0).max(86_400),
  enabled: z.boolean(),
  /** Who may use the command (a moderator may use a VIP's, a VIP a subscriber's); default everyone. */
  role: z.enum(STREAM_COMMAND_ROLES, { error: 'The role is everyone, subscriber, VIP or moderator' }).default('everyone'),
});
export type StreamCommandInput = z.infer<typeof StreamCommandInputSchema>;

const StreamCommandSchema = z.object({
  id: z.string(),
  name: z.string(),
  reply: z.string(),
  userCooldownSeconds: z.number().int(),
  globalCooldownSeconds: z.number().int(),
  enabled: z.boolean(),
  role: z.enum(STREAM_COMMAND_ROLES),
  /** Times used ({count} in the reply). */
  uses: z.number().int().nonnegative(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type StreamCommand = z.infer<typeof StreamCommandSchema>;
export const StreamCommandListSchema = z.object({ commands: z.array(StreamCommandSchema), builtIn: z.array(z.string()) });
export const StreamCommandResultSchema = z.object({ command: StreamCommandSchema });
export const StreamCommandParamsSchema = z.object({ id: z.uuid() });

/** GET /api/profile/kick-link: the Kick account asking to link (a UID pasted in chat), and the linked one. */
export const KickLinkStateSchema = z.object({
  /** At most one at a time: another Kick account's request is refused until this one is declined or expires. */
  request: z.object({ kickUsername: z.string(), kickUserId: z.string(), expiresAt: z.iso.datetime({ offset: true }) }).nullable(),
  linked: z.object({ kickUsername: z.string(), kickUserId: z.string() }).nullable(),
});
export type KickLinkState = z.infer<typeof KickLinkStateSchema>;

/** GET /api/stream/summary: the signed-in user's stream points this week (dashboard welcome card). */
export const StreamSummarySchema = z.object({ pointsThisWeek: z.number().int().nonnegative(), linked: z.boolean() });
export type StreamSummary = z.infer<typeof StreamSummarySchema>;

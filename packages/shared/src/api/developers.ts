import { z } from 'zod';

/**
 * The Developers screen and the public API: API tokens, the v1 surface, outgoing webhooks, the
 * points import and export.
 */

export const API_TOKEN_SCOPES = ['points:read', 'points:write', 'community:read'] as const;
const ApiTokenScopeSchema = z.enum(API_TOKEN_SCOPES);
export type ApiTokenScope = z.infer<typeof ApiTokenScopeSchema>;

/** POST /api/admin/api-tokens */
export const ApiTokenInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Give the token a name').max(80, 'At most 80 characters'),
  scopes: z.array(ApiTokenScopeSchema).min(1, 'Pick at least one scope').max(API_TOKEN_SCOPES.length),
});
export type ApiTokenInput = z.infer<typeof ApiTokenInputSchema>;

const ApiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The token's first characters (`rh_` and 6 more), to tell tokens apart; never the secret. */
  prefix: z.string(),
  scopes: z.array(ApiTokenScopeSchema),
  createdAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

/** 201 of POST /api/admin/api-tokens: the token itself, shown this once. */
export const CreatedApiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(ApiTokenScopeSchema),
  token: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type CreatedApiToken = z.infer<typeof CreatedApiTokenSchema>;

export const ApiTokenListSchema = z.object({ tokens: z.array(ApiTokenSchema) });
export type ApiTokenList = z.infer<typeof ApiTokenListSchema>;

// --- v1 ---

export const VIEWER_PLATFORMS = ['kick'] as const;

export const V1ViewerParamsSchema = z.strictObject({
  platform: z.enum(VIEWER_PLATFORMS),
  platformUserId: z.string().min(1).max(64),
});

export const V1ViewerSchema = z.object({
  platform: z.enum(VIEWER_PLATFORMS),
  platformUserId: z.string(),
  username: z.string(),
  linked: z.boolean(),
  uid: z.string().nullable(),
  /** The member's balance when linked, the viewer's holding balance when not. */
  points: z.number().int(),
});
export type V1Viewer = z.infer<typeof V1ViewerSchema>;

export const POINTS_ADJUSTMENT_MAX = 1_000_000;

export const V1PointsAdjustmentSchema = z.strictObject({
  amount: z
    .number()
    .int('A whole number of points')
    .min(-POINTS_ADJUSTMENT_MAX)
    .max(POINTS_ADJUSTMENT_MAX)
    .refine((n) => n !== 0, 'Must not be zero'),
  reason: z.string().trim().min(1).max(200),
});

export const V1PointsAdjustmentResultSchema = V1ViewerSchema.extend({ amount: z.number().int() });

export const V1MemberParamsSchema = z.strictObject({ uid: z.string().min(1).max(64) });

export const V1MemberSchema = z.object({
  uid: z.string(),
  username: z.string(),
  points: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  platforms: z.array(z.object({ platform: z.string(), platformUserId: z.string(), username: z.string() })),
});

// --- webhooks ---

export const WEBHOOK_EVENTS = [
  'ping',
  'stream.online',
  'stream.offline',
  'raffle.drawn',
  'giveaway.drawn',
  'bonus_hunt.finished',
  'dond.finished',
  'koth.crowned',
  'order.created',
  'order.approved',
  'order.declined',
  'member.verified',
  'prediction.resolved',
] as const;
export const WebhookEventSchema = z.enum(WEBHOOK_EVENTS);
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;

export const WEBHOOK_FORMATS = ['standard', 'discord'] as const;

const WebhookUrlSchema = z.url({ protocol: /^https?$/, error: 'An http(s) URL' }).max(2000);

/** POST /api/admin/webhooks */
export const WebhookInputSchema = z.strictObject({
  url: WebhookUrlSchema,
  events: z.array(WebhookEventSchema).min(1, 'Pick at least one event'),
  format: z.enum(WEBHOOK_FORMATS),
  description: z.string().trim().max(200).optional(),
});
export type WebhookInput = z.infer<typeof WebhookInputSchema>;

/** PATCH /api/admin/webhooks/:id */
export const WebhookPatchSchema = z.strictObject({
  enabled: z.boolean().optional(),
  events: z.array(WebhookEventSchema).min(1).optional(),
  url: WebhookUrlSchema.optional(),
});
export type WebhookPatch = z.infer<typeof WebhookPatchSchema>;

const WebhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(WebhookEventSchema),
  format: z.enum(WEBHOOK_FORMATS),
  description: z.string(),
  enabled: z.boolean(),
  disabledAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Webhook = z.infer<typeof WebhookSchema>;

/** 201 of POST /api/admin/webhooks: with the signing secret, shown this once. */
export const CreatedWebhookSchema = WebhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof CreatedWebhookSchema>;

export const WebhookResultSchema = z.object({ webhook: WebhookSchema });
export const WebhookListSchema = z.object({ webhooks: z.array(WebhookSchema) });
export type WebhookList = z.infer<typeof WebhookListSchema>;

const DeliverySchema = z.object({
  id: z.string(),
  event: WebhookEventSchema,
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  nextAttemptAt: z.iso.datetime({ offset: true }).nullable(),
  durationMs: z.number().int().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Delivery = z.infer<typeof DeliverySchema>;

export const DeliveryListSchema = z.object({ deliveries: z.array(DeliverySchema) });
export type DeliveryList = z.infer<typeof DeliveryListSchema>;
export const DeliveryResultSchema = z.object({ delivery: DeliverySchema });

export const DeliveryParamsSchema = z.strictObject({
  id: z.uuid(),
  deliveryId: z.uuid(),
});

// --- points import and export ---

export const PointsImportQuerySchema = z.strictObject({ dryRun: z.enum(['true', 'false']).optional() });

export const PointsImportResultSchema = z.object({
  /** Data rows read (the header not counted). */
  rows: z.number().int(),
  /** Rows credited (or, in a dry run, that would be). */
  credited: z.number().int(),
  /** Their points. */
  points: z.number().int(),
  /** Rows left out; `line` counts the header as line 1. */
  skipped: z.array(z.object({ line: z.number().int(), reason: z.string() })),
  /** The format recognised from the header. */
  format: z.enum(['rewards-hub', 'streamelements', 'streamlabs', 'botrix']),
  dryRun: z.boolean(),
});
export type PointsImportResult = z.infer<typeof PointsImportResultSchema>;

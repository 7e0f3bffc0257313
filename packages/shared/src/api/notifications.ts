import { z } from 'zod';

/**
 * Notifications (the member's inbox and its e-mail) and the live channel (GET /api/events). A
 * notification is written by the service that does the act, in the act's transaction.
 */

const NOTIFICATION_TYPES = [
  'order_approved',
  'order_declined',
  'raffle_won',
  'race_finished',
  'level_reached',
  'casino_account_verified',
  'casino_account_rejected',
  'restriction_applied',
  'restriction_removed',
  'koth_claim_verified',
  'koth_claim_declined',
  'koth_won',
  'gtb_won',
  'challenge_won',
  'challenge_claim_verified',
  'challenge_claim_declined',
  'prediction_won',
  // For admins.
  'admin_order_pending',
  'admin_casino_account_pending',
  'admin_claim_pending',
  'admin_challenge_claim_pending',
  'admin_webhook_disabled',
] as const;
const NotificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof NotificationTypeSchema>;

/** The types that can also come by e-mail (wins, order decisions, restrictions); e-mail is on until the member turns it off. */
export const MAILABLE_TYPES = [
  'order_approved',
  'order_declined',
  'raffle_won',
  'race_finished',
  'restriction_applied',
  'restriction_removed',
  'koth_won',
  'gtb_won',
  'prediction_won',
] as const satisfies readonly NotificationType[];
export type MailableType = (typeof MAILABLE_TYPES)[number];
const MailableTypeSchema = z.enum(MAILABLE_TYPES);

/** How Settings names each mailable type. */
export const MAILABLE_TYPE_LABELS: Record<MailableType, string> = {
  order_approved: 'An order of yours is approved',
  order_declined: 'An order of yours is declined',
  raffle_won: 'You win a raffle',
  race_finished: 'A race you were in finishes with a prize for you',
  restriction_applied: 'A restriction is applied to your account',
  restriction_removed: 'A restriction on your account is removed',
  koth_won: 'You win a King of the Hill period',
  gtb_won: 'You win Guess the Balance',
  prediction_won: 'You win a prediction',
};

const NotificationSchema = z.object({
  id: z.string(),
  type: NotificationTypeSchema,
  title: z.string(),
  body: z.string(),
  /** The app path of the thing it is about, or null. */
  link: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  readAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

const NOTIFICATION_PAGE_SIZE_MAX = 50;

/** GET /api/notifications?page=&pageSize=&unread= */
export const NotificationsQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_SIZE_MAX).default(20),
  unread: z.enum(['true', 'false']).optional(),
});

export const NotificationPageSchema = z.object({
  notifications: z.array(NotificationSchema),
  /** How many match the filter (for the pager). */
  total: z.number().int().nonnegative(),
  /** The member's unread count (the bell), whatever the filter. */
  unreadCount: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

/** POST /api/notifications/read: these ids, or all of them. */
export const MarkReadBodySchema = z.union([z.strictObject({ ids: z.array(z.uuid()).min(1).max(100) }), z.strictObject({ all: z.literal(true) })]);
export type MarkReadBody = z.infer<typeof MarkReadBodySchema>;
export const MarkReadResultSchema = z.object({ unreadCount: z.number().int().nonnegative() });

const NotificationPreferenceSchema = z.object({
  type: MailableTypeSchema,
  label: z.string(),
  /** Also by e-mail (true) or on site only (false). */
  email: z.boolean(),
});
/** GET and PUT /api/notifications/preferences */
export const NotificationPreferencesSchema = z.object({ preferences: z.array(NotificationPreferenceSchema) });
export const UpdatePreferencesBodySchema = z.strictObject({
  preferences: z
    .array(z.strictObject({ type: MailableTypeSchema, email: z.boolean() }))
    .min(1)
    .max(MAILABLE_TYPES.length),
});

/** POST /api/notifications/unsubscribe?token= (RFC 8058 one-click): the signed link of a mail. */
export const UnsubscribeQuerySchema = z.object({ token: z.string().min(1).max(500) });

/** POST /api/events/ticket: a short-lived ticket for EventSource, which cannot send headers. */
export const EventTicketSchema = z.object({ ticket: z.string(), expiresInSeconds: z.number().int().positive() });
export const EVENT_TICKET_TTL_SECONDS = 60;

/** GET /api/events?ticket=&topics=race,raffle:<id>,hunt:<id>,dond,giveaways */
export const EventsQuerySchema = z.object({
  ticket: z.string().max(500).optional(),
  /** Public topics, comma-separated: `race` (the featured race), `raffle:<id>`, `hunt:<id>`, `dond` (Deal or No Deal's round), `giveaways` (the chat giveaways), `predictions` (the current prediction), `alerts` (the stream's alerts: follows, subscriptions, gifts, KICKs). */
  topics: z.string().max(500).optional(),
  /** The last event seen, for a new EventSource (a reconnecting one sends the Last-Event-ID header). */
  lastEventId: z.string().max(20).optional(),
});

/** GET /api/events/public?topics=alerts: public topics only, without signing in (stream overlays). */
export const PublicEventsQuerySchema = z.object({
  topics: z.string().max(500).optional(),
  lastEventId: z.string().max(20).optional(),
});

/** The SSE `event:` names. */
export const LIVE_EVENT_NAMES = ['notification', 'balance', 'race', 'raffle', 'hunt', 'dond', 'giveaway', 'prediction', 'alert'] as const;
export type LiveEventName = (typeof LIVE_EVENT_NAMES)[number];
/**
 * The last event of a stream the server closed for a newer stream of the same member (it keeps a
 * few per member): the client reconnects only when its tab is looked at again.
 */
export const SUPERSEDED_EVENT = 'superseded';

/** `data:` of a `notification` event. */
export type NotificationEventData = { notification: Notification; unreadCount: number };
/** `data:` of a `balance` event. */
export type BalanceEventData = { points: number };
/** `data:` of a `raffle` event (topic `raffle:<id>`): its entry count changed, or it was drawn. */
export type RaffleEventData = { raffleId: string; entries: number; drawn: boolean };
/** `data:` of a `hunt` event (topic `hunt:<id>`): its bonuses, status or guesses changed. */
export type HuntEventData = { huntId: string; status: 'collecting' | 'opening' | 'finished' };
/** `data:` of a `dond` event (topic `dond`): a Deal or No Deal round changed (opened, joined, a move, the end). */
export type DealOrNoDealEventData = { roundId: string; status: string };
/** `data:` of a `giveaway` event (topic `giveaways`): a chat giveaway started, closed, was drawn or a winner changed. */
export type GiveawayEventData = { giveawayId: string };

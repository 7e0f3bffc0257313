import { z } from 'zod';

/**
 * Stream alerts for the `/overlay/alerts` overlay: follows, new subscriptions, gifted subscriptions
 * and the platform's currency (KICKs on Kick; cheers on Twitch), published on the live channel's
 * public `alerts` topic as `alert` events. Public: nothing but the name the platform itself shows on
 * stream, the platform, and the figures of the act.
 */

/** The kinds, as `?types=` names them (`currency`: KICKs on Kick, cheers on Twitch). */
export const STREAM_ALERT_TYPES = ['follow', 'sub', 'gift', 'currency'] as const;
export const StreamAlertTypeSchema = z.enum(STREAM_ALERT_TYPES);
export type StreamAlertType = z.infer<typeof StreamAlertTypeSchema>;

/** `data:` of an `alert` event (topic `alerts`). */
export const StreamAlertSchema = z.object({
  /** The alert's own id, the same for every delivery of one act: an overlay shows an id once. */
  id: z.string().min(1).max(64),
  type: StreamAlertTypeSchema,
  /** The streaming platform's name as people read it (Kick). */
  platform: z.string().min(1).max(20),
  /** The name the platform shows on stream; null for an anonymous gift. */
  name: z.string().max(64).nullable(),
  /** Gifted subscriptions: how many; currency: how much. */
  amount: z.number().int().nonnegative().nullable(),
  /** currency: its name on the platform (KICKs). */
  currency: z.string().max(20).nullable(),
});
export type StreamAlert = z.infer<typeof StreamAlertSchema>;

/** How long the overlay shows one alert. */
export const STREAM_ALERT_SHOW_MS = 5_000;

/** `?types=follow,sub`: the kinds named (unknown names dropped); every kind when none is named. */
export function streamAlertTypesOf(param: string | null): StreamAlertType[] {
  const named = (param ?? '')
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter((t): t is StreamAlertType => (STREAM_ALERT_TYPES as readonly string[]).includes(t));
  return named.length > 0 ? [...new Set(named)] : [...STREAM_ALERT_TYPES];
}

/** The alert's line on stream. */
export function streamAlertText(alert: StreamAlert): string {
  const who = alert.name ?? 'Anonymous';
  switch (alert.type) {
    case 'follow':
      return `${who} followed!`;
    case 'sub':
      return `${who} subscribed!`;
    case 'gift': {
      const n = alert.amount ?? 1;
      return `${who} gifted ${n} sub${n === 1 ? '' : 's'}!`;
    }
    case 'currency':
      return `${who} sent ${(alert.amount ?? 0).toLocaleString('en-US')} ${alert.currency ?? ''}`.trimEnd() + '!';
  }
}

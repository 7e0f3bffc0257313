import { createHash } from 'node:crypto';
import type { StreamAlert } from '@app/shared/api/stream-alerts';
import type { Tx } from '../../db/tx.ts';
import { publishEvent } from '../../platform/event-bus.ts';
import { PLATFORM_NAMES, type ChatEvent } from './types.ts';

/**
 * The stream's alerts (the `/overlay/alerts` overlay): a follow, a new subscription, gifted
 * subscriptions or the platform's currency, published on the live channel's public `alerts` topic in
 * the transaction that handles the event (a rolled-back event announces nothing). Only what the
 * platform shows on stream goes out: the viewer's name there, the platform, the figures.
 *
 * The alert's id comes from the event's identity on the platform (the bonus key; the stored
 * delivery's id when the event has none), so one act keeps one id however often it is delivered
 * and an overlay that saw it once never shows it again.
 */
export function streamAlertOf(event: ChatEvent, deliveryId: string): StreamAlert | null {
  const id = (key: string | null) =>
    createHash('sha256')
      .update(key ?? `delivery:${deliveryId}`)
      .digest('base64url')
      .slice(0, 22);
  switch (event.kind) {
    case 'follow': {
      const { key, follower } = event.follow;
      return { id: id(key), type: 'follow', platform: PLATFORM_NAMES[follower.platform], name: follower.username, amount: null, currency: null };
    }
    case 'subscription': {
      const { key, subscriber, isRenewal } = event.subscription;
      if (isRenewal) return null;
      return { id: id(key), type: 'sub', platform: PLATFORM_NAMES[subscriber.platform], name: subscriber.username, amount: null, currency: null };
    }
    case 'gift': {
      const gift = event.gift;
      if (gift.kind === 'subscriptions') {
        if (gift.giftees.length === 0) return null;
        const platform = gift.gifter?.platform ?? gift.giftees[0]!.platform;
        return {
          id: id(gift.key),
          type: 'gift',
          platform: PLATFORM_NAMES[platform],
          name: gift.gifter?.username ?? null,
          amount: gift.giftees.length,
          currency: null,
        };
      }
      if (gift.amount <= 0) return null;
      return {
        id: id(gift.key),
        type: 'currency',
        platform: PLATFORM_NAMES[gift.sender.platform],
        name: gift.sender.username,
        amount: gift.amount,
        currency: gift.currency,
      };
    }
    default:
      return null;
  }
}

/** Publishes the event's alert, if it makes one, when the transaction commits. */
export async function publishStreamAlert(tx: Tx, event: ChatEvent, deliveryId: string): Promise<void> {
  const alert = streamAlertOf(event, deliveryId);
  if (alert) await publishEvent(tx, { name: 'alert', topic: 'alerts', data: alert });
}

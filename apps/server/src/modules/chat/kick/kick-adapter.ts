import { createHash } from 'node:crypto';
import { KickChatMessageSchema, KickUserSchema, type KickChatMessage } from '@app/shared/api/integrations';
import { z } from 'zod';
import { STREAM_EVENTS } from '../stream-context.ts';
import type { ChatBadge, ChatEvent, ChatMessage, ChatViewer } from '../types.ts';

/**
 * Kick's webhook payloads (kick-api.md) mapped to the chat module's neutral types (../types.ts). The
 * events job hands each stored event to `kickEventOf` and works only with what it returns; a body
 * that does not parse maps to null and does nothing, as before. The bonus keys are built here from
 * the fields that identify an event on Kick, so a repeated delivery of one event keeps its key.
 */

export type KickEventType = (typeof STREAM_EVENTS)[number];

/** Whether the chat handles events of this type (the webhook stores only those). */
export function isKickEventType(type: string | undefined): type is KickEventType {
  return type !== undefined && (STREAM_EVENTS as readonly string[]).includes(type);
}

const nullableUser = KickUserSchema.partial().nullish();
/** A time in an event's body, as one spelling (Kick's `Z` and `+00:00` name the same instant); null when absent or not a date. */
const EventTimeSchema = z
  .string()
  .nullish()
  .transform((value) => (value && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : null));
const BroadcasterIdSchema = z.object({ user_id: z.union([z.number().int(), z.string().min(1).max(64)]).transform(String) });
const FollowSchema = z.object({ follower: KickUserSchema });
const SubscriptionSchema = z.object({
  broadcaster: BroadcasterIdSchema,
  subscriber: KickUserSchema,
  duration: z.number().int().nullish(),
  created_at: EventTimeSchema,
  expires_at: EventTimeSchema,
});
const GiftsSchema = z.object({
  broadcaster: BroadcasterIdSchema,
  gifter: nullableUser,
  giftees: z.array(KickUserSchema).default([]),
  created_at: EventTimeSchema,
  expires_at: EventTimeSchema,
});
const LiveSchema = z.object({ is_live: z.boolean(), started_at: z.string().nullish() });
const KicksSchema = z.object({
  broadcaster: BroadcasterIdSchema,
  sender: KickUserSchema,
  gift: z.object({ amount: z.number().int().nonnegative(), name: z.string().nullish(), tier: z.string().nullish() }),
  created_at: EventTimeSchema,
});
const BannedSchema = z.object({
  banned_user: KickUserSchema,
  metadata: z.object({ reason: z.string().nullish(), expires_at: z.string().nullish() }).nullish(),
});

const KICK_BADGES: Record<string, ChatBadge> = {
  broadcaster: 'broadcaster',
  moderator: 'moderator',
  vip: 'vip',
  subscriber: 'subscriber',
  founder: 'subscriber',
};

/** Kick's badge types ('og', 'sub_gifter', ... are left out), once each. */
function badgesOf(message: KickChatMessage): ChatBadge[] {
  const badges = (message.sender.identity?.badges ?? []).map((b) => KICK_BADGES[b.type]).filter((b): b is ChatBadge => b !== undefined);
  return [...new Set(badges)];
}

const viewerOf = (user: { user_id: string; username: string }, badges: ChatBadge[] = []): ChatViewer => ({
  platform: 'kick',
  platformUserId: user.user_id,
  username: user.username,
  badges,
});

const dateOf = (value: string | null | undefined): Date | null => (value && !Number.isNaN(Date.parse(value)) ? new Date(value) : null);

/** A short stable digest for the parts of a key that can be long (a list of giftees, a gift's name). */
function digest(value: string): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, 22);
}

/** A chat.message.sent body as a chat message, or null when it does not parse. */
export function kickChatMessageOf(body: unknown): ChatMessage | null {
  const parsed = KickChatMessageSchema.safeParse(body);
  if (!parsed.success) return null;
  const message = parsed.data;
  return { id: message.message_id ?? null, viewer: viewerOf(message.sender, badgesOf(message)), content: message.content, sentAt: dateOf(message.created_at) };
}

/** The broadcaster an event's body names (the webhook stores only the connected one's), or null. */
export function kickBroadcasterOf(body: unknown): string | null {
  const broadcaster = (body as { broadcaster?: { user_id?: unknown } } | null)?.broadcaster?.user_id;
  return broadcaster === undefined || broadcaster === null ? null : String(broadcaster);
}

/** One stored Kick event in the chat module's terms; null when its body does not parse (nothing to do). */
export function kickEventOf(type: KickEventType, body: unknown): ChatEvent | null {
  switch (type) {
    case 'chat.message.sent': {
      const message = kickChatMessageOf(body);
      return message && { kind: 'message', message };
    }
    case 'channel.followed': {
      const parsed = FollowSchema.safeParse(body);
      if (!parsed.success) return null;
      // Once per Kick account ever: the key is the account, not the delivery.
      return { kind: 'follow', follow: { key: `follow:${parsed.data.follower.user_id}`, follower: viewerOf(parsed.data.follower) } };
    }
    case 'channel.subscription.new':
    case 'channel.subscription.renewal': {
      const parsed = SubscriptionSchema.safeParse(body);
      if (!parsed.success) return null;
      const sub = parsed.data;
      // A renewal may carry the subscription's first created_at: its duration and expiry tell the months apart.
      const key =
        sub.created_at || sub.expires_at
          ? `sub:${type}:${sub.broadcaster.user_id}:${sub.subscriber.user_id}:${sub.duration ?? ''}:${sub.created_at ?? ''}:${sub.expires_at ?? ''}`
          : null;
      return { kind: 'subscription', subscription: { key, subscriber: viewerOf(sub.subscriber), isRenewal: type === 'channel.subscription.renewal' } };
    }
    case 'channel.subscription.gifts': {
      const parsed = GiftsSchema.safeParse(body);
      if (!parsed.success) return null;
      const gifts = parsed.data;
      const gifter = gifts.gifter?.user_id && gifts.gifter.username ? viewerOf({ user_id: gifts.gifter.user_id, username: gifts.gifter.username }) : null;
      const giftees = digest(
        gifts.giftees
          .map((g) => g.user_id)
          .sort()
          .join(','),
      );
      const key =
        gifter && gifts.giftees.length > 0 && gifts.created_at
          ? `gift:${gifts.broadcaster.user_id}:${gifter.platformUserId}:${gifts.created_at}:${gifts.expires_at ?? ''}:${giftees}`
          : null;
      return { kind: 'gift', gift: { kind: 'subscriptions', key, gifter, giftees: gifts.giftees.map((g) => viewerOf(g)) } };
    }
    case 'livestream.status.updated': {
      const parsed = LiveSchema.safeParse(body);
      if (!parsed.success) return null;
      return { kind: 'live', status: { isLive: parsed.data.is_live, startedAt: dateOf(parsed.data.started_at) } };
    }
    case 'kicks.gifted': {
      const parsed = KicksSchema.safeParse(body);
      if (!parsed.success) return null;
      const { broadcaster, sender, gift, created_at: createdAt } = parsed.data;
      const key = createdAt
        ? `kicks:${broadcaster.user_id}:${sender.user_id}:${createdAt}:${gift.amount}:${digest(`${gift.name ?? ''}|${gift.tier ?? ''}`)}`
        : null;
      return { kind: 'gift', gift: { kind: 'currency', key, sender: viewerOf(sender), amount: gift.amount, currency: 'KICKs' } };
    }
    case 'moderation.banned': {
      const parsed = BannedSchema.safeParse(body);
      if (!parsed.success) return null;
      const { banned_user: banned, metadata } = parsed.data;
      return {
        kind: 'ban',
        ban: { viewer: { platform: 'kick', platformUserId: banned.user_id }, reason: metadata?.reason ?? null, expiresAt: dateOf(metadata?.expires_at) },
      };
    }
  }
}

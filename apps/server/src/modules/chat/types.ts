/**
 * What the chat module and the features that plug into it speak, whatever the streaming platform:
 * a platform's adapter (kick/kick-adapter.ts today) maps its webhook payloads to these, so a second
 * platform is one more adapter beside Kick, not a copy of the handlers, hooks and commands.
 */

/**
 * The streaming platforms a viewer can come from (and a site account can be linked to). 'test': the
 * admin's test chat (test-chat/), whose viewers link to nothing and earn nothing.
 */
export type ChatPlatform = 'kick' | 'twitch' | 'test';

/**
 * The badges the chat reads, in the platform's neutral terms: 'subscriber' stands for every kind of
 * paying subscriber (Kick's 'founder' too). Other badges of the platform are left out.
 */
export type ChatBadge = 'broadcaster' | 'moderator' | 'vip' | 'subscriber';

/** Someone in the stream's chat, by their id and name on the platform. */
export type ChatViewer = { platform: ChatPlatform; platformUserId: string; username: string; badges: ChatBadge[] };

/** A chat message. `id`: the platform's message id (null when it sent none); `sentAt`: null when it sent no valid time. */
export type ChatMessage = { id: string | null; viewer: ChatViewer; content: string; sentAt: Date | null };

/**
 * The events that pay a bonus carry `key`: the event's identity on its platform, the same for every
 * delivery of the same event, so the bonus is paid once however often it comes (null: the event
 * lacks what identifies it and pays nothing).
 */
export type ChatFollow = { key: string; follower: ChatViewer };

/** A new or renewed subscription. */
export type ChatSubscription = { key: string | null; subscriber: ChatViewer; isRenewal: boolean };

/** Subscriptions one viewer gave others (`gifter` null: anonymous or incomplete). */
export type ChatSubscriptionGift = { kind: 'subscriptions'; key: string | null; gifter: ChatViewer | null; giftees: ChatViewer[] };

/** The platform's own currency sent to the channel (Kick's KICKs). */
export type ChatCurrencyGift = { kind: 'currency'; key: string | null; sender: ChatViewer; amount: number; currency: string };

export type ChatGift = ChatSubscriptionGift | ChatCurrencyGift;

/** A ban or timeout the channel's moderators gave on the platform (`expiresAt` null: permanent). */
export type ChatBan = { viewer: Pick<ChatViewer, 'platform' | 'platformUserId'>; reason: string | null; expiresAt: Date | null };

/** The channel went live or offline. */
export type ChatLiveStatus = { isLive: boolean; startedAt: Date | null };

/** One platform event, as the events job handles it. */
export type ChatEvent =
  | { kind: 'message'; message: ChatMessage }
  | { kind: 'follow'; follow: ChatFollow }
  | { kind: 'subscription'; subscription: ChatSubscription }
  | { kind: 'gift'; gift: ChatGift }
  | { kind: 'live'; status: ChatLiveStatus }
  | { kind: 'ban'; ban: ChatBan };

/** A reply (or announcement) for the bot to say in chat. */
export type ChatReply = { content: string; replyTo: string | null };

/**
 * A moderation act on the platform, collected by the hooks and carried out by the platform's adapter
 * after the event's transaction commits. `minutes` null: a permanent ban.
 */
export type ChatModerationAction =
  { kind: 'delete-message'; messageId: string } | { kind: 'timeout'; platformUserId: string; minutes: number | null; reason: string };

/** Whether the viewer is a paying subscriber of the channel. */
export function isSubscriber(viewer: Pick<ChatViewer, 'badges'>): boolean {
  return viewer.badges.includes('subscriber');
}

/** The platform's name as people read it (audit summaries, restriction reasons). */
export const PLATFORM_NAMES: Record<ChatPlatform, string> = { kick: 'Kick', twitch: 'Twitch', test: 'Test chat' };

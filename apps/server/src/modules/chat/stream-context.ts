import type { BotFeatureId } from '@app/shared/api/admin';
import type { BotChat } from './bot-chat.ts';
import type { KickClient } from './kick/kick-client.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import type { TwitchContext } from './twitch/twitch-connection.ts';

/** What the stream's services share: Kick's client (null without KICK_CLIENT_ID), the secret box, the bot. */
export type StreamContext = {
  client: KickClient | null;
  box: SecretBox;
  bot: BotChat;
  /**
   * A message of the bot's own (not a reply), e.g. a bonus hunt's Guess the Balance news. Call it
   * after the act's transaction commits and do not await it: it checks, off the act's path, that a
   * channel is connected and the feature's switch is on ('commands' unless given: the bot's chat
   * game), then queues the message on the paced chat; it never throws. The promise is for tests.
   */
  announce: (content: string, feature?: BotFeatureId) => Promise<void>;
  /** Resolves when every announcement so far is queued (or dropped) and the chat queue is empty (tests). */
  settled: () => Promise<void>;
  /** APP_ORIGIN: links in chat replies and the OAuth redirect URI. */
  appOrigin: string;
  redirectUri: string;
  /** Twitch's client (null without TWITCH_CLIENT_ID), its EventSub secret and URLs (twitch/twitch-connection.ts). */
  twitch: TwitchContext;
};

/** The events the channel subscribes to (and the webhook handles). */
export const STREAM_EVENTS = [
  'chat.message.sent',
  'channel.followed',
  'channel.subscription.new',
  'channel.subscription.renewal',
  'channel.subscription.gifts',
  'livestream.status.updated',
  'kicks.gifted',
  'moderation.banned',
] as const;

export const STREAM_SCOPES = 'user:read channel:read chat:write events:subscribe moderation:ban moderation:chat_message:manage';

declare module 'fastify' {
  interface FastifyInstance {
    stream: StreamContext;
  }
}

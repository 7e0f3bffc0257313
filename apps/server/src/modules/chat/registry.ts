import type { KickChatMessage } from '@app/shared/api/integrations';
import type { streamConnection } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import type { ChatReply } from './bot-chat.ts';

/**
 * The stream features that read chat (moderation, giveaways, Deal or No Deal) plug in here, each in
 * its own module; the chat event's handler runs them in order after presence is recorded and before
 * the commands. A hook's Kick calls (deleting a message, a timeout) are collected as actions and made
 * after the event's transaction commits, like the replies.
 */

export type KickAction =
  | { kind: 'delete-message'; messageId: string }
  /** `minutes` null: a permanent ban. */
  | { kind: 'timeout'; kickUserId: string; minutes: number | null; reason: string };

export type ChatSender = {
  kickUserId: string;
  username: string;
  /** Kick's badge types, e.g. 'moderator', 'vip', 'broadcaster', 'subscriber', 'founder'. */
  badges: string[];
  isSubscriber: boolean;
};

export type ChatHookCall = {
  tx: Tx;
  message: KickChatMessage;
  sender: ChatSender;
  connection: typeof streamConnection.$inferSelect | null;
  site: string;
  /** When the job handles the message. */
  at: Date;
  /** When the webhook received it (a message received before a deadline counts, however late the job runs). */
  receivedAt: Date;
  replies: ChatReply[];
  actions: KickAction[];
};

export type ChatHook = {
  name: string;
  /**
   * Once per batch of plain chat (the bulk lane, which records presence only): a cheap test of the
   * messages this hook must see; they then go through the one-at-a-time lane and `run`. Null: none
   * (e.g. the feature is switched off or has nothing running).
   */
  wants: (tx: Tx, now: Date) => Promise<((message: KickChatMessage) => boolean) | null>;
  /** One message in its event's transaction. 'stop': the hooks after it and the commands do not run. */
  run: (call: ChatHookCall) => Promise<'stop' | 'continue'>;
};

import { KickRateLimited } from './kick/kick-client.ts';
import type { ChatReply } from './types.ts';

/**
 * The bot's chat sender. Kick enforces a daily chat quota and answers 429 past it, so replies go
 * through one bounded queue: at most one message a second; a full queue drops the new reply; on a
 * 429 the sender waits for Retry-After and then drops the replies that have gone stale (a reply
 * minutes after the question only adds to the flood) instead of retrying them all.
 */

export type BotChatOptions = {
  send: (reply: ChatReply) => Promise<void>;
  /** Milliseconds since the epoch (the app's clock). */
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  minIntervalMs?: number;
  maxQueue?: number;
  /** A reply older than this when its turn comes is dropped. */
  staleMs?: number;
  onError?: (error: unknown) => void;
};

type Queued = ChatReply & { queuedAt: number };

export type BotChat = {
  /** Queues a reply; false when the queue is full (the reply is dropped). */
  say: (reply: ChatReply) => boolean;
  /** Resolves when the queue is empty and nothing is being sent. */
  idle: () => Promise<void>;
  stats: () => { sent: number; dropped: number; rateLimited: number; queued: number };
};

export function createBotChat(options: BotChatOptions): BotChat {
  const minInterval = options.minIntervalMs ?? 1000;
  const maxQueue = options.maxQueue ?? 20;
  const staleMs = options.staleMs ?? 30_000;
  const queue: Queued[] = [];
  let pumping: Promise<void> | null = null;
  let lastSentAt = -Infinity;
  const stats = { sent: 0, dropped: 0, rateLimited: 0 };

  function dropStale(): void {
    const cutoff = options.now() - staleMs;
    for (let i = queue.length - 1; i >= 0; i -= 1) {
      if (queue[i]!.queuedAt < cutoff) {
        queue.splice(i, 1);
        stats.dropped += 1;
      }
    }
  }

  async function pump(): Promise<void> {
    while (queue.length > 0) {
      dropStale();
      const next = queue[0];
      if (!next) break;
      const wait = lastSentAt + minInterval - options.now();
      if (wait > 0) await options.sleep(wait);
      try {
        await options.send({ content: next.content, replyTo: next.replyTo });
        queue.shift();
        stats.sent += 1;
        lastSentAt = options.now();
      } catch (error) {
        if (error instanceof KickRateLimited) {
          stats.rateLimited += 1;
          await options.sleep(Math.max(error.retryAfterMs, minInterval));
          continue;
        }
        queue.shift();
        stats.dropped += 1;
        options.onError?.(error);
      }
    }
  }

  function start(): void {
    pumping ??= pump().finally(() => {
      pumping = null;
      if (queue.length > 0) start();
    });
  }

  return {
    say(reply) {
      if (queue.length >= maxQueue) {
        stats.dropped += 1;
        return false;
      }
      queue.push({ ...reply, queuedAt: options.now() });
      start();
      return true;
    },
    async idle() {
      while (pumping) await pumping;
    },
    stats: () => ({ ...stats, queued: queue.length }),
  };
}

import { useEffect, useSyncExternalStore } from 'react';
import { LIVE_TOPIC_PATTERN, MAX_LIVE_TOPICS } from '@app/shared/api/live-topics';

/**
 * The public topics of the live channel (`race`, `raffle:<id>`, `hunt:<id>`, `dond`, `giveaways`) that the open pages
 * want, and the topics the channel is connected with now. A page adds its topics while it is open
 * (useLiveTopics); the channel (features/notifications/live-channel.ts) reconnects with the new set
 * and its last event id when the set changes, so nothing between is lost. Kept in lib, free of
 * TanStack Query: pages of several features use it, and the channel is a lazy chunk.
 */

export { MAX_LIVE_TOPICS };

const wanted = new Map<string, number>();
let connected: ReadonlySet<string> | null = null;
let snapshot: readonly string[] = ['race'];
const listeners = new Set<() => void>();

function changed(): void {
  const topics = ['race', ...[...wanted.keys()].filter((t) => t !== 'race').sort()].slice(0, MAX_LIVE_TOPICS);
  snapshot = topics;
  for (const listener of listeners) listener();
}

export const liveTopics = {
  /** The topics to connect with: `race` first, then the pages' (at most MAX_LIVE_TOPICS). */
  get: (): readonly string[] => snapshot,
  /** Adds topics while a page is open; returns their removal (counted: two users of one topic keep it). */
  add: (requested: readonly string[]): (() => void) => {
    // The server's rule for a topic: a page's bad id must not cost everyone the channel (a 400).
    const topics = requested.filter((t) => LIVE_TOPIC_PATTERN.test(t));
    for (const t of topics) wanted.set(t, (wanted.get(t) ?? 0) + 1);
    changed();
    return () => {
      for (const t of topics) {
        const n = (wanted.get(t) ?? 0) - 1;
        if (n > 0) wanted.set(t, n);
        else wanted.delete(t);
      }
      changed();
    };
  },
  /** The channel says which topics its open stream has (null: not connected). */
  setConnected: (topics: readonly string[] | null): void => {
    connected = topics ? new Set(topics) : null;
    for (const listener of listeners) listener();
  },
  /** Is the channel connected with all of these topics? */
  carries: (topics: readonly string[]): boolean => connected !== null && topics.every((t) => connected!.has(t)),
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/**
 * Subscribes the page to these topics while it is mounted; true while the channel is connected
 * with all of them (then the page's polling may rest: the events refetch), false otherwise.
 */
export function useLiveTopics(topics: readonly string[]): boolean {
  const key = topics.join(',');
  useEffect(() => {
    if (!key) return;
    return liveTopics.add(key.split(','));
  }, [key]);
  return useSyncExternalStore(
    liveTopics.subscribe,
    () => liveTopics.carries(topics),
    () => false,
  );
}

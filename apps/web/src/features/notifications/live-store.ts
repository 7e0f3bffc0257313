import { useSyncExternalStore } from 'react';

/**
 * The live channel's state the shell reads (the bell's unread count, whether the channel is up).
 * Small and free of TanStack Query and zod: the header imports it into the entry script (its 100 KB
 * budget); the channel itself (live-channel.ts) is a lazy chunk.
 */

type State = { unread: number | null; live: boolean };
let state: State = { unread: null, live: false };
const listeners = new Set<() => void>();

function set(next: Partial<State>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const liveState = {
  get: () => state,
  setUnread: (unread: number | null) => set({ unread }),
  setLive: (live: boolean) => set({ live }),
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The member's unread count; null until known. */
export function useUnreadCount(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => state.unread,
    () => null,
  );
}

/** Whether the live channel is connected (pages poll when it is not). */
export function useLiveChannelUp(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => state.live,
    () => false,
  );
}

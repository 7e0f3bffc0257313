import { useSyncExternalStore } from 'react';

/**
 * A round a page asks the Fairness dialog to verify (e.g. a finished Deal or No Deal round): the game
 * page opens the dialog on its Verify tab with these seeds and settings filled in.
 */
export type VerifyRequest = { game: string; serverSeed: string; clientSeed: string; nonce: number; settings?: Record<string, string> };

let request: VerifyRequest | null = null;
const listeners = new Set<() => void>();

/** Asks for the dialog (null: the dialog closed, nothing pending). */
export function requestVerify(next: VerifyRequest | null): void {
  request = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useVerifyRequest(): VerifyRequest | null {
  return useSyncExternalStore(
    subscribe,
    () => request,
    () => request,
  );
}

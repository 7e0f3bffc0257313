import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(cb: () => void): () => void {
  const mql = globalThis.matchMedia?.(QUERY);
  mql?.addEventListener('change', cb);
  return () => mql?.removeEventListener('change', cb);
}

function get(): boolean {
  return globalThis.matchMedia?.(QUERY).matches ?? false;
}

/** True when the person asked the system for less motion: animations are shortened or skipped. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, get, () => false);
}

import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const media = globalThis.matchMedia?.(QUERY);
  media?.addEventListener('change', onChange);
  return () => media?.removeEventListener('change', onChange);
}

/**
 * True when the person asked the system for less motion (WCAG 2.2.2 / 2.3.3). For code that reads it once, at the
 * moment a motion starts (a round's animation, a scroll); components that render differently use the hook.
 */
export function prefersReducedMotion(): boolean {
  return globalThis.matchMedia?.(QUERY).matches ?? false;
}

/** True while the person asks for less motion; follows the system setting as it changes. */
export function useReducedMotion(): boolean {
  // No server rendering here; were there one, no motion until the browser says otherwise.
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => true);
}

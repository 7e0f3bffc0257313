/** What the games keep in localStorage (the seed pair, an open blackjack hand), as JSON. */

/** The value stored under `key` when `isValue` accepts it; null when there is none, it is unreadable or storage is blocked. */
export function readStored<T>(key: string, isValue: (value: unknown) => value is T): T | null {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isValue(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Stores `value` under `key` (null removes it). Full or blocked storage (private mode) is passed over: the page still plays. */
export function writeStored(key: string, value: unknown): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // the value still lives for this page
  }
}

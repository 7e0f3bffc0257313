import { useEffect, useState } from 'react';

type UseNowOptions = {
  /** How often the clock is read again. */
  intervalMs?: number;
  /** Once this holds for the current time the timer stops (a countdown at zero). */
  isDone?: (now: number) => boolean;
};

// The web's one reader of the wall clock: components and hooks take "now" from here, so a test or a
// later server-synchronised clock has one place to change.

/** The clock (ms since the epoch) read once: a timer's delay, a value fixed when it is drawn (a form's defaults, the footer's year). */
export function readNow(): number {
  return Date.now();
}

/**
 * The clock (ms since the epoch), read again every `intervalMs` and when the tab comes back into view:
 * a countdown derived from it stays right when a background tab throttles timers.
 */
export function useNow({ intervalMs = 1000, isDone }: UseNowOptions = {}): number {
  const [now, setNow] = useState(readNow);
  const isRunning = !isDone?.(now);
  useEffect(() => {
    if (!isRunning) return;
    const update = () => setNow(readNow());
    const id = window.setInterval(update, intervalMs);
    document.addEventListener('visibilitychange', update);
    return () => {
      window.clearInterval(id);
      document.removeEventListener('visibilitychange', update);
    };
  }, [intervalMs, isRunning]);
  return now;
}

import { useEffect, useState } from 'react';

type UseNowOptions = {
  /** How often the clock is read again. */
  intervalMs?: number;
  /** Once this holds for the current time the timer stops (a countdown at zero). */
  isDone?: (now: number) => boolean;
};

/**
 * The clock (ms since the epoch), read again every `intervalMs` and when the tab comes back into view:
 * a countdown derived from it stays right when a background tab throttles timers.
 */
export function useNow({ intervalMs = 1000, isDone }: UseNowOptions = {}): number {
  const [now, setNow] = useState(() => Date.now());
  const isRunning = !isDone?.(now);
  useEffect(() => {
    if (!isRunning) return;
    const update = () => setNow(Date.now());
    const id = window.setInterval(update, intervalMs);
    document.addEventListener('visibilitychange', update);
    return () => {
      window.clearInterval(id);
      document.removeEventListener('visibilitychange', update);
    };
  }, [intervalMs, isRunning]);
  return now;
}

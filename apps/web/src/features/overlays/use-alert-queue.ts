import { useCallback, useEffect, useState } from 'react';
import { STREAM_ALERT_SHOW_MS, type StreamAlert } from '@app/shared/api/stream-alerts';

/**
 * Alerts one at a time: each shows for STREAM_ALERT_SHOW_MS, then the next in the order they came.
 * Answers the alert on screen (null: none) and the queue's `add`.
 */
export function useAlertQueue(): { current: StreamAlert | null; add: (alert: StreamAlert) => void } {
  const [queue, setQueue] = useState<StreamAlert[]>([]);
  const current = queue[0] ?? null;
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setQueue((q) => q.slice(1)), STREAM_ALERT_SHOW_MS);
    return () => clearTimeout(timer);
  }, [current]);
  const add = useCallback((alert: StreamAlert) => setQueue((q) => [...q, alert]), []);
  return { current, add };
}

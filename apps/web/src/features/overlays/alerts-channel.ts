import { StreamAlertSchema, type StreamAlert } from '@app/shared/api/stream-alerts';

/**
 * The alerts overlay's end of the live channel: a signed-out stream of the public `alerts` topic
 * (GET /api/events/public; broadcast software signs nobody in). It keeps the last event id it saw
 * and the ids of the alerts it took in this browser's storage: a reloaded overlay resumes after that
 * event (the server replays only what came later) and skips an alert id it took before, so an alert
 * never shows twice. EventSource reconnects by itself with Last-Event-ID; a stream the server
 * refused (429, 400) is opened again after a pause.
 */

const LAST_EVENT_KEY = 'overlay-alerts:last-event-id';
const SEEN_KEY = 'overlay-alerts:seen';
/** Ids remembered: far more than can arrive while the overlay reloads. */
const SEEN_MAX = 200;
const REOPEN_MS = 30_000;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage may be unavailable; the overlay then only avoids repeats while it stays open.
  }
}

function readSeen(): string[] {
  try {
    const list = JSON.parse(read(SEEN_KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** Opens the channel and hands each new alert to `onAlert`; returns its close. */
export function connectAlerts(onAlert: (alert: StreamAlert) => void): () => void {
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const seen = readSeen();

  const open = () => {
    if (stopped || typeof EventSource === 'undefined') return;
    const query = new URLSearchParams({ topics: 'alerts' });
    const last = read(LAST_EVENT_KEY);
    if (last && /^\d{1,15}$/.test(last)) query.set('lastEventId', last);
    const es = new EventSource(`/api/events/public?${query.toString()}`);
    source = es;
    es.addEventListener('alert', (event) => {
      const message = event as MessageEvent<string>;
      if (message.lastEventId) write(LAST_EVENT_KEY, message.lastEventId);
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      const parsed = StreamAlertSchema.safeParse(data);
      if (!parsed.success || seen.includes(parsed.data.id)) return;
      seen.push(parsed.data.id);
      if (seen.length > SEEN_MAX) seen.splice(0, seen.length - SEEN_MAX);
      write(SEEN_KEY, JSON.stringify(seen));
      onAlert(parsed.data);
    });
    es.onerror = () => {
      // CLOSED: the server refused the stream (EventSource does not retry that); else it retries itself.
      if (es.readyState !== EventSource.CLOSED || stopped) return;
      source = null;
      timer = setTimeout(open, REOPEN_MS);
    };
  };

  open();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    source?.close();
    source = null;
  };
}

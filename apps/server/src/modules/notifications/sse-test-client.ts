import { afterEach, beforeAll } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { useTestAppWithAdmin } from '../../test/factories.ts';
/** A server-sent events reader for tests (fetch's body stream): frames as they arrive, and waits for one. */

export type SseFrame = { id: string | null; event: string; data: string; comment: boolean };

export type SseClient = {
  status: number;
  frames: SseFrame[];
  /** Resolves with the first frame (already received or coming) that matches; rejects after timeoutMs. */
  next: (match: (frame: SseFrame) => boolean, timeoutMs?: number) => Promise<SseFrame>;
  close: () => void;
  /** True once the server ended the stream. */
  ended: () => boolean;
  /** Resolves when the server ends the stream; rejects after timeoutMs. */
  end: (timeoutMs?: number) => Promise<void>;
};

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const frames: SseFrame[] = [];
  const waiters = new Set<() => void>();
  let ended = false;
  if (res.ok && res.body) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) {
            ended = true;
            for (const wake of [...waiters]) wake();
            break;
          }
          buffer += decoder.decode(value, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const frame: SseFrame = { id: null, event: 'message', data: '', comment: false };
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) frame.comment = true;
              else if (line.startsWith('id: ')) frame.id = line.slice(4);
              else if (line.startsWith('event: ')) frame.event = line.slice(7);
              else if (line.startsWith('data: ')) frame.data += line.slice(6);
            }
            frames.push(frame);
            for (const wake of [...waiters]) wake();
          }
        }
      } catch {
        // Aborted by close().
      }
    })();
  }
  const next = (match: (frame: SseFrame) => boolean, timeoutMs = 10_000) =>
    new Promise<SseFrame>((resolve, reject) => {
      const check = () => {
        const found = frames.find(match);
        if (!found) return false;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(frames)}`));
      }, timeoutMs);
      if (!check()) waiters.add(check);
    });
  const end = (timeoutMs = 10_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!ended) return false;
        waiters.delete(check);
        clearTimeout(timer);
        resolve();
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`the stream did not end within ${timeoutMs} ms`));
      }, timeoutMs);
      if (!check()) waiters.add(check);
    });
  return { status: res.status, frames, next, close: () => controller.abort(), ended: () => ended, end };
}

/**
 * A test app (with an admin, on a manual clock) listening on a free port, for the tests that read a
 * real event stream: `server.base` is its address once listening; streams pushed to `open` are
 * closed after each test.
 */
export function useListeningTestApp() {
  const clock = new ManualClock('2026-11-23T12:00:00.000Z');
  const { t, admin } = useTestAppWithAdmin({}, { clock });
  const server = { base: '' };
  const open: SseClient[] = [];
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    server.base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.close();
  });
  return { clock, t, admin, server, open };
}

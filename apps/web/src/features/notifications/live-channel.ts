import { SUPERSEDED_EVENT, type BalanceEventData, type LiveEventName, type NotificationEventData } from '@app/shared/api/notifications';
import { api } from '@/lib/api-client';
import { getCurrentUser } from '@/lib/api/get-current-user';
import {
  bonusHuntsQueryKey,
  challengesQueryKey,
  dealOrNoDealQueryKey,
  giveawaysQueryKey,
  kingOfTheHillQueryKey,
  levelRewardsQueryKey,
  notificationsQueryKey,
  rafflesQueryKey,
  storeQueryKey,
} from '@/lib/api/query-keys';
import { liveTopics } from '@/lib/live-topics';
import { queryClient } from '@/lib/query-client';
import { liveState } from './live-store';

/**
 * The browser's end of GET /api/events (a lazy chunk, started by the bell once a member is signed
 * in). EventSource cannot send the Authorization header, so each connection asks for a short-lived
 * ticket first; when the stream drops, a new one is opened with a new ticket and the last event id,
 * and the server replays what was missed. Caches the events make stale are invalidated, so pages
 * refetch at once; when the channel is down they keep their usual polling. The public topics are
 * the ones the open pages want (lib/live-topics.ts): when that set changes, the stream is replaced
 * by one with the new set, resuming after the last event id. A ticket opens one stream, once.
 *
 * The server keeps a few streams per member and closes the oldest for a new one with a last
 * `superseded` event: that tab then waits until it is looked at again (visibilitychange) before it
 * reconnects, instead of closing another tab's stream at once, which would close the next, and so on.
 */

const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/** Each public topic's event name and the cache its pages read. */
const TOPIC_CACHES: readonly (readonly [LiveEventName, readonly unknown[]])[] = [
  ['race', ['leaderboard']],
  ['raffle', rafflesQueryKey],
  ['hunt', bonusHuntsQueryKey],
  ['dond', dealOrNoDealQueryKey],
  ['giveaway', giveawaysQueryKey],
  // The predictions page, the overlay and the dashboard's link (their caches start with 'predictions').
  ['prediction', ['predictions']],
];

export type LiveChannelOptions = { onPoints: (points: number) => void };

export function connectLiveChannel(options: LiveChannelOptions): () => void {
  let source: EventSource | null = null;
  let stopped = false;
  let failures = 0;
  let lastEventId: string | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let reopenTimer: ReturnType<typeof setTimeout> | null = null;
  /** The topics of the open stream. */
  let sourceTopics = '';
  /** Set while a superseded tab waits to be looked at again. */
  let onVisible: (() => void) | null = null;

  /** Bumped by each event that carries the unread count, or the balance: a read sent before one must not undo it. */
  const seen = { unread: 0, points: 0 };

  const refreshUnread = async () => {
    const sent = seen.unread;
    try {
      const page = await api.get<{ unreadCount: number }>('/api/notifications?pageSize=1');
      if (!stopped && seen.unread === sent) liveState.setUnread(page.unreadCount);
    } catch {
      // The bell shows no count until the next event.
    }
  };

  const refreshPoints = async () => {
    const sent = seen.points;
    // Null when it cannot be read: the header keeps its balance until the next event.
    const user = await getCurrentUser();
    if (user && !stopped && seen.points === sent) options.onPoints(user.points);
  };

  const track = (event: MessageEvent) => {
    if (event.lastEventId) lastEventId = event.lastEventId;
  };

  const open = async () => {
    if (stopped || typeof EventSource === 'undefined') return;
    let ticket: string;
    try {
      ticket = (await api.post<{ ticket: string }>('/api/events/ticket')).ticket;
    } catch {
      return retry();
    }
    if (stopped) return;
    // The featured race's standings (always), and the topics of the open pages (a raffle, a hunt).
    const topics = liveTopics.get();
    const query = new URLSearchParams({ ticket, topics: topics.join(',') });
    const resumes = lastEventId !== null;
    if (lastEventId) query.set('lastEventId', lastEventId);
    const es = new EventSource(`/api/events?${query.toString()}`);
    source = es;
    sourceTopics = topics.join(',');
    es.onopen = () => {
      failures = 0;
      liveState.setLive(true);
      liveTopics.setConnected(topics);
      // A stream that replays nothing (the first one): what changed between the page's own reads and
      // this open came as no event (an order declined meanwhile left the header's balance from
      // before its refund). Read now that the stream is open, so anything later comes as an event.
      if (!resumes) {
        void refreshUnread();
        void refreshPoints();
      }
    };
    es.addEventListener('notification', (event) => {
      track(event);
      const data = JSON.parse(event.data as string) as NotificationEventData;
      seen.unread += 1;
      liveState.setUnread(data.unreadCount);
      void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
      const type = data.notification.type;
      if (type.startsWith('order_') || type === 'admin_order_pending') void queryClient.invalidateQueries({ queryKey: storeQueryKey });
      if (type === 'raffle_won') void queryClient.invalidateQueries({ queryKey: rafflesQueryKey });
      if (type === 'level_reached') void queryClient.invalidateQueries({ queryKey: levelRewardsQueryKey });
      if (type.startsWith('koth_') || type === 'admin_claim_pending') void queryClient.invalidateQueries({ queryKey: kingOfTheHillQueryKey });
      if (type.startsWith('challenge_') || type === 'admin_challenge_claim_pending') void queryClient.invalidateQueries({ queryKey: challengesQueryKey });
    });
    es.addEventListener('balance', (event) => {
      track(event);
      const data = JSON.parse(event.data as string) as BalanceEventData;
      seen.points += 1;
      options.onPoints(data.points);
    });
    // A public topic's event makes its pages' cache stale: they refetch at once.
    for (const [name, queryKey] of TOPIC_CACHES) {
      es.addEventListener(name, (event) => {
        track(event);
        void queryClient.invalidateQueries({ queryKey });
      });
    }
    es.addEventListener(SUPERSEDED_EVENT, () => {
      es.close();
      if (source !== es) return;
      source = null;
      liveState.setLive(false);
      liveTopics.setConnected(null);
      waitUntilVisible();
    });
    es.addEventListener('resync', () => {
      void refreshUnread();
      void refreshPoints();
      void queryClient.invalidateQueries();
    });
    es.onerror = () => {
      // The ticket of this URL may have expired: a new connection with a new ticket, not EventSource's own retry.
      es.close();
      if (source !== es) return;
      source = null;
      liveState.setLive(false);
      liveTopics.setConnected(null);
      retry();
    };
  };

  const waitUntilVisible = () => {
    if (stopped || onVisible || typeof document === 'undefined') return;
    const listener = () => {
      if (document.visibilityState !== 'visible') return;
      document.removeEventListener('visibilitychange', listener);
      onVisible = null;
      void open();
    };
    onVisible = listener;
    document.addEventListener('visibilitychange', listener);
  };

  const retry = () => {
    if (stopped || timer) return;
    const delay = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!;
    failures += 1;
    timer = setTimeout(() => {
      timer = null;
      void open();
    }, delay);
  };

  // A page added or removed topics: a new stream with the new set replaces the open one (a
  // connection on its way, or waiting to retry, takes the new set anyway). Coalesced, so a page
  // change that removes one topic and adds another reconnects once.
  const stopTopics = liveTopics.subscribe(() => {
    if (reopenTimer || stopped) return;
    reopenTimer = setTimeout(() => {
      reopenTimer = null;
      const es = source;
      if (stopped || !es || sourceTopics === liveTopics.get().join(',')) return;
      es.close();
      source = null;
      liveTopics.setConnected(null);
      void open();
    }, 0);
  });

  void refreshUnread();
  void open();
  return () => {
    stopped = true;
    stopTopics();
    if (timer) clearTimeout(timer);
    if (reopenTimer) clearTimeout(reopenTimer);
    if (onVisible) document.removeEventListener('visibilitychange', onVisible);
    source?.close();
    source = null;
    liveTopics.setConnected(null);
    liveState.setLive(false);
    liveState.setUnread(null);
  };
}

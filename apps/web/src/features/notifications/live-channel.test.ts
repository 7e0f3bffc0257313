import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bonusHuntsQueryKey, dealOrNoDealQueryKey, giveawaysQueryKey, rafflesQueryKey } from '@/lib/api/query-keys';
import { liveTopics } from '@/lib/live-topics';
import { queryClient } from '@/lib/query-client';
import { connectLiveChannel } from './live-channel';
import { liveState } from './live-store';

const api = vi.hoisted(() => ({
  tickets: 0,
  unread: 0,
  points: 0,
  /** GET /api/auth/me answers once this resolves (by default at once). */
  meGate: Promise.resolve() as Promise<void>,
  reads: [] as string[],
}));
vi.mock('@/lib/api-client', () => ({
  api: {
    get: async (path: string) => {
      api.reads.push(path);
      if (path !== '/api/auth/me') return { unreadCount: api.unread };
      const points = api.points;
      await api.meGate;
      return { user: { points } };
    },
    post: async () => {
      api.tickets += 1;
      return { ticket: `t${api.tickets}` };
    },
  },
}));

/** A stand-in for the browser's EventSource: the test opens it, sends events and fails it. */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  readonly url: URL;
  closed = false;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly handlers = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(url: string) {
    this.url = new URL(url, 'http://localhost');
    FakeEventSource.all.push(this);
  }
  addEventListener(name: string, handler: (event: MessageEvent) => void) {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), handler]);
  }
  close() {
    this.closed = true;
  }
  send(name: string, data: unknown, id: string) {
    for (const h of this.handlers.get(name) ?? []) h(new MessageEvent(name, { data: JSON.stringify(data), lastEventId: id }));
  }
  get topics() {
    return this.url.searchParams.get('topics');
  }
}

const RAFFLE = 'raffle:11111111-1111-4111-8111-111111111111';
const HUNT = 'hunt:22222222-2222-4222-8222-222222222222';
const latest = () => FakeEventSource.all.at(-1)!;
const opened = async (count: number) => {
  await vi.waitFor(() => expect(FakeEventSource.all).toHaveLength(count));
  latest().onopen?.();
  return latest();
};

describe('the live channel and the pages’ topics', () => {
  let stop: () => void = () => {};
  beforeEach(() => {
    FakeEventSource.all = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    stop();
    vi.unstubAllGlobals();
  });

  it('connects with race; a page adding a topic replaces the stream by one with the new set after the last event id; removing it does too', async () => {
    stop = connectLiveChannel({ onPoints: () => {} });
    const first = await opened(1);
    expect(first.topics).toBe('race');
    first.send('race', { leaderboardId: 'x' }, '41');

    const remove = liveTopics.add([RAFFLE]);
    const second = await opened(2);
    expect(first.closed).toBe(true);
    expect(second.topics).toBe(`race,${RAFFLE}`);
    expect(second.url.searchParams.get('lastEventId')).toBe('41');

    remove();
    const third = await opened(3);
    expect(second.closed).toBe(true);
    expect(third.topics).toBe('race');
  });

  it('a topic event refetches its caches: raffle the raffles, hunt the bonus hunts, dond the Deal or No Deal round, giveaway the giveaways', async () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const remove = liveTopics.add([RAFFLE, HUNT, 'dond']);
    stop = connectLiveChannel({ onPoints: () => {} });
    const es = await opened(1);
    expect(es.topics).toBe(`race,dond,${HUNT},${RAFFLE}`);
    es.send('raffle', { raffleId: RAFFLE.slice(7), entries: 3, drawn: false }, '7');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: rafflesQueryKey });
    es.send('hunt', { huntId: HUNT.slice(5), status: 'opening' }, '8');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: bonusHuntsQueryKey });
    es.send('dond', { roundId: '44444444-4444-4444-8444-444444444444', status: 'playing' }, '9');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: dealOrNoDealQueryKey });
    es.send('giveaway', { giveawayId: '55555555-5555-4555-8555-555555555555' }, '10');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: giveawaysQueryKey });
    remove();
    invalidate.mockRestore();
  });

  it('a first stream reads the unread count and the balance once open (a change before it came as no event); a resumed one does not', async () => {
    api.reads = [];
    api.unread = 0;
    api.points = 400;
    const balances: number[] = [];
    stop = connectLiveChannel({ onPoints: (points) => balances.push(points) });
    await vi.waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
    expect(balances).toEqual([]);
    // An order declined after the page's own reads, before the stream opened: a refund and a notification.
    api.unread = 1;
    api.points = 500;
    const es = await opened(1);
    await vi.waitFor(() => expect(balances).toEqual([500]));
    await vi.waitFor(() => expect(liveState.get().unread).toBe(1));

    // A stream that resumes after an event id replays what it missed: no reads.
    es.send('race', { leaderboardId: 'x' }, '5');
    const reads = api.reads.length;
    es.onerror?.();
    await vi.waitFor(() => expect(FakeEventSource.all).toHaveLength(2), { timeout: 5000 });
    latest().onopen?.();
    expect(latest().url.searchParams.get('lastEventId')).toBe('5');
    expect(api.reads.length).toBe(reads);
  });

  it("a balance event that overtakes the open's read wins over the read's older balance", async () => {
    let release = () => {};
    api.meGate = new Promise<void>((resolve) => {
      release = resolve;
    });
    api.points = 400;
    const balances: number[] = [];
    stop = connectLiveChannel({ onPoints: (points) => balances.push(points) });
    const es = await opened(1);
    es.send('balance', { points: 500 }, '3');
    release();
    await vi.waitFor(() => expect(api.reads).toContain('/api/auth/me'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(balances).toEqual([500]);
    api.meGate = Promise.resolve();
  });

  it('a stream superseded by a newer one of the member (another tab) waits until the tab is looked at again, then resumes', async () => {
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    stop = connectLiveChannel({ onPoints: () => {} });
    const es = await opened(1);
    es.send('race', { leaderboardId: 'x' }, '12');
    const tickets = api.tickets;
    es.send('superseded', {}, '');
    expect(es.closed).toBe(true);
    expect(liveState.get().live).toBe(false);
    // Longer than the first retry's wait: no new ticket, no new stream (it would close another tab's).
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    document.dispatchEvent(new Event('visibilitychange'));
    expect(FakeEventSource.all).toHaveLength(1);
    expect(api.tickets).toBe(tickets);

    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    const again = await opened(2);
    expect(again.url.searchParams.get('lastEventId')).toBe('12');
    expect(api.tickets).toBe(tickets + 1);
    visibility.mockRestore();
  });

  it('says which topics it carries: none while it is down, so the pages poll', async () => {
    const remove = liveTopics.add([HUNT]);
    stop = connectLiveChannel({ onPoints: () => {} });
    expect(liveTopics.carries([HUNT])).toBe(false);
    const es = await opened(1);
    expect(liveTopics.carries([HUNT])).toBe(true);
    es.onerror?.();
    expect(liveTopics.carries([HUNT])).toBe(false);
    remove();
  });
});

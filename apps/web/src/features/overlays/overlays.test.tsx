import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Giveaway } from '@app/shared/api/giveaways';
import type { PublicLeaderboard } from '@app/shared/api/races';
import type { StreamAlert } from '@app/shared/api/stream-alerts';
import { drawnGiveaway } from '@/test/giveaway-fixtures';
import AlertsOverlayPage from './alerts-overlay-page';
import GiveawayOverlayPage, { timeLeft } from './giveaway-overlay-page';
import LeaderboardOverlayPage from './leaderboard-overlay-page';

/** A stand-in for the browser's EventSource: the test delivers the server's events. */
class FakeEventSource extends EventTarget {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  send(id: number, alert: StreamAlert) {
    this.dispatchEvent(new MessageEvent('alert', { data: JSON.stringify(alert), lastEventId: String(id) }));
  }
}

const alert = (id: string, type: StreamAlert['type'], name: string | null, amount: number | null = null): StreamAlert => ({
  id,
  type,
  platform: 'Kick',
  name,
  amount,
  currency: type === 'currency' ? 'KICKs' : null,
});

function renderAt(url: string, path: string, element: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path, element }], { initialEntries: [url] });
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

function serve(routes: Record<string, unknown>) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const body = routes[String(input)];
    return body === undefined
      ? new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } })
      : new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  document.documentElement.className = '';
});

describe('the alerts overlay', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });

  it('shows alerts one at a time for 5 s each, in order, and nothing after', async () => {
    vi.useFakeTimers();
    renderAt('/overlay/alerts', '/overlay/alerts', <AlertsOverlayPage />);
    const es = FakeEventSource.opened.at(-1)!;
    expect(es.url).toBe('/api/events/public?topics=alerts');
    const status = screen.getByRole('status');
    act(() => {
      es.send(10, alert('a', 'follow', 'Fan'));
      es.send(11, alert('b', 'gift', 'Giver', 5));
      es.send(12, alert('c', 'currency', 'Rich', 1000));
    });
    expect(status.textContent).toContain('Fan followed!');
    act(() => vi.advanceTimersByTime(4_999));
    expect(status.textContent).toContain('Fan followed!');
    act(() => vi.advanceTimersByTime(1));
    expect(status.textContent).toContain('Giver gifted 5 subs!');
    expect(status.textContent).not.toContain('Fan');
    act(() => vi.advanceTimersByTime(5_000));
    expect(status.textContent).toContain('Rich sent 1,000 KICKs!');
    act(() => vi.advanceTimersByTime(5_000));
    expect(status.textContent).toBe('');
  });

  it('?types= shows only the kinds asked for', () => {
    vi.useFakeTimers();
    renderAt('/overlay/alerts?types=sub,gift', '/overlay/alerts', <AlertsOverlayPage />);
    const es = FakeEventSource.opened.at(-1)!;
    act(() => {
      es.send(1, alert('f', 'follow', 'Follower'));
      es.send(2, alert('s', 'sub', 'Subber'));
    });
    expect(screen.getByRole('status').textContent).toContain('Subber subscribed!');
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('after a reload resumes after the last event and never shows an alert id twice', () => {
    vi.useFakeTimers();
    const first = renderAt('/overlay/alerts', '/overlay/alerts', <AlertsOverlayPage />);
    act(() => FakeEventSource.opened.at(-1)!.send(41, alert('once', 'follow', 'Fan')));
    expect(screen.getByRole('status').textContent).toContain('Fan followed!');
    first.unmount();

    renderAt('/overlay/alerts', '/overlay/alerts', <AlertsOverlayPage />);
    const again = FakeEventSource.opened.at(-1)!;
    expect(again.url).toBe('/api/events/public?topics=alerts&lastEventId=41');
    // Delivered again all the same (another server's replay): not shown.
    act(() => again.send(41, alert('once', 'follow', 'Fan')));
    expect(screen.getByRole('status').textContent).toBe('');
    act(() => again.send(42, alert('new', 'sub', 'Other')));
    expect(screen.getByRole('status').textContent).toContain('Other subscribed!');
  });

  it('is dark by default whatever the stored theme, light on ?theme=light, and scales its root size', () => {
    localStorage.setItem('theme', 'light');
    const page = renderAt('/overlay/alerts?scale=2', '/overlay/alerts', <AlertsOverlayPage />);
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(parseFloat(document.documentElement.style.fontSize)).toBeCloseTo((80 / 3) * 2, 3);
    page.unmount();
    renderAt('/overlay/alerts?theme=light&scale=9', '/overlay/alerts', <AlertsOverlayPage />);
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(parseFloat(document.documentElement.style.fontSize)).toBeCloseTo((80 / 3) * 3, 3);
  });
});

describe('the giveaway overlay', () => {
  const open = (): Giveaway => ({
    ...drawnGiveaway(),
    status: 'Open',
    keyword: '!win',
    entries: 12,
    closesAt: new Date(Date.now() + 125_000).toISOString(),
    closedAt: null,
    drawnAt: null,
    winnerList: [],
  });

  it("shows the open giveaway's keyword, live entry count and time left", async () => {
    serve({ '/api/giveaways': { giveaways: [open(), drawnGiveaway()] } });
    renderAt('/overlay/giveaway', '/overlay/giveaway', <GiveawayOverlayPage />);
    expect(await screen.findByText('!win')).toBeTruthy();
    expect(screen.getByText('12 entries')).toBeTruthy();
    expect(screen.getByText(/^2:0[45] left$/)).toBeTruthy();
  });

  it('then its winners, masked, without the replaced one', async () => {
    serve({ '/api/giveaways': { giveaways: [drawnGiveaway()] } });
    renderAt('/overlay/giveaway', '/overlay/giveaway', <GiveawayOverlayPage />);
    const winners = await screen.findByRole('list', { name: 'Winners' });
    expect(
      within(winners)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1. de***f']);
  });

  it('formats the time left', () => {
    expect(timeLeft('2026-01-01T01:02:03Z', Date.parse('2026-01-01T00:00:00Z'))).toBe('1:02:03');
    expect(timeLeft('2026-01-01T00:00:09Z', Date.parse('2026-01-01T00:00:00Z'))).toBe('0:09');
    expect(timeLeft('2026-01-01T00:00:00Z', Date.parse('2026-01-01T00:01:00Z'))).toBe('0:00');
  });
});

describe('the leaderboard overlay', () => {
  const board: PublicLeaderboard = {
    race: {
      id: 'r1',
      name: 'November race',
      partnerId: 'p1',
      metric: 'Total Wager',
      startDate: '2026-11-01T00:00:00.000Z',
      endDate: '2026-12-01T00:00:00.000Z',
      prizePool: 1000,
      prizes: [],
      isGlobalRaffle: false,
      wagerToTicketRatio: 100,
    },
    participants: 18,
    standings: Array.from({ length: 18 }, (_, i) => ({
      position: i + 1,
      id: `s${i}`,
      username: `pl***${i}`,
      wagered: 1000 - i,
      tickets: 0,
      prize: i < 3 ? 100 : 0,
      gapToAbove: i === 0 ? null : 1,
    })),
    updatedAt: '2026-11-29T00:00:00.000Z',
    delayed: false,
    dataAsOf: null,
  };

  it('lists the featured race masked, ?rows=N rows (10 by default)', async () => {
    serve({ '/api/leaderboard': board });
    const page = renderAt('/overlay/leaderboard?rows=3', '/overlay/leaderboard', <LeaderboardOverlayPage />);
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 3);
    expect(table.textContent).toContain('pl***0');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('November race');
    page.unmount();
    renderAt('/overlay/leaderboard?rows=nope', '/overlay/leaderboard', <LeaderboardOverlayPage />);
    expect(within(await screen.findByRole('table')).getAllByRole('row')).toHaveLength(1 + 10);
  });
});

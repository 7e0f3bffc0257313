import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HuntDetail } from '@app/shared/api/bonus-hunts';
import { liveTopics } from '@/lib/live-topics';
import type { Session } from '@/lib/session';
import { testMember, testSession } from '@/test/session-user';
import HuntPage from './hunt-page';

const session = vi.hoisted(() => ({ current: null as unknown as Session }));
vi.mock('@/lib/session', () => ({ useSession: () => session.current }));

const ID = '33333333-3333-4333-8333-333333333333';
const detail: HuntDetail = {
  hunt: {
    id: ID,
    title: 'Friday hunt',
    casino: 'Stake',
    currency: 'USD',
    startBalance: 100000,
    status: 'collecting',
    isGuessingOpen: true,
    entryCost: 0,
    prizes: [500],
    finalBalance: null,
    guessCount: 0,
    createdAt: '2026-11-20T12:00:00.000Z',
    figures: {
      totalCost: 100000,
      collected: 0,
      opened: 0,
      totalBets: 0,
      wonSoFar: 0,
      profit: -100000,
      averageX: null,
      breakEvenX: null,
      bestX: null,
      worstX: null,
      providers: [],
    },
  },
  bonuses: [],
  guesses: null,
  myGuess: null,
};

let reads = 0;
let served: HuntDetail = detail;
beforeEach(() => {
  reads = 0;
  served = detail;
  session.current = testSession({ user: null });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    if (String(input) === `/api/bonus-hunts/${ID}`) {
      reads += 1;
      return new Response(JSON.stringify(served), { status: 200, headers: { 'content-type': 'application/json' } });
    }
    return new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('HuntPage and the live channel', () => {
  it('subscribes to its hunt while open, polls only while the channel does not carry it, and lets the topic go on close', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter([{ path: '/bonus-hunts/:id', element: <HuntPage /> }], { initialEntries: [`/bonus-hunts/${ID}`] });
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await screen.findByRole('button', { name: 'Sign in to guess' });
    expect(liveTopics.get()).toEqual(['race', `hunt:${ID}`]);
    const polled = reads;
    await act(async () => vi.advanceTimersByTimeAsync(60_000));
    expect(reads).toBeGreaterThan(polled);

    act(() => liveTopics.setConnected(liveTopics.get()));
    const resting = reads;
    await act(async () => vi.advanceTimersByTimeAsync(60_000));
    expect(reads).toBe(resting);

    act(() => liveTopics.setConnected(null));
    await act(async () => vi.advanceTimersByTimeAsync(60_000));
    expect(reads).toBeGreaterThan(resting);

    act(() => router.dispose());
    cleanup();
    expect(liveTopics.get()).toEqual(['race']);
  });
});

describe('HuntPage guesses', () => {
  it("shows the names as the server masked them and marks the member's own guess as theirs", async () => {
    session.current = testSession({ user: testMember({ username: 'demo_player' }) });
    const guess = (id: string, username: string, amount: number) => ({
      id,
      username,
      amount,
      at: '2026-11-20T12:00:00.000Z',
      difference: null,
      place: null,
      prize: null,
    });
    served = {
      ...detail,
      hunt: { ...detail.hunt, status: 'opening', guessCount: 3 },
      // Two masked names alike: the rows are told apart by their ids.
      guesses: [guess('g1', 'al***e', 5000), guess('g2', 'de********r', 7000), guess('g3', 'al***e', 9000)],
      myGuess: { id: 'g2', amount: 7000, at: '2026-11-20T12:00:00.000Z' },
    };
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter([{ path: '/bonus-hunts/:id', element: <HuntPage /> }], { initialEntries: [`/bonus-hunts/${ID}`] });
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const table = await screen.findByRole('table', { name: 'Every guess' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['al***e$50.00', 'de********rYou$70.00', 'al***e$90.00']);
    // The member's own row is the current one; the plain username is never drawn.
    expect(within(table).getByRole('row', { current: true }).textContent).toBe('de********rYou$70.00');
    expect(screen.queryByText('demo_player')).toBeNull();
    act(() => router.dispose());
  });
});

describe('HuntPage for viewers and admins', () => {
  async function renderClosedHunt(guessCount: number) {
    served = { ...detail, hunt: { ...detail.hunt, status: 'opening', guessCount }, guesses: [] };
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter([{ path: '/bonus-hunts/:id', element: <HuntPage /> }], { initialEntries: [`/bonus-hunts/${ID}`] });
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await screen.findByRole('heading', { name: /Friday hunt/ });
    return router;
  }

  it('counts the published guesses in words that agree ("1 guess is", "2 guesses are")', async () => {
    const router = await renderClosedHunt(1);
    expect(await screen.findByText(/Guessing is closed; 1 guess is published below\./)).toBeTruthy();
    act(() => router.dispose());
    cleanup();
    const again = await renderClosedHunt(2);
    expect(await screen.findByText(/Guessing is closed; 2 guesses are published below\./)).toBeTruthy();
    act(() => again.dispose());
  });

  it('says guessing is closed, with no form, when the admin closed it before the opening', async () => {
    session.current = testSession({ user: testMember() });
    served = { ...detail, hunt: { ...detail.hunt, isGuessingOpen: false } };
    const router = createMemoryRouter([{ path: '/bonus-hunts/:id', element: <HuntPage /> }], { initialEntries: [`/bonus-hunts/${ID}`] });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Guessing is closed for this hunt; the guesses are published when the opening starts.')).toBeTruthy();
    expect(screen.queryByLabelText('Final balance (USD)')).toBeNull();
    act(() => router.dispose());
  });

  it('shows the Stream overlay button to admins only', async () => {
    session.current = testSession({ user: testMember() });
    const router = await renderClosedHunt(0);
    expect(screen.queryByRole('link', { name: 'Stream overlay' })).toBeNull();
    act(() => router.dispose());
    cleanup();
    session.current = testSession({ user: testMember({ isAdmin: true }) });
    const again = await renderClosedHunt(0);
    expect(screen.getByRole('link', { name: 'Stream overlay' }).getAttribute('href')).toBe(`/overlay/bonus-hunt/${ID}`);
    act(() => again.dispose());
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bonus, HuntDetail, HuntStatus } from '@app/shared/api/bonus-hunts';
import { huntFigures } from '@app/shared/domain/bonus-hunt-stats';
import OverlayPage, { HUNT_OVERLAY_PAGE_MS } from './overlay-page';

const ID = '55555555-5555-4555-8555-555555555555';
const bonus = (n: number, win: number | null): Bonus => ({
  id: `b${n}`,
  position: n,
  slotId: null,
  slotName: `Slot ${n}`,
  provider: null,
  bet: 100,
  win,
  multiplier: win === null ? null : win / 100,
  guessCount: 0,
  bestGuess: null,
});

function detailOf(status: HuntStatus, bonuses: Bonus[], finalBalance: number | null = null, guesses: HuntDetail['guesses'] = null): HuntDetail {
  return {
    hunt: {
      id: ID,
      title: 'Friday hunt',
      casino: 'Stake',
      currency: 'USD',
      startBalance: 100000,
      status,
      isGuessingOpen: false,
      entryCost: 0,
      prizes: [500],
      finalBalance,
      guessCount: 2,
      createdAt: '2026-11-25T12:00:00.000Z',
      figures: huntFigures(100000, bonuses),
    },
    bonuses,
    guesses,
  };
}

let served: HuntDetail;
beforeEach(() => {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) =>
    String(input) === `/api/bonus-hunts/${ID}`
      ? new Response(JSON.stringify(served), { status: 200, headers: { 'content-type': 'application/json' } })
      : new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/overlay/bonus-hunt/:id', element: <OverlayPage /> }], { initialEntries: [url] });
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const slotNames = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[1]!.textContent);

describe('the bonus hunt overlay', () => {
  it('?rows=N caps the rows and pages through the rest, numbered in the whole list', async () => {
    served = detailOf('opening', [bonus(1, 500), bonus(2, null), bonus(3, null), bonus(4, null), bonus(5, null)]);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderAt(`/overlay/bonus-hunt/${ID}?rows=2`);
    await screen.findByRole('table');
    expect(slotNames()).toEqual(['Slot 1', 'Slot 2 (opening now)']);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    act(() => vi.advanceTimersByTime(HUNT_OVERLAY_PAGE_MS));
    expect(slotNames()).toEqual(['Slot 3', 'Slot 4']);
    expect(within(screen.getByRole('table')).getAllByRole('row')[1]!.textContent).toMatch(/^3/);
    act(() => vi.advanceTimersByTime(HUNT_OVERLAY_PAGE_MS));
    expect(slotNames()).toEqual(['Slot 5']);
    act(() => vi.advanceTimersByTime(HUNT_OVERLAY_PAGE_MS));
    expect(slotNames()).toEqual(['Slot 1', 'Slot 2 (opening now)']);
    expect(screen.getByText('Won so far')).toBeTruthy();
  });

  it('lists every bonus on one page when they fit (8 rows by default)', async () => {
    served = detailOf(
      'collecting',
      Array.from({ length: 8 }, (_, i) => bonus(i + 1, null)),
    );
    renderAt(`/overlay/bonus-hunt/${ID}`);
    await screen.findByRole('table');
    expect(slotNames()).toHaveLength(8);
    expect(screen.queryByText(/^Page /)).toBeNull();
  });

  it('finished: the final balance and the Guess the Balance winners instead of "Won so far"', async () => {
    served = detailOf('finished', [bonus(1, 1000), bonus(2, 0)], 1000, [
      { id: 'g1', username: 'ab***c', amount: 1100, at: '2026-11-25T12:00:00.000Z', difference: 100, place: 1, prize: 500 },
      { id: 'g2', username: 'de***f', amount: 9000, at: '2026-11-25T12:00:00.000Z', difference: 8000, place: null, prize: null },
    ]);
    renderAt(`/overlay/bonus-hunt/${ID}`);
    const winners = await screen.findByRole('list', { name: 'Guess the Balance winners' });
    expect(
      within(winners)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1. ab***c$11.00500 pts']);
    expect(screen.getByText('Final balance')).toBeTruthy();
    expect(screen.getByText('$10.00')).toBeTruthy();
    expect(screen.queryByText('Won so far')).toBeNull();
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bonus, HuntDetail, HuntStatus } from '@app/shared/api/bonus-hunts';
import { huntFigures } from '@app/shared/domain/bonus-hunt-stats';
import { BonusHuntsScreen } from './bonus-hunts-screen';

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/sonner', () => ({ toast: toastMock }));

const ID = '44444444-4444-4444-8444-444444444444';
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const bonus = (n: number, bet: number, win: number | null): Bonus => ({
  id: `b${n}`,
  position: n,
  slotId: null,
  slotName: `Slot ${n}`,
  provider: null,
  bet,
  win,
  multiplier: win === null ? null : win / bet,
  guessCount: 0,
  bestGuess: null,
});

function detailOf(status: HuntStatus, bonuses: Bonus[], extra: Partial<HuntDetail['hunt']> = {}, guesses: HuntDetail['guesses'] = null): HuntDetail {
  return {
    hunt: {
      id: ID,
      title: 'Friday hunt',
      casino: 'Stake',
      currency: 'USD',
      startBalance: 100000,
      status,
      isGuessingOpen: status === 'collecting',
      entryCost: 0,
      prizes: [500, 250],
      finalBalance: null,
      guessCount: 1,
      createdAt: '2026-11-25T12:00:00.000Z',
      figures: huntFigures(100000, bonuses),
      ...extra,
    },
    bonuses,
    guesses,
  };
}

let served: HuntDetail;
let calls: { method: string; url: string; body: unknown }[];

beforeEach(() => {
  calls = [];
  toastMock.mockReset();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    if (method === 'GET' && url === '/api/bonus-hunts') return json(200, { hunts: [served.hunt] });
    if (method === 'GET' && url === `/api/bonus-hunts/${ID}`) return json(200, served);
    if (method === 'PUT' && url.endsWith('/guessing')) {
      served = { ...served, hunt: { ...served.hunt, isGuessingOpen: (body as { open: boolean }).open } };
      return json(200, served);
    }
    if (method === 'PUT') return json(200, served);
    return json(404, { ok: false, error: 'Not found', code: 'NOT_FOUND' });
  });
});

afterEach(() => vi.unstubAllGlobals());

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/admin/bonus-hunts', element: <BonusHuntsScreen /> }], { initialEntries: [`/admin/bonus-hunts?hunt=${ID}`] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const puts = () => calls.filter((c) => c.method === 'PUT');

describe('Bonus hunts admin', () => {
  it('while opening: Enter saves a win and moves to the next bonus; Finish waits for every bonus, saying why', async () => {
    served = detailOf('opening', [bonus(1, 100, null), bonus(2, 200, null)]);
    const u = renderScreen();
    const first = await screen.findByLabelText('Win of Slot 1 (#1) in USD');
    const finish = screen.getByRole('button', { name: 'Finish hunt' });
    expect((finish as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Finish opens once every bonus has its win: 2 of 2 still to open.')).toBeTruthy();
    expect(finish.getAttribute('aria-describedby')).toBe('hunt-finish-why');

    await u.type(first, '12.50{Enter}');
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toEqual({ method: 'PUT', url: `/api/admin/bonus-hunts/${ID}/bonuses/b1`, body: { win: 1250 } });
    expect(document.activeElement).toBe(screen.getByLabelText('Win of Slot 2 (#2) in USD'));
  });

  it('with every bonus opened, Finish is enabled', async () => {
    served = detailOf('opening', [bonus(1, 100, 1000), bonus(2, 200, 0)]);
    renderScreen();
    const finish = await screen.findByRole('button', { name: 'Finish hunt' });
    expect((finish as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(/still to open/)).toBeNull();
  });

  it('while collecting: a bet is edited in place, and guessing is shown and can be closed before opening', async () => {
    served = detailOf('collecting', [bonus(1, 100, null)]);
    const u = renderScreen();
    const bet = await screen.findByLabelText('Bet of Slot 1 (#1) in USD');
    expect((bet as HTMLInputElement).value).toBe('1.00');
    await u.clear(bet);
    await u.type(bet, '2.5{Enter}');
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.body).toEqual({ bet: 250 });

    const group = screen.getByRole('group', { name: 'Guess the Balance' });
    expect(within(group).getByRole('status').textContent).toBe('Guess the Balance: open, 1 guess so far.');
    await u.click(within(group).getByRole('button', { name: 'Close guessing' }));
    await waitFor(() => expect(within(group).getByRole('status').textContent).toMatch(/^Guess the Balance: closed, 1 guess\./));
    expect(puts().at(-1)).toEqual({ method: 'PUT', url: `/api/admin/bonus-hunts/${ID}/guessing`, body: { open: false } });
    expect(within(group).getByRole('button', { name: 'Open guessing again' })).toBeTruthy();
  });

  it('a finished hunt lists the Guess the Balance winners', async () => {
    served = detailOf('finished', [bonus(1, 100, 1000)], { finalBalance: 1000, isGuessingOpen: false }, [
      { id: 'g1', username: 'ab***c', amount: 1100, at: '2026-11-25T12:00:00.000Z', difference: 100, place: 1, prize: 500 },
      { id: 'g2', username: 'de***f', amount: 800, at: '2026-11-25T12:00:00.000Z', difference: 200, place: 2, prize: 250 },
      { id: 'g3', username: 'gh***i', amount: 5000, at: '2026-11-25T12:00:00.000Z', difference: 4000, place: null, prize: null },
    ]);
    renderScreen();
    const list = await screen.findByRole('list', { name: 'Guess the Balance winners' });
    const items = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['1. ab***cguessed $11.00off by $1.00500 points', '2. de***fguessed $8.00off by $2.00250 points']);
    expect(screen.getByText('Final balance $10.00')).toBeTruthy();
  });

  it("shows the hunt overlay's absolute URL; Copy puts it on the clipboard, Open opens it in a new tab", async () => {
    served = detailOf('collecting', []);
    const u = renderScreen();
    const field = await screen.findByLabelText('Bonus hunt overlay URL');
    const url = `${window.location.origin}/overlay/bonus-hunt/${ID}`;
    expect((field as HTMLInputElement).value).toBe(url);
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await u.click(screen.getByRole('button', { name: 'Copy the Bonus hunt overlay URL' }));
    expect(writeText).toHaveBeenCalledWith(url);
    const open = screen.getByRole('link', { name: 'Open the Bonus hunt overlay in a new tab' });
    expect(open.getAttribute('href')).toBe(url);
    expect(open.getAttribute('target')).toBe('_blank');
  });
});

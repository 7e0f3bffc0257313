import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminHill, AdminKingOfTheHillClaim } from '@app/shared/api/king-of-the-hill';
import { KingOfTheHillScreen } from './king-of-the-hill-screen';

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/sonner', () => ({ toast: toastMock }));

function claim(id: string, status: AdminKingOfTheHillClaim['status'], multiplier: number): AdminKingOfTheHillClaim {
  return {
    id,
    slot: 'Sweet Bonanza',
    bet: 1,
    win: multiplier,
    multiplier,
    betUrl: `https://stake.com/bets/${id}`,
    screenshotUrl: null,
    status,
    declineReason: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    decidedAt: null,
    user: { id: `u-${id}`, username: `player_${id}` },
    periodId: 'p1',
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let hill: AdminHill;
let posts: { method: string; url: string; body: unknown }[];

beforeEach(() => {
  toastMock.mockReset();
  posts = [];
  hill = {
    settings: { periodDays: 7, prizePoints: 5000 },
    period: { id: 'p1', startsAt: '2026-11-20T00:00:00.000Z', endsAt: '2026-11-27T00:00:00.000Z', prizePoints: 5000 },
    king: null,
    claims: [claim('a', 'pending', 300), claim('b', 'verified', 100)],
    history: [],
  };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    if (url === '/api/admin/king-of-the-hill') return json(200, hill);
    if (url === '/api/admin/how-to/settings') {
      if (method === 'PUT') posts.push({ method, url, body: JSON.parse(String(init.body)) });
      return json(200, method === 'PUT' ? JSON.parse(String(init.body)) : { bonusPoints: 500 });
    }
    posts.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (url.endsWith('/verify')) {
      hill = { ...hill, claims: [{ ...hill.claims[0]!, status: 'verified' }, hill.claims[1]!] };
      return json(200, { claim: hill.claims[0] });
    }
    if (url.endsWith('/decline')) return json(200, { claim: { ...hill.claims[0]!, status: 'declined' } });
    if (url.endsWith('/settings')) {
      const body = JSON.parse(String(init.body)) as AdminHill['settings'];
      hill = { ...hill, settings: body };
      return json(200, hill);
    }
    return json(404, { ok: false, error: 'Not found', code: 'NOT_FOUND' });
  });
});

afterEach(() => vi.unstubAllGlobals());

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <KingOfTheHillScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('admin King of the Hill', () => {
  it('lists the claims, pending first with Verify and Decline, and verifies one', async () => {
    const user = userEvent.setup();
    renderScreen();
    const table = await screen.findByRole('table', { name: /Claims, pending first/ });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('player_a')).toBeTruthy();
    expect(within(rows[1]!).getByRole('link', { name: 'Bet link of player_a' }).getAttribute('href')).toBe('https://stake.com/bets/a');
    expect(within(rows[2]!).queryByRole('button', { name: /^Verify/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Verify the claim of player_a' }));
    await waitFor(() => expect(posts).toContainEqual({ method: 'POST', url: '/api/admin/king-of-the-hill/claims/a/verify', body: undefined }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Verify the claim of player_a' })).toBeNull());
  });

  it('declines with a reason (required)', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Decline the claim of player_a' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline claim' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline claim' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Give a reason');
    await user.type(within(dialog).getByLabelText('Decline reason'), 'Link does not open');
    await user.click(within(dialog).getByRole('button', { name: 'Decline claim' }));
    await waitFor(() =>
      expect(posts).toContainEqual({ method: 'POST', url: '/api/admin/king-of-the-hill/claims/a/decline', body: { reason: 'Link does not open' } }),
    );
  });

  it('saves the period length and prize, and the How-To bonus', async () => {
    const user = userEvent.setup();
    renderScreen();
    const days = await screen.findByLabelText('Period length (days)');
    await user.clear(days);
    await user.type(days, '0');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(screen.getByText('At least 1 day')).toBeTruthy();
    await user.clear(days);
    await user.type(days, '3');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(posts).toContainEqual({ method: 'PUT', url: '/api/admin/king-of-the-hill/settings', body: { periodDays: 3, prizePoints: 5000 } }),
    );

    const bonus = await screen.findByLabelText('Bonus (points)');
    await user.clear(bonus);
    await user.type(bonus, '750');
    await user.click(screen.getByRole('button', { name: 'Save bonus' }));
    await waitFor(() => expect(posts).toContainEqual({ method: 'PUT', url: '/api/admin/how-to/settings', body: { bonusPoints: 750 } }));
  });
});

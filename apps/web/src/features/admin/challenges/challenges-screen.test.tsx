import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminChallenge, AdminChallengeClaim } from '@app/shared/api/challenges';
import { ChallengesScreen } from './challenges-screen';

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/sonner', () => ({ toast: toastMock }));

function claim(id: string, status: AdminChallengeClaim['status'], extra: Partial<AdminChallengeClaim> = {}): AdminChallengeClaim {
  return {
    id,
    challengeId: 'c1',
    bet: 1,
    win: 150,
    multiplier: 150,
    betUrl: `https://stake.com/bets/${id}`,
    screenshotUrl: null,
    status,
    won: false,
    prizePoints: 0,
    declineReason: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    decidedAt: null,
    user: { id: `u-${id}`, username: `player_${id}` },
    ...extra,
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let challenge: AdminChallenge;
let others: AdminChallenge[];
let posts: { method: string; url: string; body: unknown }[];

beforeEach(() => {
  toastMock.mockReset();
  posts = [];
  challenge = {
    id: 'c1',
    title: 'Gates 100x',
    partner: 'p1',
    partnerName: 'Stake',
    game: 'Gates of Olympus',
    minBet: 0.2,
    targetMultiplier: 100,
    prizePoints: 5000,
    winners: 2,
    winnersCount: 1,
    winnersLeft: 1,
    startsAt: '2026-11-20T00:00:00.000Z',
    endsAt: '2026-11-27T00:00:00.000Z',
    status: 'active',
    completedAt: null,
    createdAt: '2026-11-19T00:00:00.000Z',
    claims: [claim('a', 'verified', { won: true, prizePoints: 5000 }), claim('b', 'pending'), claim('c', 'pending')],
    pendingClaims: 2,
  };
  others = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    if (url === '/api/admin/challenges' && method === 'GET') return json(200, { challenges: [challenge, ...others] });
    if (url.startsWith('/api/slots')) return json(200, { slots: [], total: 0, page: 1, pageSize: 24, providers: [] });
    posts.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (url.endsWith('/verify')) return json(200, { claim: { ...challenge.claims[1]!, status: 'verified', won: true, prizePoints: 5000 } });
    if (url.endsWith('/decline')) return json(200, { claim: { ...challenge.claims[2]!, status: 'declined' } });
    if (url === '/api/admin/challenges') return json(201, { challenge: { ...challenge, ...(JSON.parse(String(init.body)) as object) } });
    return json(404, { ok: false, error: 'Not found', code: 'NOT_FOUND' });
  });
});

afterEach(() => vi.unstubAllGlobals());

function renderScreen(path = '/admin/challenges') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <ChallengesScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ChallengesScreen', () => {
  it('lists the claims in submission order; only the oldest pending one can be verified; verify says what it won', async () => {
    const user = userEvent.setup();
    renderScreen();
    const table = await screen.findByRole('table', { name: /Claims on Gates 100x, in submission order/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual(['player_a', 'player_b', 'player_c']);
    expect(within(rows[0]!).getByText('Won 5,000 points')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verify the claim of player_b' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Verify the claim of player_c' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Verify the claim of player_b' }));
    await waitFor(() => expect(posts).toEqual([{ method: 'POST', url: '/api/admin/challenges/claims/b/verify', body: undefined }]));
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith({ title: 'Claim verified', description: 'player_b won 5,000 points.' }));
  });

  it('declines with a reason through the shared decline dialog (an empty reason is held)', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Decline the claim of player_c' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Decline claim' }));
    expect(await within(dialog).findByText('Give a reason')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Decline reason'), 'Another game');
    await user.click(within(dialog).getByRole('button', { name: 'Decline claim' }));
    await waitFor(() => expect(posts).toEqual([{ method: 'POST', url: '/api/admin/challenges/claims/c/decline', body: { reason: 'Another game' } }]));
  });

  it('posts a challenge from the dialog with the shared schema', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Post challenge' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Post challenge' }));
    expect(await within(dialog).findByText('A title is at least 3 characters')).toBeTruthy();
    expect(posts).toEqual([]);
    await user.type(within(dialog).getByLabelText('Title'), 'Sweet 500x');
    await user.type(within(dialog).getByLabelText('Game'), 'Sweet Bonanza');
    await user.click(within(dialog).getByRole('button', { name: 'Post challenge' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      method: 'POST',
      url: '/api/admin/challenges',
      body: { title: 'Sweet 500x', partner: 'p1', game: 'Sweet Bonanza', minBet: 0.2, targetMultiplier: 100, prizePoints: 5000, winners: 1 },
    });
  });

  it('puts the challenge Quick Search links to (?id=) first', async () => {
    others = [{ ...challenge, id: 'c2', title: 'Sweet 500x', claims: [], pendingClaims: 0 }];
    renderScreen('/admin/challenges?id=c2');
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual(['Sweet 500x', 'Gates 100x']);
  });
});

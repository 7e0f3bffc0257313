import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Challenge } from '@app/shared/api/challenges';
import { ClaimForm } from './claim-form';

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/sonner', () => ({ toast: toastMock }));

const challenge: Challenge = {
  id: 'c1',
  title: 'Gates 100x',
  partner: 'p1',
  partnerName: 'Stake',
  game: 'Gates of Olympus',
  minBet: 0.5,
  targetMultiplier: 100,
  prizePoints: 5000,
  winners: 3,
  winnersCount: 0,
  winnersLeft: 3,
  startsAt: '2026-11-20T00:00:00.000Z',
  endsAt: '2026-11-27T00:00:00.000Z',
  status: 'active',
  completedAt: null,
  createdAt: '2026-11-19T00:00:00.000Z',
  myClaims: [],
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let posts: { url: string; body: unknown }[];
let answer: () => Response;

beforeEach(() => {
  toastMock.mockReset();
  posts = [];
  answer = () => json(201, { id: 'k1', status: 'pending' });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    posts.push({ url: String(input), body: init.body ? JSON.parse(String(init.body)) : undefined });
    return answer();
  });
});

afterEach(() => vi.unstubAllGlobals());

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ClaimForm challenge={challenge} />
    </QueryClientProvider>,
  );
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: { url?: string; bet: string; win: string }) {
  await user.type(screen.getByLabelText('Link to the bet'), values.url ?? 'https://stake.com/casino/bets/1');
  await user.type(screen.getByLabelText('Bet (USD)'), values.bet);
  await user.type(screen.getByLabelText('Win (USD)'), values.win);
}

describe('ClaimForm', () => {
  it("holds a win below the challenge's target with the reason under the win, and sends nothing", async () => {
    const user = userEvent.setup();
    renderForm();
    await fill(user, { bet: '1', win: '99.99' });
    expect(screen.getByText(/below the 100\.00× target/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send claim' }));
    expect(await screen.findByText('Your win is 99.99× your bet; this challenge needs 100.00×.')).toBeTruthy();
    expect(screen.getByLabelText('Win (USD)').getAttribute('aria-invalid')).toBe('true');
    expect(posts).toEqual([]);
  });

  it('holds a bet below the minimum, and a bet link that is not http(s)', async () => {
    const user = userEvent.setup();
    renderForm();
    await fill(user, { url: 'javascript:alert(1)', bet: '0.4', win: '400' });
    await user.click(screen.getByRole('button', { name: 'Send claim' }));
    expect(await screen.findByText('The bet must be at least $0.50 for this challenge.')).toBeTruthy();
    expect(screen.getByText('The bet link must be an http(s) link')).toBeTruthy();
    expect(posts).toEqual([]);
  });

  it('sends a claim that reaches the target (exactly is enough), without an empty screenshot link', async () => {
    const user = userEvent.setup();
    renderForm();
    await fill(user, { bet: '0.5', win: '50' });
    await user.click(screen.getByRole('button', { name: 'Send claim' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({ url: '/api/challenges/c1/claims', body: { betUrl: 'https://stake.com/casino/bets/1', bet: 0.5, win: 50 } });
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith(expect.objectContaining({ title: 'Claim sent' })));
  });

  it("shows the server's refusal: under the field it names, else above the button", async () => {
    const user = userEvent.setup();
    renderForm();
    answer = () => json(409, { ok: false, error: 'This challenge has ended: it takes no more claims.', code: 'CHALLENGE_CLOSED' });
    await fill(user, { bet: '1', win: '150' });
    await user.click(screen.getByRole('button', { name: 'Send claim' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'This challenge has ended: it takes no more claims.');
    answer = () => json(400, { ok: false, error: 'The bet must be at least $0.50 for this challenge.', code: 'VALIDATION_ERROR', field: 'bet' });
    await user.click(screen.getByRole('button', { name: 'Send claim' }));
    await waitFor(() => expect(screen.getByLabelText('Bet (USD)').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('The bet must be at least $0.50 for this challenge.')).toBeTruthy();
  });
});

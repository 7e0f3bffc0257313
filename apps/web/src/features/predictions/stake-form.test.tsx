import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Prediction } from '@app/shared/api/predictions';
import { StakeForm } from './stake-form';

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/sonner', () => ({ toast: toastMock }));
const reloadUser = vi.hoisted(() => vi.fn(async () => null));
vi.mock('@/lib/session', () => ({ useSession: () => ({ user: { points: 500 }, reloadUser }) }));

const outcome = (n: number, label: string) => ({ id: `o${n}`, number: n, label, pool: 0, percent: 0, stakeCount: 0 });
const prediction = (extra: Partial<Prediction> = {}): Prediction => ({
  id: 'p1',
  title: 'Bonus or bust?',
  status: 'open',
  minStake: 10,
  maxStake: 300,
  locksAt: '2026-11-29T04:00:00.000Z',
  lockedAt: null,
  endedAt: null,
  winningOutcomeId: null,
  huntId: null,
  pool: 0,
  stakeCount: 0,
  outcomes: [outcome(1, 'Bonus'), outcome(2, 'Bust')],
  myStake: null,
  topStakes: [],
  createdAt: '2026-11-29T03:58:00.000Z',
  ...extra,
});

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let posts: { url: string; body: unknown; key: string | null }[];
let answer: () => Response;

beforeEach(() => {
  toastMock.mockReset();
  posts = [];
  answer = () => json(201, { stake: { outcomeId: 'o1', amount: 50, payout: null }, balance: 450 });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    posts.push({ url: String(input), body: init.body ? JSON.parse(String(init.body)) : undefined, key: new Headers(init.headers).get('idempotency-key') });
    return answer();
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderForm(p: Prediction) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <StakeForm prediction={p} />
    </QueryClientProvider>,
  );
}

async function submit(amount: string) {
  const box = screen.getByRole('textbox', { name: 'Points' });
  await userEvent.clear(box);
  if (amount) await userEvent.type(box, amount);
  await userEvent.click(screen.getByRole('button', { name: /stake/i }));
}

describe('StakeForm', () => {
  it('says what is wrong before sending: no outcome, outside min/max, more than the balance', async () => {
    renderForm(prediction());
    await submit('50');
    expect(screen.getByText('Choose an outcome.')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: '1. Bonus' }));
    await submit('5');
    expect(screen.getByText('A stake is 10 to 300 points.')).toBeTruthy();
    await submit('12.5');
    expect(screen.getByText('Enter a whole number of points.')).toBeTruthy();
    expect(posts).toEqual([]);
  });

  it('sends the stake with an Idempotency-Key and a new key for the next stake', async () => {
    renderForm(prediction());
    await userEvent.click(screen.getByRole('radio', { name: '2. Bust' }));
    await submit('50');
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ url: '/api/predictions/p1/stakes', body: { outcomeId: 'o2', amount: 50 } });
    expect(posts[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(toastMock).toHaveBeenCalled());
    await submit('20');
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]!.key).not.toBe(posts[0]!.key);
  });

  it('keeps a member to the outcome they staked on and to what the maximum leaves; shows the server refusal', async () => {
    renderForm(prediction({ myStake: { outcomeId: 'o1', amount: 280, payout: null } }));
    expect((screen.getByRole('radio', { name: '2. Bust' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: '1. Bonus' }) as HTMLInputElement).checked).toBe(true);
    await submit('30');
    expect(screen.getByText('Your stake would pass the maximum of 300 points: add at most 20.')).toBeTruthy();
    answer = () => json(409, { ok: false, code: 'PREDICTION_LOCKED', error: 'Staking has closed on this prediction.' });
    await submit('20');
    expect(await screen.findByText('Staking has closed on this prediction.')).toBeTruthy();
  });

  it('refuses more than the balance', async () => {
    renderForm(prediction({ maxStake: 1000 }));
    await userEvent.click(screen.getByRole('radio', { name: '1. Bonus' }));
    await submit('600');
    expect(screen.getByText('You need 100 more points for this stake.')).toBeTruthy();
  });
});

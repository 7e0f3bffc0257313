import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DealOrNoDealRound } from '@app/shared/api/deal-or-no-deal';
import { DEAL_OR_NO_DEAL_PRESETS } from '@app/shared/games/deal-or-no-deal';
import { DealOrNoDealPanel } from './deal-or-no-deal-panel';

vi.mock('@/components/ui/sonner', () => ({ toast: vi.fn() }));

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function draft(values: number[]): DealOrNoDealRound {
  return {
    id: '22222222-2222-4222-8222-222222222222',
    roundNumber: 1,
    status: 'draft',
    values,
    total: values.reduce((a, b) => a + b, 0),
    entries: 0,
    contestant: null,
    cases: [],
    remainingValues: values,
    offers: [],
    stage: null,
    toOpen: 0,
    schedule: [5, 4, 3, 2],
    result: null,
    fairness: { serverSeedHash: null, clientSeed: 'c', nonce: 0, serverSeed: null, entrantUids: null, entriesDigest: null },
    lastActionAt: null,
    createdAt: '2026-11-26T11:00:00.000Z',
    finishedAt: null,
  };
}

let rounds: DealOrNoDealRound[];
let posts: { url: string; body: unknown }[];

beforeEach(() => {
  rounds = [];
  posts = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url === '/api/admin/dealornodeal' && method === 'GET') return json(200, { rounds });
    if (method === 'POST') {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      posts.push({ url, body });
      if (url === '/api/admin/dealornodeal/rounds') {
        rounds = [draft((body as { values: number[] }).values)];
        return json(201, { round: rounds[0] });
      }
      if (url.endsWith('/open')) {
        rounds = [{ ...rounds[0]!, status: 'open', fairness: { ...rounds[0]!.fairness, serverSeedHash: 'ab'.repeat(32) } }];
        return json(200, { round: rounds[0] });
      }
    }
    return json(404, { ok: false, error: 'Not found', code: 'NOT_FOUND' });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('Deal or No Deal admin panel', () => {
  it('shows the total of a preset or edited board, refuses a wrong count, creates and opens a round', async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <DealOrNoDealPanel />
      </QueryClientProvider>,
    );
    const box = await screen.findByLabelText('Case values (points)');
    expect(screen.getByText('Total on the board: 102,691 points in 16 cases.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '26 cases' }));
    const total26 = DEAL_OR_NO_DEAL_PRESETS[26].reduce((a, b) => a + b, 0);
    expect(screen.getByText(`Total on the board: ${total26.toLocaleString('en-US')} points in 26 cases.`)).toBeTruthy();
    await user.clear(box);
    await user.type(box, '1, 2, 3');
    expect(screen.getByRole('alert').textContent).toBe('A board has 16 or 26 cases (3 now).');
    expect((screen.getByRole('button', { name: 'Create round' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: '16 cases' }));
    await user.click(screen.getByRole('button', { name: 'Create round' }));
    await waitFor(() => expect(posts[0]).toEqual({ url: '/api/admin/dealornodeal/rounds', body: { values: [...DEAL_OR_NO_DEAL_PRESETS[16]] } }));
    await user.click(await screen.findByRole('button', { name: 'Open entries' }));
    expect(await screen.findByText('Entries open')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close entries and draw' })).toBeTruthy();
  });
});

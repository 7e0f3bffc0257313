import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LevelReward } from '@app/shared/api/level-rewards';
import { LevelRewardsScreen } from './level-rewards-screen';

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/sonner', () => ({ toast: toastMock }));

const NAMES: Record<number, string> = { 1: 'Bronze 1', 2: 'Bronze 2', 3: 'Bronze 3' };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

type PutBody = { title: string; points?: number; rewardId?: string };
const STORE = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Rewards Hub Hoodie',
    description: '',
    category: 'merchandise',
    price: 4000,
    featured: false,
    stock: 4,
    active: true,
  },
  {
    id: '22222222-2222-4222-8222-222222222222',
    name: 'Retired Mug',
    description: '',
    category: 'merchandise',
    price: 900,
    featured: false,
    stock: null,
    active: false,
  },
];

let rewards: LevelReward[];
let calls: { method: string; url: string; body: unknown }[];
let putAnswer: ((body: PutBody, level: number) => Response) | null;

beforeEach(() => {
  toastMock.mockReset();
  rewards = [{ level: 2, levelName: 'Bronze 2', title: 'Bronze bonus', points: 500, item: null }];
  calls = [];
  putAnswer = null;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const body = init.body ? (JSON.parse(String(init.body)) as PutBody) : null;
    calls.push({ method, url, body });
    if (method === 'GET' && url === '/api/admin/rewards') return json(200, { rewards: STORE });
    if (method === 'GET') return json(200, { rewards });
    const level = Number(url.split('/').pop());
    if (method === 'DELETE') {
      rewards = rewards.filter((r) => r.level !== level);
      return new Response(null, { status: 204 });
    }
    if (putAnswer) return putAnswer(body!, level);
    const stored = STORE.find((i) => i.id === body!.rewardId);
    const saved: LevelReward = {
      level,
      levelName: NAMES[level] ?? `L${level}`,
      title: body!.title,
      points: body!.points ?? null,
      item: stored ? { id: stored.id, name: stored.name, stock: stored.stock, active: stored.active } : null,
    };
    rewards = [...rewards.filter((r) => r.level !== level), saved].sort((a, b) => a.level - b.level);
    return json(200, saved);
  });
});

afterEach(() => vi.unstubAllGlobals());

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <LevelRewardsScreen />
    </QueryClientProvider>,
  );
}

describe('LevelRewardsScreen (admin)', () => {
  it('lists the rewards and sets a new one for a chosen level', async () => {
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Level rewards' });
    expect(within(table).getByText('Bronze bonus')).toBeTruthy();

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Level'), '3');
    await user.type(screen.getByLabelText('Title'), 'Third step');
    await user.clear(screen.getByLabelText('Points'));
    await user.type(screen.getByLabelText('Points'), '750');
    await user.click(screen.getByRole('button', { name: 'Set reward' }));

    await waitFor(() => expect(within(table).getByText('Third step')).toBeTruthy());
    expect(calls.find((c) => c.method === 'PUT')).toEqual({ method: 'PUT', url: '/api/admin/levelup-rewards/3', body: { title: 'Third step', points: 750 } });
    expect(within(table).getByText('750 points')).toBeTruthy();
    expect(toastMock).toHaveBeenCalledWith(expect.objectContaining({ title: 'Level Reward Saved' }));
  });

  it('sets a store item as a level reward: only active items are offered, and one must be picked', async () => {
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Level rewards' });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Level'), '3');
    await user.type(screen.getByLabelText('Title'), 'Bronze 3 merch');
    await user.selectOptions(screen.getByLabelText('Reward type'), 'item');
    expect(screen.queryByLabelText('Points')).toBeNull();
    const picker = screen.getByLabelText('Store item');
    await waitFor(() => expect(within(picker).getByRole('option', { name: 'Rewards Hub Hoodie (4 left)' })).toBeTruthy());
    expect(within(picker).queryByRole('option', { name: /Retired Mug/ })).toBeNull();
    expect(screen.getByText('Claimed as an order at 0 points, for you to fulfil in Orders.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Set reward' }));
    expect(await screen.findByText('Pick a store item')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.selectOptions(picker, STORE[0]!.id);
    await user.click(screen.getByRole('button', { name: 'Set reward' }));
    await waitFor(() => expect(within(table).getByText('Rewards Hub Hoodie')).toBeTruthy());
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/admin/levelup-rewards/3',
      body: { title: 'Bronze 3 merch', rewardId: STORE[0]!.id },
    });
    expect(toastMock).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Level Reward Saved', description: 'Bronze 3: Bronze 3 merch (Rewards Hub Hoodie)' }),
    );

    // Editing it opens the form on the item.
    await user.click(screen.getByRole('button', { name: 'Edit the reward of Bronze 3' }));
    expect((screen.getByLabelText('Reward type') as HTMLSelectElement).value).toBe('item');
    expect((screen.getByLabelText('Store item') as HTMLSelectElement).value).toBe(STORE[0]!.id);
  });

  it('refuses a form without a title or with zero points, sending nothing', async () => {
    renderScreen();
    await screen.findByRole('table', { name: 'Level rewards' });
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Points'));
    await user.type(screen.getByLabelText('Points'), '0');
    await user.click(screen.getByRole('button', { name: 'Set reward' }));
    expect(await screen.findByText('Give the reward a title')).toBeTruthy();
    expect(screen.getByText('Points must be above zero')).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it("edits and removes a reward, and shows the server's error on a failed save", async () => {
    renderScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit the reward of Bronze 2' }));
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Bronze bonus');

    putAnswer = () => json(400, { ok: false, error: 'A title is at most 120 characters', code: 'VALIDATION_ERROR' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith(expect.objectContaining({ title: 'Save failed', description: 'A title is at most 120 characters' })),
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Remove the reward of Bronze 2' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(/No level rewards set/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/admin/levelup-rewards/2')).toBe(true);
    expect(toastMock).toHaveBeenCalledWith(expect.objectContaining({ title: 'Level Reward Removed' }));
  });
});

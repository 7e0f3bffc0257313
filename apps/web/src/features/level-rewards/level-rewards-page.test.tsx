import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LevelReward } from '@app/shared/api/level-rewards';
import LevelRewardsPage from './level-rewards-page';

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/sonner', () => ({ toast: toastMock }));
const session = vi.hoisted(() => ({ current: { user: null as { id: string } | null, reloadUser: vi.fn(async () => null) } }));
vi.mock('@/lib/session', () => ({ useSession: () => session.current }));

const REWARDS: LevelReward[] = [
  { level: 2, levelName: 'Bronze 2', title: 'Bronze bonus', points: 500, item: null },
  { level: 1, levelName: 'Bronze 1', title: 'First steps', points: 100, item: null },
  { level: 5, levelName: 'Silver 1', title: 'Silver bonus', points: 5000, item: null },
];
const HOODIE = { id: '11111111-1111-4111-8111-111111111111', name: 'Rewards Hub Hoodie', stock: 3, active: true };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let rewards: LevelReward[] | null;
let claimed: number[];
let claimAnswer: (level: number) => Response;
let calls: { method: string; url: string }[];

beforeEach(() => {
  toastMock.mockReset();
  session.current = { user: null, reloadUser: vi.fn(async () => null) };
  rewards = REWARDS;
  claimed = [1];
  calls = [];
  claimAnswer = (level) => {
    claimed = [...claimed, level];
    return json(201, { level, points: 500, balance: 1500, orderId: null, itemName: null });
  };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    calls.push({ method, url });
    if (url === '/api/levelup-rewards') return rewards ? json(200, { rewards }) : json(500, { ok: false, error: 'Down', code: 'INTERNAL' });
    if (url === '/api/levelup-rewards/mine') return json(200, { xp: 500, level: 2, claimed });
    const level = Number(/levelup-rewards\/(\d+)\/claim/.exec(url)?.[1]);
    return claimAnswer(level);
  });
});

afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <LevelRewardsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Level Up Rewards page', () => {
  it("shows only 'Rewards are temporarily unavailable.' (spec 2 §2) with no reward set, and the same when they cannot be read (spec 2 §8)", async () => {
    rewards = [];
    const { unmount } = renderPage();
    expect(await screen.findByText('Rewards are temporarily unavailable.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    unmount();
    rewards = null;
    renderPage();
    expect(await screen.findByText('Rewards are temporarily unavailable.')).toBeTruthy();
  });

  it('lists the configured rewards by level to a visitor, with a sign-in link and no claim buttons', async () => {
    renderPage();
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual(['First steps', 'Bronze bonus', 'Silver bonus']);
    expect(within(items[1]!).getByText('Level 2 · Bronze 2')).toBeTruthy();
    expect(within(items[2]!).getByText(/5,000 points/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(calls.some((c) => c.url === '/api/levelup-rewards/mine')).toBe(false);
  });

  it('lets a signed-in user claim a reached level once; claimed and unreached levels have no button', async () => {
    session.current = { user: { id: 'u1' }, reloadUser: vi.fn(async () => null) };
    renderPage();
    const claim = await screen.findByRole('button', { name: 'Claim Bronze bonus for Bronze 2' });
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(within(items[0]!).getByText('Claimed')).toBeTruthy();
    expect(within(items[2]!).getByText('Reach Silver 1 to claim')).toBeTruthy();
    expect(screen.getAllByRole('button')).toHaveLength(1);

    await userEvent.click(claim);
    await waitFor(() => expect(within(items[1]!).getByText('Claimed')).toBeTruthy());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/levelup-rewards/2/claim']);
    expect(toastMock).toHaveBeenCalledWith(expect.objectContaining({ title: 'Reward Claimed' }));
    expect(session.current.reloadUser).toHaveBeenCalled();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("shows the server's error when a claim is refused", async () => {
    session.current = { user: { id: 'u1' }, reloadUser: vi.fn(async () => null) };
    claimAnswer = () => json(409, { ok: false, error: 'You have already claimed this reward.', code: 'ALREADY_CLAIMED' });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Claim Bronze bonus for Bronze 2' }));
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Claim failed', description: 'You have already claimed this reward.', variant: 'destructive' }),
      ),
    );
  });

  it('a store item reward: shown with its stock, claimed as an order; out of stock has no button', async () => {
    session.current = { user: { id: 'u1' }, reloadUser: vi.fn(async () => null) };
    rewards = [
      { level: 1, levelName: 'Bronze 1', title: 'Starter merch', points: null, item: { ...HOODIE, stock: 0 } },
      { level: 2, levelName: 'Bronze 2', title: 'Bronze hoodie', points: null, item: HOODIE },
    ];
    claimed = [];
    claimAnswer = (level) => {
      claimed = [...claimed, level];
      return json(201, { level, points: null, balance: 0, orderId: '99999999-9999-4999-8999-999999999999', itemName: 'Rewards Hub Hoodie' });
    };
    renderPage();
    const claim = await screen.findByRole('button', { name: 'Claim Bronze hoodie for Bronze 2' });
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(within(items[1]!).getByText('Rewards Hub Hoodie')).toBeTruthy();
    expect(within(items[1]!).getByText(/Store item, free: claiming it places an order\. 3 left\./)).toBeTruthy();
    expect(within(items[1]!).queryByText(/points/)).toBeNull();
    expect(within(items[0]!).getByText('Out of stock')).toBeTruthy();
    expect(screen.getAllByRole('button')).toHaveLength(1);

    await userEvent.click(claim);
    await waitFor(() => expect(within(items[1]!).getByText('Claimed')).toBeTruthy());
    expect(toastMock).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Reward Claimed', description: 'Rewards Hub Hoodie for Bronze 2: your order is pending until we deliver it.' }),
    );
  });
});

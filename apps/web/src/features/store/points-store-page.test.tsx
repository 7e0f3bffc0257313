import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order, Reward } from '@app/shared/api/store';
import type { Session } from '@/lib/session';
import { testMember, testSession } from '@/test/session-user';
import PointsStorePage from './points-store-page';
import PointsStorePublicPage from './points-store-public-page';

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/sonner', () => ({ toast: toastMock }));

const session = vi.hoisted(() => ({ current: null as unknown as Session }));
vi.mock('@/lib/session', () => ({ useSession: () => session.current }));

function reward(id: string, name: string, overrides: Partial<Reward> = {}): Reward {
  return {
    id,
    name,
    description: `${name} for you.`,
    category: 'bonuses',
    price: 1000,
    featured: false,
    stock: null,
    active: true,
    ...overrides,
  };
}

const REWARDS: Reward[] = [
  reward('w1', '$10 Cash Reward', {
    category: 'cashbacks',
    price: 1000,
    featured: true,
  }),
  reward('w2', 'Deposit Bonus', {
    category: 'bonuses',
    price: 2500,
    description: 'A match on your next deposit.',
  }),
  reward('w3', 'Branded Hoodie', {
    category: 'merchandise',
    price: 5000,
    stock: 0,
  }),
  reward('w4', 'VIP Upgrade', {
    category: 'vip',
    price: 12_000,
    featured: true,
  }),
  reward('w5', 'Free Spins', {
    category: 'bonuses',
    price: 500,
    description: 'Fifty SPINS on a partner slot.',
  }),
];

function order(id: string, overrides: Partial<Order>): Order {
  return {
    id,
    rewardId: 'w1',
    rewardName: '$10 Cash Reward',
    pointsSpent: 1000,
    timestamp: '2026-11-20T10:00:00.000Z',
    status: 'pending',
    balanceBefore: 5000,
    balanceAfter: 4000,
    refunded: false,
    decidedAt: null,
    ...overrides,
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const member = (points: number) => testMember({ uid: 'RH-ME000001', username: 'cool_cat', email: 'cool@example.test', points });

const makeSession = (user: Session['user']) => testSession({ user });

let orders: Order[];
let rewards: Reward[];
let redeemCalls: { url: string; key: string | null }[];
let redeemAnswer: () => Response;

beforeEach(() => {
  toastMock.mockReset();
  rewards = REWARDS;
  session.current = makeSession(member(4_000));
  orders = [
    order('o1', {
      status: 'paid',
      rewardName: 'Free Spins',
      pointsSpent: 500,
      balanceBefore: 6000,
      balanceAfter: 5500,
    }),
    order('o2', {
      status: 'pending',
      pointsSpent: 1000,
      balanceBefore: 5500,
      balanceAfter: 4500,
    }),
    order('o3', {
      status: 'declined',
      rewardName: 'Deposit Bonus',
      pointsSpent: 2500,
      balanceBefore: 4500,
      balanceAfter: 2000,
      refunded: true,
      denialReason: 'Casino account not linked',
    }),
  ];
  redeemCalls = [];
  redeemAnswer = () => json(500, { ok: false, error: 'not set', code: 'INTERNAL' });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    if (/^\/api\/store\/rewards\/[^/]+\/redeem$/.test(url) && init.method === 'POST') {
      redeemCalls.push({
        url,
        key: new Headers(init.headers).get('idempotency-key'),
      });
      return redeemAnswer();
    }
    if (url === '/api/store/rewards') return json(200, { rewards });
    if (url === '/api/store/orders') return json(200, { orders });
    return json(404, { ok: false, error: 'Not found', code: 'NOT_FOUND' });
  });
});

afterEach(() => vi.unstubAllGlobals());

function renderPage(Page = PointsStorePage, path = '/points-store') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false } },
  });
  const router = createMemoryRouter([{ path: '*', element: <Page /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup({ delay: null }), router };
}

function stat(label: string): string {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? '';
}

function card(name: string, sectionName = 'All Rewards'): HTMLElement {
  return within(screen.getByRole('region', { name: sectionName })).getByRole('article', { name });
}

function names(sectionName: string): string[] {
  return within(screen.getByRole('region', { name: sectionName }))
    .getAllByRole('article')
    .map((a) => within(a).getByRole('heading').textContent ?? '');
}

describe('PointsStorePage', { timeout: 20_000 }, () => {
  it('shows the stat cards from the session and the server: refunded orders are not spent', async () => {
    renderPage();
    await screen.findByRole('region', { name: 'All Rewards' });
    await waitFor(() => expect(stat('Total Spent')).toBe('1,500'));
    expect(screen.getByRole('heading', { level: 1, name: 'Points Store' })).toBeTruthy();
    expect(screen.getByText('Redeem your points for exclusive rewards')).toBeTruthy();
    expect(stat('Your Points')).toBe('4,000');
    expect(stat('Redeemed')).toBe('2');
    // The sold-out hoodie is not available.
    expect(stat('Available Items')).toBe('4');
  });

  it('lists Featured Rewards and All Rewards with prices and the right button for each', async () => {
    renderPage();
    await screen.findByRole('region', { name: 'All Rewards' });
    expect(names('Featured Rewards')).toEqual(['$10 Cash Reward', 'VIP Upgrade']);
    expect(names('All Rewards')).toHaveLength(5);
    expect(within(card('Deposit Bonus')).getByText('Price in Points')).toBeTruthy();
    expect(within(card('Deposit Bonus')).getByText('2,500')).toBeTruthy();
    expect(
      within(card('Deposit Bonus')).getByRole('button', {
        name: 'Redeem Reward',
      }),
    ).toHaveProperty('disabled', false);
    expect(
      within(card('VIP Upgrade')).getByRole('button', {
        name: 'Insufficient Points',
      }),
    ).toHaveProperty('disabled', true);
    expect(within(card('Branded Hoodie')).getByRole('button', { name: 'Sold Out' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('heading', { name: 'About Points' })).toBeTruthy();
    expect(screen.getByText('Points expire after 12 months of inactivity.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'How It Works' })).toBeTruthy();
  });

  it('searches name and description case-insensitively and filters by category', async () => {
    const { user } = renderPage();
    await screen.findByRole('region', { name: 'All Rewards' });
    const search = screen.getByPlaceholderText('Search rewards...');
    await user.type(search, 'spins');
    expect(names('All Rewards')).toEqual(['Free Spins']);
    await user.clear(search);
    await user.type(search, 'DEPOSIT');
    expect(names('All Rewards')).toEqual(['Deposit Bonus']);
    await user.clear(search);

    await user.click(screen.getByRole('button', { name: 'Bonus Credits' }));
    expect(screen.getByRole('button', { name: 'Bonus Credits' }).getAttribute('aria-pressed')).toBe('true');
    expect(names('All Rewards')).toEqual(['Deposit Bonus', 'Free Spins']);
    expect(screen.queryByRole('region', { name: 'Featured Rewards' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cash Rewards' }));
    expect(names('All Rewards')).toEqual(['$10 Cash Reward']);
    await user.click(screen.getByRole('button', { name: 'Merchandise' }));
    expect(names('All Rewards')).toEqual(['Branded Hoodie']);
    await user.click(screen.getByRole('button', { name: 'VIP' }));
    expect(names('All Rewards')).toEqual(['VIP Upgrade']);
    await user.type(search, 'hoodie');
    expect(screen.getByText('No rewards found matching your search criteria.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'All Rewards' }));
    expect(names('All Rewards')).toEqual(['Branded Hoodie']);
  });

  it('redeems: the balance drops at once, the server’s balance is kept, the toast says so', async () => {
    redeemAnswer = () => {
      const created = order('o9', {
        rewardId: 'w2',
        rewardName: 'Deposit Bonus',
        pointsSpent: 2500,
        balanceBefore: 4000,
        balanceAfter: 1500,
      });
      orders = [created, ...orders];
      return json(201, { order: created, points: 1500 });
    };
    const { user } = renderPage();
    await screen.findByRole('region', { name: 'All Rewards' });
    await user.click(
      within(card('Deposit Bonus')).getByRole('button', {
        name: 'Redeem Reward',
      }),
    );
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith({
        title: 'Reward Redeemed!',
        description: 'Your reward has been successfully redeemed.',
      }),
    );
    const setUser = vi.mocked(session.current.setUser);
    expect(setUser.mock.calls.map(([u]) => u.points)).toEqual([1500, 1500]);
    expect(redeemCalls).toEqual([
      {
        url: '/api/store/rewards/w2/redeem',
        key: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
    await waitFor(() => expect(stat('Redeemed')).toBe('3'));
  });

  it('rolls back and shows the server’s shortfall when points are insufficient', async () => {
    redeemAnswer = () =>
      json(409, {
        ok: false,
        error: 'Not enough points',
        code: 'INSUFFICIENT_POINTS',
        shortfall: 300,
      });
    const { user } = renderPage();
    await screen.findByRole('region', { name: 'All Rewards' });
    await user.click(
      within(card('Deposit Bonus')).getByRole('button', {
        name: 'Redeem Reward',
      }),
    );
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith({
        title: 'Insufficient Points',
        description: 'You need 300 more points to redeem this reward.',
        variant: 'destructive',
      }),
    );
    const setUser = vi.mocked(session.current.setUser);
    expect(setUser.mock.calls.map(([u]) => u.points)).toEqual([1500, 4000]);
    expect(session.current.reloadUser).toHaveBeenCalled();
  });

  it('shows the server’s message when the reward sold out meanwhile', async () => {
    redeemAnswer = () =>
      json(409, {
        ok: false,
        error: 'This reward is sold out',
        code: 'SOLD_OUT',
      });
    const { user } = renderPage();
    await screen.findByRole('region', { name: 'All Rewards' });
    await user.click(within(card('Free Spins')).getByRole('button', { name: 'Redeem Reward' }));
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith({
        title: 'This reward is sold out',
        variant: 'destructive',
      }),
    );
  });

  it('opens Purchase History with counts, statuses, balances, (Refunded) and the decline reason', async () => {
    const { user } = renderPage();
    await screen.findByRole('region', { name: 'All Rewards' });
    await user.click(screen.getByRole('button', { name: 'Purchase History' }));
    const dialog = screen.getByRole('dialog', { name: 'Purchase History' });
    expect(screen.getByRole('button', { name: 'Close History', hidden: true })).toBeTruthy();
    const filters = within(dialog).getByRole('group', {
      name: 'Filter orders',
    });
    expect(
      within(filters)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All (3)', 'Paid (1)', 'Pending (1)', 'Declined (1)']);
    expect(within(dialog).getAllByRole('article')).toHaveLength(3);

    const declined = within(dialog).getByRole('article', {
      name: 'Deposit Bonus',
    });
    expect(within(declined).getByText('Declined')).toBeTruthy();
    expect(within(declined).getByText('(Refunded)')).toBeTruthy();
    expect(declined.textContent).toContain('Decline Reason: Casino account not linked');
    expect(within(declined).getByText('Points Spent').nextElementSibling?.textContent).toBe('2,500');
    expect(within(declined).getByText('Before').nextElementSibling?.textContent).toBe('4,500');

    const pending = within(dialog).getByRole('article', {
      name: '$10 Cash Reward',
    });
    expect(within(pending).getByText('Pending')).toBeTruthy();
    expect(within(pending).queryByText('(Refunded)')).toBeNull();
    expect(within(pending).getByText('After').nextElementSibling?.textContent).toBe('4,500');

    await user.click(within(filters).getByRole('button', { name: 'Paid (1)' }));
    expect(
      within(dialog)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Free Spins']);
  });

  it('says so when there is no history, and per status when a filter is empty', async () => {
    orders = [];
    const { user } = renderPage();
    await screen.findByRole('region', { name: 'All Rewards' });
    await user.click(screen.getByRole('button', { name: 'Purchase History' }));
    const dialog = screen.getByRole('dialog', { name: 'Purchase History' });
    expect(await within(dialog).findByText('No purchase history found.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Pending (0)' }));
    expect(within(dialog).getByText('No pending orders found.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Declined (0)' }));
    expect(within(dialog).getByText('No declined orders found.')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Purchase History' })).toBeTruthy();
  });

  it('says so when the store has no rewards at all', async () => {
    rewards = [];
    renderPage();
    expect(await screen.findByText('There are no rewards in the store right now.')).toBeTruthy();
    expect(screen.queryByText('No rewards found matching your search criteria.')).toBeNull();
  });

  it('shows a failure with the server’s message and a retry when the rewards do not load', async () => {
    vi.stubGlobal('fetch', async () =>
      json(503, {
        ok: false,
        error: 'Database unavailable',
        code: 'UNAVAILABLE',
      }),
    );
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Database unavailable');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('PointsStorePublicPage', { timeout: 20_000 }, () => {
  it('lets a visitor browse; Redeem Reward opens the auth dialog over the page', async () => {
    session.current = makeSession(null);
    const { user, router } = renderPage(PointsStorePublicPage, '/points-store-public');
    await screen.findByRole('region', { name: 'All Rewards' });
    expect(screen.queryByText('Your Points')).toBeNull();
    await user.click(
      within(card('VIP Upgrade')).getByRole('button', {
        name: 'Redeem Reward',
      }),
    );
    expect(router.state.location.pathname).toBe('/points-store-public');
    expect(router.state.location.state).toEqual({
      openAuth: true,
      tab: 'login',
      from: '/points-store-public',
    });
    expect(redeemCalls).toHaveLength(0);
  });

  it('shows a member their balance and a way to their store', async () => {
    renderPage(PointsStorePublicPage, '/points-store-public');
    await screen.findByRole('region', { name: 'All Rewards' });
    expect(screen.getByText('4,000')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open your Points Store' }).getAttribute('href')).toBe('/points-store');
  });
});

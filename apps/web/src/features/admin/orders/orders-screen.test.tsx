import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrder } from '@app/shared/api/store';
import { OrdersScreen } from './orders-screen';

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/sonner', () => ({ toast: toastMock }));

function order(id: string, status: AdminOrder['status'], timestamp: string, overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    id,
    rewardId: 'rw1',
    rewardName: `Reward ${id}`,
    pointsSpent: 250,
    timestamp,
    status,
    balanceBefore: 1000,
    balanceAfter: 750,
    refunded: false,
    decidedAt: null,
    userId: 'u1',
    username: 'demo',
    ...overrides,
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let orders: AdminOrder[];
let posts: { url: string; body: unknown; key: string | null }[];

beforeEach(() => {
  toastMock.mockReset();
  posts = [];
  orders = [
    order('a', 'paid', '2026-11-23T10:00:00.000Z'),
    order('b', 'pending', '2026-11-20T10:00:00.000Z'),
    order('c', 'pending', '2026-11-22T10:00:00.000Z'),
  ];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const decline = /^\/api\/admin\/orders\/(\w+)\/decline$/.exec(url);
    if (decline && init.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { reason: string };
      posts.push({ url, body, key: new Headers(init.headers).get('idempotency-key') });
      const found = orders.find((o) => o.id === decline[1])!;
      const declined = {
        ...found,
        status: 'declined' as const,
        refunded: true,
        denialReason: body.reason,
        decidedAt: '2026-11-23T11:00:00.000Z',
      };
      orders = orders.map((o) => (o.id === found.id ? declined : o));
      return json(200, { order: declined });
    }
    if (url === '/api/admin/orders') return json(200, { orders });
    return json(404, { ok: false, error: 'Not found', code: 'NOT_FOUND' });
  });
});

afterEach(() => vi.unstubAllGlobals());

function renderScreen(path = '/admin/orders') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <OrdersScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Orders', () => {
  it('lists pending orders first, newest first, and declines with a reason: the refund is shown', async () => {
    const user = userEvent.setup();
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Orders' });
    const names = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    expect(names).toEqual(['Reward c', 'Reward b', 'Reward a']);

    await user.click(screen.getByRole('button', { name: 'Decline order Reward b for demo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline order' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline order' }));
    expect(await within(dialog).findByText('Give a reason')).toBeTruthy();
    expect(posts).toEqual([]);

    await user.type(within(dialog).getByLabelText('Decline reason'), 'Out of stock');
    await user.click(within(dialog).getByRole('button', { name: 'Decline order' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ url: '/api/admin/orders/b/decline', body: { reason: 'Out of stock' } });
    expect(posts[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith({ title: 'Order declined', description: '250 points refunded to demo.' }));
    const row = await screen.findByRole('row', { name: /Reward b/ });
    await waitFor(() => expect(within(row).getByText(/250 pts refunded/)).toBeTruthy());
  });

  it('a Quick Search link (?id=) shows that order above the list with its actions', async () => {
    renderScreen('/admin/orders?id=c');
    const linked = await screen.findByRole('region', { name: 'Linked order' });
    expect(linked.textContent).toContain('Reward c');
    expect(within(linked).getByRole('button', { name: 'Decline order Reward c for demo' })).toBeTruthy();
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUserDetail } from '@app/shared/api/admin-users';
import type { AdminCasinoAccount } from '@app/shared/api/casino-accounts';
import { CasinoAccountsTab } from './casino-accounts-tab';

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/sonner', () => ({ toast: toastMock }));

const NOW = '2026-11-23T12:00:00.000Z';

const USER = {
  id: 'u1',
  uid: 'RH-DEMO0001',
  name: 'demo',
  email: 'demo@example.test',
  kickUsername: null,
  points: 0,
  status: 'Active',
  flags: ['Verified'],
  isAdmin: false,
  joined: NOW,
  lastLogin: NOW,
  emailVerified: true,
  casinos: [],
  restrictions: [],
  stats: { orders: 0, raffleEntries: 0, pointsEarned: 0, pointsSpent: 0 },
} as AdminUserDetail;

function account(overrides: Partial<AdminCasinoAccount> = {}): AdminCasinoAccount {
  return {
    id: 'a1',
    partnerId: 'p1',
    platform: 'Stake',
    username: 'demo_stake',
    state: 'pending',
    affiliate: true,
    totalWagered: 1234.5,
    monthlyWager: 200,
    weeklyWager: 50,
    prevWeekWager: 10,
    prevMonthWager: 20,
    decidedAt: null,
    createdAt: NOW,
    ...overrides,
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let calls: { method: string; url: string }[];
let accounts: AdminCasinoAccount[];
let decisionAnswer: (decision: string) => Response;

beforeEach(() => {
  toastMock.mockReset();
  calls = [];
  accounts = [account()];
  decisionAnswer = (decision) => {
    accounts = [account({ state: decision === 'verify' ? 'verified' : 'rejected', decidedAt: NOW })];
    return json(200, { account: accounts[0], points: 1234 });
  };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const url = String(input);
    calls.push({ method, url });
    if (method === 'GET') return json(200, { accounts });
    return decisionAnswer(url.split('/').pop()!);
  });
});

afterEach(() => vi.unstubAllGlobals());

function renderTab() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <CasinoAccountsTab user={USER} />
    </QueryClientProvider>,
  );
}

describe('CasinoAccountsTab', () => {
  it('shows each account with its state and wagers, and an empty state without any', async () => {
    renderTab();
    const row = (await screen.findByRole('cell', { name: 'demo_stake' })).closest('tr')!;
    expect(within(row).getByText('Pending')).toBeTruthy();
    expect(within(row).getByText('$1,234.50')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Verify Stake account demo_stake' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Reject Stake account demo_stake' })).toBeTruthy();
  });

  it('says so when no account is linked', async () => {
    accounts = [];
    renderTab();
    expect(await screen.findByText('No casino accounts linked.')).toBeTruthy();
  });

  it('verifies an account: posts the decision, toasts and refreshes the list', async () => {
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Verify Stake account demo_stake' }));
    await waitFor(() => expect(screen.getByText('Verified')).toBeTruthy());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/admin/users/u1/casino-accounts/a1/verify']);
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2);
    expect(toastMock).toHaveBeenCalledWith(expect.objectContaining({ title: 'Casino Account Verified' }));
    // A verified account can still be rejected, but not verified again.
    expect(screen.queryByRole('button', { name: /^Verify/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Reject Stake account demo_stake' })).toBeTruthy();
  });

  it('rejects an account', async () => {
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Reject Stake account demo_stake' }));
    await waitFor(() => expect(screen.getByText('Rejected')).toBeTruthy());
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/a1/reject'))).toBe(true);
    expect(toastMock).toHaveBeenCalledWith(expect.objectContaining({ title: 'Casino Account Rejected' }));
  });

  it("shows the server's error, or 'Request failed ({status})' without one", async () => {
    decisionAnswer = () => json(409, { ok: false, error: 'This username is verified for another user.', code: 'CASINO_USERNAME_TAKEN' });
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Verify Stake account demo_stake' }));
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Verify failed', description: 'This username is verified for another user.', variant: 'destructive' }),
      ),
    );
    expect(screen.getByText('Pending')).toBeTruthy();

    decisionAnswer = () => new Response('', { status: 502 });
    await userEvent.click(screen.getByRole('button', { name: 'Reject Stake account demo_stake' }));
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith(expect.objectContaining({ description: 'Request failed (502)' })));
  });

  it('shows a load error with a retry', async () => {
    vi.stubGlobal('fetch', async () => json(500, { ok: false, error: 'Database unavailable', code: 'INTERNAL' }));
    renderTab();
    expect((await screen.findByRole('alert')).textContent).toContain('Database unavailable');
  });
});

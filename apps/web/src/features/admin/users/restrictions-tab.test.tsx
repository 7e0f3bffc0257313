import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUserDetail, Restriction } from '@app/shared/api/admin-users';
import { casinoAverages } from './casino-math';
import { RestrictionsTab } from './restrictions-tab';

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/sonner', () => ({ toast: toastMock }));

const NOW = '2026-11-23T12:00:00.000Z';

function restriction(overrides: Partial<Restriction>): Restriction {
  return {
    id: 'r1',
    userId: 'u1',
    kind: 'timeout',
    label: 'Timeout',
    reason: '',
    expiresAt: '2026-11-30T12:00:00.000Z',
    days: 7,
    createdAt: NOW,
    createdBy: { id: 'a1', username: 'admin' },
    revokedAt: null,
    active: true,
    ...overrides,
  };
}

function user(restrictions: Restriction[] = []): AdminUserDetail {
  return {
    id: 'u1',
    uid: 'RH-DEMO0001',
    name: 'demo',
    email: 'demo@example.test',
    kickUsername: null,
    points: 1500,
    status: restrictions.some((r) => r.active) ? 'Timeout' : 'Active',
    flags: ['Verified'],
    isAdmin: false,
    joined: NOW,
    lastLogin: NOW,
    emailVerified: true,
    casinos: [],
    restrictions,
    stats: { orders: 0, raffleEntries: 0, pointsEarned: 0, pointsSpent: 0 },
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let calls: { method: string; url: string; body: unknown; key: string | null }[];
let answer: (method: string, body: Record<string, unknown> | null) => Response;

beforeEach(() => {
  toastMock.mockReset();
  calls = [];
  answer = (method, body) =>
    method === 'POST'
      ? json(201, {
          restriction: restriction({
            kind: body!.kind as Restriction['kind'],
            days: (body!.days as number | null) ?? null,
            label: labelOf(body!.kind as string),
          }),
        })
      : json(200, { restriction: restriction({ active: false, revokedAt: NOW }) });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
    calls.push({ method: init.method ?? 'GET', url: String(input), body, key: new Headers(init.headers).get('idempotency-key') });
    return answer(init.method ?? 'GET', body);
  });
});

afterEach(() => vi.unstubAllGlobals());

function labelOf(kind: string): string {
  return { timeout: 'Timeout', ban_permanent: 'Permanent Ban', ban_points_store: 'Points Store Ban' }[kind] ?? kind;
}

function renderTab(detail: AdminUserDetail) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <RestrictionsTab user={detail} />
    </QueryClientProvider>,
  );
}

describe('Restrictions tab', () => {
  it("applies a 7-day timeout by default with the spec's destructive toast", async () => {
    const u = userEvent.setup();
    renderTab(user());
    expect(screen.getByRole('combobox', { name: 'Restriction' }).textContent).toContain('Timeout');
    expect(screen.getByRole('combobox', { name: 'Duration' }).textContent).toContain('7 days');
    await u.click(screen.getByRole('button', { name: 'Apply Restriction' }));
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith({
        title: 'Restriction Applied',
        description: 'Applied Timeout for 7 days to demo',
        variant: 'destructive',
      }),
    );
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/admin/users/u1/restrictions',
      body: { kind: 'timeout', days: 7, reason: '' },
    });
  });

  it('a permanent ban has no duration, and its toast has no days part', async () => {
    const u = userEvent.setup();
    renderTab(user());
    screen.getByRole('combobox', { name: 'Restriction' }).focus();
    await u.keyboard('{Enter}');
    await u.click(await screen.findByRole('option', { name: 'Permanent Ban' }));
    expect(screen.queryByRole('combobox', { name: 'Duration' })).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Apply Restriction' }));
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith(expect.objectContaining({ title: 'Restriction Applied', description: 'Applied Permanent Ban to demo' })),
    );
    expect(calls[0]?.body).toEqual({ kind: 'ban_permanent', days: null, reason: '' });
  });

  it("removes an active restriction with the toast 'Restriction Removed'", async () => {
    const u = userEvent.setup();
    renderTab(user([restriction({})]));
    await u.click(screen.getByRole('button', { name: 'Remove Timeout' }));
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith(expect.objectContaining({ title: 'Restriction Removed' })));
    expect(calls[0]).toMatchObject({ method: 'DELETE', url: '/api/admin/users/u1/restrictions/r1' });
  });

  it("shows the server's refusal", async () => {
    const u = userEvent.setup();
    answer = () => json(403, { ok: false, error: 'An admin cannot be restricted', code: 'CANNOT_RESTRICT_ADMIN' });
    renderTab(user());
    await u.click(screen.getByRole('button', { name: 'Apply Restriction' }));
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith(expect.objectContaining({ description: 'An admin cannot be restricted', variant: 'destructive' })),
    );
    expect(toastMock).not.toHaveBeenCalledWith(expect.objectContaining({ title: 'Restriction Applied' }));
  });
});

describe('casino averages', () => {
  it('divides the monthly and weekly sums by the number of casinos (spec 2 §9)', () => {
    const account = (monthlyWager: number, weeklyWager: number) => ({
      platform: 'Stake',
      username: 'x',
      isAffiliate: true,
      totalWagered: 100,
      monthlyWager,
      weeklyWager,
      prevWeekWager: 0,
      prevMonthWager: 0,
    });
    expect(casinoAverages([account(300, 30), account(100, 10)])).toEqual({ avgMonthly: 200, avgWeekly: 20, total: 200 });
    expect(casinoAverages([])).toEqual({ avgMonthly: 0, avgWeekly: 0, total: 0 });
  });
});

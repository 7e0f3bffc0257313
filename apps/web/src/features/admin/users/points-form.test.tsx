import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUserDetail } from '@app/shared/api/admin-users';
import { PointsForm } from './points-form';

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/sonner', () => ({ toast: toastMock }));

const NOW = '2026-11-23T12:00:00.000Z';
const self: AdminUserDetail = {
  id: 'a1',
  uid: 'RH-ADMIN001',
  name: 'admin',
  email: 'admin@example.test',
  kickUsername: null,
  points: 0,
  status: 'Active',
  flags: ['Admin', 'Verified'],
  isAdmin: true,
  joined: NOW,
  lastLogin: NOW,
  emailVerified: true,
  casinos: [],
  restrictions: [],
  stats: { orders: 0, raffleEntries: 0, pointsEarned: 0, pointsSpent: 0 },
};
const REFUSAL = 'You cannot grant or revoke points on your own account; another admin has to do it.';

beforeEach(() => {
  toastMock.mockReset();
  vi.stubGlobal(
    'fetch',
    async () =>
      new Response(JSON.stringify({ ok: false, code: 'OWN_ACCOUNT_ACT', error: REFUSAL }), { status: 403, headers: { 'content-type': 'application/json' } }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('Points form', () => {
  it("shows the server's refusal of a grant to the admin's own account and keeps what was typed", async () => {
    const u = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PointsForm user={self} />
      </QueryClientProvider>,
    );
    await u.type(screen.getByLabelText('Amount'), '500');
    await u.type(screen.getByLabelText('Reason'), 'bonus');
    await u.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith({ title: 'Points change failed', description: REFUSAL, variant: 'destructive' }));
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('500');
    expect((screen.getByLabelText('Reason') as HTMLInputElement).value).toBe('bonus');
  });
});

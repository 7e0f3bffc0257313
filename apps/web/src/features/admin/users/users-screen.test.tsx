import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUserRow } from '@app/shared/api/admin-users';
import { UsersScreen } from './users-screen';

const NOW = '2026-11-23T12:00:00.000Z';

function row(name: string, flags: string[]): AdminUserRow {
  return {
    id: name,
    uid: `RH-${name}`,
    name,
    email: `${name}@example.test`,
    kickUsername: null,
    points: 10,
    status: 'Active',
    flags,
    isAdmin: false,
    joined: NOW,
    lastLogin: null,
  };
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    async () =>
      new Response(
        JSON.stringify({ users: [row('LuckyLuna', ['Verified', 'Demo player']), row('realmember', ['Verified'])], page: 1, pageSize: 20, total: 2 }),
        {
          status: 200,
          headers: { 'content-type': 'application/json' },
        },
      ),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('Users screen', () => {
  it("marks the demo feed's sample players as demo players", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <UsersScreen />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const sample = (await screen.findAllByRole('row')).find((r) => r.textContent?.includes('LuckyLuna'))!;
    expect(within(sample).getByText('Demo player')).toBeTruthy();
    const real = screen.getAllByRole('row').find((r) => r.textContent?.includes('realmember'))!;
    expect(within(real).queryByText('Demo player')).toBeNull();
  });
});

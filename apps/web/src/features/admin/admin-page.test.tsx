import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AdminPage from './admin-page';

vi.mock('@/components/ui/sonner', () => ({ toast: vi.fn() }));

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === '/api/admin/leaderboards') return json(503, { ok: false, error: 'Database unavailable', code: 'UNAVAILABLE' });
    if (url === '/api/admin/rewards') return new Response('<html>Bad gateway</html>', { status: 502 });
    return json(200, { features: [], partners: [] });
  });
});

afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/admin/*', element: <AdminPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('admin shell', () => {
  it("has the spec's sidebar plus Store and Orders, and collapses to icons that keep their names", async () => {
    const user = userEvent.setup();
    renderAt('/admin/settings');
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual([
      'Overview',
      'Users',
      'Affiliates',
      'LevelUp Rewards',
      'Leaderboard Races',
      'Raffles',
      'Settings',
      'Stream',
      'Store',
      'Orders',
      'Wager Import',
      'Slot Hub',
      'Bonus Hunts',
      'King of the Hill',
      'Challenges',
      'Predictions',
      'Developers',
      'Audit Log',
    ]);
    expect(within(nav).getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();

    const toggle = screen.getByRole('button', { name: /sidebar$/ });
    const wasExpanded = toggle.getAttribute('aria-expanded');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe(wasExpanded === 'true' ? 'false' : 'true');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe(wasExpanded);
    // Collapsed or not, every link keeps its accessible name (the label is only visually hidden).
    expect(within(nav).getByRole('link', { name: 'Leaderboard Races' })).toBeTruthy();
  });

  it("a failed load shows the server's error field", async () => {
    renderAt('/admin/races');
    expect(await screen.findByText('Could not load leaderboards: Database unavailable')).toBeTruthy();
  });

  it('a failed load whose body is not JSON shows the raw text as the error (spec 1 §7)', async () => {
    renderAt('/admin/store');
    expect(await screen.findByText(/^Could not load rewards: /)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('<html>Bad gateway</html>');
  });

  it('sends unknown sections back to the overview', async () => {
    const router = renderAt('/admin/nothing-here');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });
});

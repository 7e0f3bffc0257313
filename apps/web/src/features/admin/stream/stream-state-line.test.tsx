import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StreamStatus } from '@app/shared/api/stream';
import { DISCONNECTED_STREAM } from '@/test/stream-fixtures';
import { StreamStateLine } from './stream-state-line';

const channel = { broadcasterUserId: '1', slug: 'thestreamer', scopes: ['chat:write'], tokenExpiresAt: '2026-11-23T13:00:00.000Z', needsReconnect: false };

function renderLine(status: StreamStatus) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    expect(String(input)).toBe('/api/admin/stream');
    return new Response(JSON.stringify(status), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/admin', element: <StreamStateLine /> }], { initialEntries: ['/admin'] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** The Overview's Bot Status card: whether the Kick channel is connected and live. */
describe('StreamStateLine', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says when no channel is connected, and links to the Stream screen', async () => {
    renderLine(DISCONNECTED_STREAM);
    expect(await screen.findByText('Not connected')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Stream settings' }).getAttribute('href')).toBe('/admin/stream');
  });

  it('names the connected channel and whether it is live', async () => {
    renderLine({ ...DISCONNECTED_STREAM, connected: true, channel, isLive: true, liveSince: '2026-11-23T12:00:00.000Z' });
    expect(await screen.findByText('thestreamer')).toBeTruthy();
    expect(screen.getByText('Live')).toBeTruthy();
    expect(screen.queryByText('Offline')).toBeNull();
  });

  it('says offline, and that the channel needs reconnecting after a failed refresh', async () => {
    renderLine({ ...DISCONNECTED_STREAM, connected: true, channel: { ...channel, needsReconnect: true } });
    expect(await screen.findByText('Offline')).toBeTruthy();
    expect(screen.getByText('Reconnect needed')).toBeTruthy();
  });
});

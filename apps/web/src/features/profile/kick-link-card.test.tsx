import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KickLinkState } from '@app/shared/api/stream';
import type { Session } from '@/lib/session';
import { testMember, testSession } from '@/test/session-user';
import { KickLinkCard } from './kick-link-card';

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/sonner', () => ({ toast: toastMock }));

const session = vi.hoisted(() => ({ current: null as unknown as Session }));
vi.mock('@/lib/session', () => ({ useSession: () => session.current }));

let kickLink: KickLinkState;
let calls: string[];

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  toastMock.mockReset();
  session.current = testSession({ user: testMember() });
  calls = [];
  kickLink = {
    request: { kickUsername: 'Kick_Viewer', kickUserId: '98765', expiresAt: new Date(Date.now() + 9 * 60_000).toISOString() },
    linked: null,
  };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push(`${init.method ?? 'GET'} ${url}`);
    if (url === '/api/profile/kick-link' && (init.method ?? 'GET') === 'GET') return json(200, kickLink);
    if (url === '/api/profile/kick-link/decline' && init.method === 'POST') {
      kickLink = { request: null, linked: null };
      return json(200, kickLink);
    }
    if (url === '/api/profile/kick-link/confirm' && init.method === 'POST') {
      return json(429, { ok: false, error: 'Too many attempts. Try again in 42 seconds.', code: 'RATE_LIMITED' });
    }
    return json(404, { ok: false, error: 'Not found', code: 'NOT_FOUND' });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <KickLinkCard uid="RH-ABCDEFGH" />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('KickLinkCard', () => {
  it('names the Kick account that asks: its username and its Kick user ID', async () => {
    renderCard();
    const ask = await screen.findByText('Link Kick account @Kick_Viewer?');
    const box = ask.closest('[role="alert"]') as HTMLElement;
    const terms = within(box)
      .getAllByRole('term')
      .map((t) => t.textContent);
    const details = within(box)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(terms).toEqual(['Kick username', 'Kick user ID']);
    expect(details).toEqual(['Kick_Viewer', '98765']);
    expect(within(box).getByText(/no other Kick account can ask to link this profile: decline if it was not you/)).toBeTruthy();
    expect(within(box).getByText(/expires in 9 minutes/)).toBeTruthy();
  });

  it('declines the request, and says so when a write is rate limited', async () => {
    const user = renderCard();
    const box = (await screen.findByText('Link Kick account @Kick_Viewer?')).closest('[role="alert"]') as HTMLElement;
    await user.click(within(box).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith({ title: 'Too many attempts. Try again in 42 seconds.', variant: 'destructive' }));
    await user.click(within(box).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith({ title: 'Link request declined' }));
    expect(await screen.findByText(/Not linked\. Paste your UID/)).toBeTruthy();
    expect(calls).toContain('POST /api/profile/kick-link/decline');
  });
});

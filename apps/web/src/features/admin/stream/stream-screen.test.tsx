import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_STREAM_RULES, type StreamCommand, type StreamStatus } from '@app/shared/api/stream';
import { DISCONNECTED_STREAM } from '@/test/stream-fixtures';
import { StreamScreen } from './stream-screen';

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/sonner', () => ({ toast: toastMock }));

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let status: StreamStatus;
let commands: StreamCommand[];
let calls: { method: string; url: string; body: unknown }[];

beforeEach(() => {
  calls = [];
  toastMock.mockReset();
  status = DISCONNECTED_STREAM;
  commands = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/api/admin/stream' && method === 'GET') return json(200, status);
    if (url === '/api/admin/stream/commands' && method === 'GET') return json(200, { commands, builtIn: ['points', 'rank', 'raffles', 'leaderboard', 'link'] });
    if (url.startsWith('/api/admin/stream/commands/') && method === 'PUT') {
      const body = calls.at(-1)!.body as Omit<StreamCommand, 'id' | 'updatedAt'>;
      commands = commands.map((c) => (url.endsWith(`/${c.id}`) ? { ...c, ...body } : c));
      return json(200, { command: commands[0] });
    }
    if (url === '/api/admin/stream/rules' && method === 'PUT') return json(200, { rules: calls.at(-1)!.body });
    return json(404, { ok: false, error: 'Not found', code: 'NOT_FOUND' });
  });
});

afterEach(() => vi.unstubAllGlobals());

function renderScreen(entry = '/admin/stream') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/admin/stream/*', element: <StreamScreen /> }], { initialEntries: [entry] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('Stream screen', () => {
  it('offers Connect Kick channel and says when the callback connected it', async () => {
    renderScreen('/admin/stream?connected=1');
    expect(await screen.findByRole('button', { name: 'Connect Kick channel' })).toBeTruthy();
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith({ title: 'Kick channel connected' }));
  });

  it('shows the connection with live state and "No events for N minutes while live"', async () => {
    status = {
      ...DISCONNECTED_STREAM,
      connected: true,
      channel: { broadcasterUserId: '1001', slug: 'streamer', scopes: ['chat:write'], tokenExpiresAt: '2026-11-23T13:00:00.000Z', needsReconnect: false },
      isLive: true,
      liveSince: '2026-11-23T11:00:00.000Z',
      lastEventAt: '2026-11-23T11:30:00.000Z',
      silentMinutes: 25,
      subscriptions: [{ id: 's1', event: 'chat.message.sent' }],
    };
    renderScreen();
    expect(await screen.findByText('kick.com/streamer')).toBeTruthy();
    expect(screen.getByText('Live')).toBeTruthy();
    expect(screen.getByText(/No events for 25 minutes while live/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resubscribe' })).toBeTruthy();
  });

  it('validates the rules before saving and saves them', async () => {
    const u = renderScreen('/admin/stream/points');
    const interval = await screen.findByLabelText('Block length (minutes)');
    await u.clear(interval);
    await u.type(interval, '0');
    await u.click(screen.getByRole('button', { name: 'Save rules' }));
    expect(await screen.findByText('At least 1 minute')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await u.clear(interval);
    await u.type(interval, '10');
    await u.type(screen.getByLabelText('Ignored Kick usernames'), 'BotRix');
    await u.click(screen.getByRole('button', { name: 'Save rules' }));
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith({ title: 'Stream rules saved' }));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ ...DEFAULT_STREAM_RULES, intervalMinutes: 10, ignoredUsernames: ['BotRix'] });
  });

  it('edits a custom command in a dialog: validates, then saves its name, reply and cooldowns', async () => {
    commands = [
      {
        id: 'c1',
        name: 'discord',
        reply: 'Join {site}/discord',
        userCooldownSeconds: 30,
        globalCooldownSeconds: 5,
        enabled: true,
        role: 'everyone',
        uses: 0,
        updatedAt: '2026-11-23T11:00:00.000Z',
      },
    ];
    const u = renderScreen('/admin/stream/commands');
    await u.click(await screen.findByRole('button', { name: 'Edit !discord' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit !discord' });
    const name = within(dialog).getByLabelText('Command');
    expect((name as HTMLInputElement).value).toBe('discord');
    expect((within(dialog).getByLabelText('Reply') as HTMLTextAreaElement).value).toBe('Join {site}/discord');
    await u.clear(name);
    await u.type(name, 'bad name');
    await u.click(within(dialog).getByRole('button', { name: 'Save command' }));
    expect(await within(dialog).findByText('Letters, digits and _ (up to 30), optionally starting with !')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await u.clear(name);
    await u.type(name, 'socials');
    const reply = within(dialog).getByLabelText('Reply');
    await u.clear(reply);
    await u.type(reply, 'Hi {{user}');
    const perUser = within(dialog).getByLabelText('Cooldown per user (s)');
    await u.clear(perUser);
    await u.type(perUser, '90');
    await u.click(within(dialog).getByRole('button', { name: 'Save command' }));
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith({ title: '!socials saved' }));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/admin/stream/commands/c1');
    expect(put.body).toEqual({ name: 'socials', reply: 'Hi {user}', userCooldownSeconds: 90, globalCooldownSeconds: 5, enabled: true, role: 'everyone' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('!socials')).toBeTruthy();
  });
});

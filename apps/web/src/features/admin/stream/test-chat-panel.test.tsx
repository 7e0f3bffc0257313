import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Giveaway } from '@app/shared/api/giveaways';
import type { TestChatLine } from '@app/shared/api/stream-studio';
import { drawnGiveaway } from '@/test/giveaway-fixtures';
import { TestChatPanel } from './test-chat-panel';

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/sonner', () => ({ toast: toastMock }));

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let lines: TestChatLine[];
let giveaways: Giveaway[];
let calls: { method: string; url: string; body: unknown }[];
const at = '2026-11-29T12:00:00.000Z';

beforeEach(() => {
  calls = [];
  lines = [];
  giveaways = [];
  toastMock.mockReset();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    if (url === '/api/admin/stream/test-chat' && method === 'GET') return json(200, { lines });
    if (url === '/api/admin/stream/test-chat' && method === 'POST') {
      const reply = body.text === '!points' ? `@${body.viewer.name} you have 1,234 points (rank Bronze 1).` : null;
      lines = [
        ...lines,
        { id: `l${lines.length}`, kind: 'viewer', name: body.viewer.name, role: body.viewer.role, text: body.text, at },
        ...(reply ? [{ id: `l${lines.length + 1}`, kind: 'bot' as const, name: null, role: null, text: reply, at }] : []),
      ];
      return json(200, { replies: reply ? [{ text: reply }] : [], actions: [] });
    }
    if (url === '/api/admin/giveaways' && method === 'GET') return json(200, { giveaways });
    if (url === '/api/admin/giveaways' && method === 'POST') {
      const started = { ...drawnGiveaway(), id: 'g9', number: 9, keyword: '!join', status: 'Open' as const, isTest: true, drawnAt: null, closedAt: null };
      giveaways = [started];
      return json(201, { giveaway: started });
    }
    if (url.startsWith('/api/admin/users?')) {
      return json(200, {
        users: [
          { id: '11111111-1111-4111-8111-111111111111', name: 'Marta', isAdmin: false },
          { id: 'a1', name: 'Mallory', isAdmin: true },
        ],
        page: 1,
        pageSize: 5,
        total: 2,
      });
    }
    return json(404, { ok: false, error: 'Not found', code: 'NOT_FOUND' });
  });
});

afterEach(() => vi.unstubAllGlobals());

function renderPanel() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <TestChatPanel />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('Test chat panel', () => {
  it('sends a message as a test viewer linked to a member and shows the bot reply in the console', async () => {
    const u = renderPanel();
    expect(await screen.findByText('Nothing yet. Send a message, e.g. !points.')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Test message' });
    // Empty message: the schema's message, nothing sent.
    await u.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByText('Write a message')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    const name = within(form).getByLabelText("Test viewer's name");
    await u.clear(name);
    await u.type(name, 'Tess');
    screen.getByRole('combobox', { name: 'Role' }).focus();
    await u.keyboard('{Enter}');
    await u.click(await screen.findByRole('option', { name: 'Subscriber' }));
    await u.type(within(form).getByLabelText('Linked member (optional)'), 'ma');
    // Admins are not offered.
    const members = await screen.findByRole('list', { name: 'Matching members' });
    expect(within(members).queryByRole('button', { name: 'Mallory' })).toBeNull();
    await u.click(within(members).getByRole('button', { name: 'Marta' }));
    await u.type(within(form).getByLabelText('Message'), '!points');
    await u.click(within(form).getByRole('button', { name: 'Send' }));

    const console = await screen.findByRole('list', { name: 'Test chat console' });
    await waitFor(() => expect(within(console).getByText('@Tess you have 1,234 points (rank Bronze 1).')).toBeTruthy());
    expect(within(console).getByText('!points')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/admin/stream/test-chat')!.body).toEqual({
      viewer: { name: 'Tess', role: 'subscriber', memberId: '11111111-1111-4111-8111-111111111111' },
      text: '!points',
    });
    expect((within(form).getByLabelText('Message') as HTMLInputElement).value).toBe('');
  });

  it('starts a test giveaway (no points prize, test: true) and then names its keyword', async () => {
    const u = renderPanel();
    await u.click(await screen.findByRole('button', { name: 'Start a test giveaway' }));
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith({ title: 'Test giveaway started: type !join' }));
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/admin/giveaways')!.body).toMatchObject({ test: true, prizePoints: null, keyword: '!join' });
    expect(await screen.findByText('Test giveaway #9 is taking entries: type !join to enter.')).toBeTruthy();
  });
});

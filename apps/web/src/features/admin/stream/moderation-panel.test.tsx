import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CHAT_MODERATION, type ChatModerationState } from '@app/shared/api/chat-moderation';
import { ModerationPanel } from './moderation-panel';

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/sonner', () => ({ toast: toastMock }));

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let state: ChatModerationState;
let fail: boolean;
let puts: unknown[];

beforeEach(() => {
  toastMock.mockReset();
  fail = false;
  puts = [];
  state = { settings: DEFAULT_CHAT_MODERATION, enabled: false, recent: [] };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url !== '/api/admin/stream/moderation') return json(404, { ok: false, error: 'Not found', code: 'NOT_FOUND' });
    if (fail) return json(500, { ok: false, error: 'Something went wrong on our side.', code: 'INTERNAL' });
    if (method === 'PUT') {
      const body = JSON.parse(String(init!.body));
      puts.push(body);
      state = { ...state, settings: body };
    }
    return json(200, state);
  });
});

afterEach(() => vi.unstubAllGlobals());

function renderPanel() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <ModerationPanel /> }], { initialEntries: ['/admin/stream'] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('ModerationPanel', () => {
  it('shows the switch state and that nothing was moderated yet', async () => {
    renderPanel();
    expect(screen.getByRole('status').textContent).toContain('Loading chat moderation');
    expect(await screen.findByText('Off')).toBeTruthy();
    expect(screen.getByText('No moderation acts yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: "Overview's Bot Status" }).getAttribute('href')).toBe('/admin');
    expect((screen.getByLabelText('Allowed domains') as HTMLInputElement).value).toBe('kick.com');
    expect((screen.getByLabelText('Timeouts (minutes)') as HTMLInputElement).value).toBe('1, 10, 60');
  });

  it('validates, then saves the lists, the link switch and the timeouts', async () => {
    const user = userEvent.setup();
    renderPanel();
    const form = await screen.findByRole('form', { name: 'Chat moderation settings' });
    await user.type(within(form).getByLabelText('Blocked words and phrases'), 'scam{Enter}...{Enter}');
    await user.clear(within(form).getByLabelText('Timeouts (minutes)'));
    await user.type(within(form).getByLabelText('Timeouts (minutes)'), '1, ten');
    await user.click(within(form).getByRole('button', { name: 'Save moderation' }));
    expect(await within(form).findByText('A blocked word needs a letter or digit (line 2)')).toBeTruthy();
    expect(within(form).getByText('Enter whole minutes')).toBeTruthy();
    expect(within(form).getByLabelText('Timeouts (minutes)').getAttribute('aria-invalid')).toBe('true');
    expect(puts).toEqual([]);

    await user.clear(within(form).getByLabelText('Blocked words and phrases'));
    await user.type(within(form).getByLabelText('Blocked words and phrases'), 'scam{Enter}free coins');
    await user.clear(within(form).getByLabelText('Timeouts (minutes)'));
    await user.type(within(form).getByLabelText('Timeouts (minutes)'), '2 20');
    await user.click(within(form).getByRole('switch', { name: 'Block links' }));
    await user.type(within(form).getByLabelText('Allowed domains'), '{Enter}https://www.YouTube.com/x');
    await user.click(within(form).getByRole('button', { name: 'Save moderation' }));
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith({ title: 'Chat moderation saved' }));
    expect(puts).toEqual([
      { blockedTerms: ['scam', 'free coins'], blockLinks: true, allowedDomains: ['kick.com', 'youtube.com'], timeoutMinutes: [2, 20], windowMinutes: 10 },
    ]);
  });

  it('lists the recent acts', async () => {
    state = {
      ...state,
      enabled: true,
      recent: [
        {
          id: 'a',
          kind: 'timeout',
          time: '2026-11-24T12:00:00.000Z',
          kickUserId: '1',
          kickUsername: 'spammer',
          message: 'sc4m',
          reason: 'Blocked word "scam"',
          minutes: 10,
        },
        {
          id: 'b',
          kind: 'delete',
          time: '2026-11-24T11:59:00.000Z',
          kickUserId: '1',
          kickUsername: 'spammer',
          message: 'sc4m',
          reason: 'Blocked word "scam"',
          minutes: null,
        },
      ],
    };
    renderPanel();
    const list = await screen.findByRole('list', { name: 'Recent moderation acts' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Timeout@spammer10 min: Blocked word "scam"');
    expect(items[1]!.textContent).toContain('Deleted@spammerBlocked word "scam"');
    expect(screen.getByText('On')).toBeTruthy();
  });

  it('says when the settings cannot be loaded, with Retry', async () => {
    fail = true;
    renderPanel();
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load chat moderation');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Off')).toBeTruthy();
  });
});

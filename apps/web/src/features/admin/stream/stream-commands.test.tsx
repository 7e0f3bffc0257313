import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StreamCommand } from '@app/shared/api/stream';
import { StreamCommands } from './stream-commands';

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/sonner', () => ({ toast: toastMock }));

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let commands: StreamCommand[];
let calls: { method: string; url: string; body: unknown }[];

beforeEach(() => {
  calls = [];
  commands = [];
  toastMock.mockReset();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    if (url === '/api/admin/stream/commands' && method === 'GET') return json(200, { commands, builtIn: ['points'] });
    if (url === '/api/admin/stream/commands' && method === 'POST') {
      const command = { id: 'c1', ...body, uses: 0, updatedAt: '2026-11-29T12:00:00.000Z' };
      commands = [command];
      return json(200, { command });
    }
    return json(404, { ok: false, error: 'Not found', code: 'NOT_FOUND' });
  });
});

afterEach(() => vi.unstubAllGlobals());

describe('Custom commands: who may use them', () => {
  it('adds a command for VIPs (and up) and lists its role and times used', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <StreamCommands />
      </QueryClientProvider>,
    );
    const u = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Add a command' });
    await u.type(within(form).getByLabelText('Command'), '!vipcorner');
    await u.type(within(form).getByLabelText('Reply'), 'Hi {{user}, used {{count} times');
    const role = within(form).getByRole('combobox', { name: 'Who may use it' });
    expect(role.textContent).toContain('Everyone');
    role.focus();
    await u.keyboard('{Enter}');
    await u.click(await screen.findByRole('option', { name: 'VIPs' }));
    await u.click(within(form).getByRole('button', { name: 'Add command' }));
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith({ title: '!vipcorner added' }));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ name: 'vipcorner', reply: 'Hi {user}, used {count} times', role: 'vip' });
    expect(await screen.findByText(/VIPs · cooldown/)).toBeTruthy();
    expect(screen.getByText(/used 0 times/)).toBeTruthy();
  });
});

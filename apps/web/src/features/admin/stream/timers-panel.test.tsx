import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StreamTimer } from '@app/shared/api/stream-studio';
import { TimersPanel } from './timers-panel';

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/sonner', () => ({ toast: toastMock }));

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let timers: StreamTimer[];
let calls: { method: string; url: string; body: unknown }[];

beforeEach(() => {
  calls = [];
  timers = [];
  toastMock.mockReset();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    if (url === '/api/admin/stream/timers' && method === 'GET') return json(200, { timers });
    if (url === '/api/admin/stream/timers' && method === 'POST') {
      const timer = { id: 't1', ...body, lastPostedAt: null, updatedAt: '2026-11-29T12:00:00.000Z' };
      timers = [timer];
      return json(201, { timer });
    }
    if (url === '/api/admin/stream/timers/t1' && method === 'PUT') {
      timers = [{ ...timers[0]!, ...body }];
      return json(200, { timer: timers[0] });
    }
    return json(404, { ok: false, error: 'Not found', code: 'NOT_FOUND' });
  });
});

afterEach(() => vi.unstubAllGlobals());

function renderPanel() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <TimersPanel />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('Timers panel', () => {
  it('validates the interval, adds a timer, lists it and switches it off', async () => {
    const u = renderPanel();
    expect(await screen.findByText('No timers yet.')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Add a timer' });
    await u.type(within(form).getByLabelText('Name'), 'Discord');
    await u.type(within(form).getByLabelText('Message'), 'Join the Discord');
    const every = within(form).getByLabelText('Every (minutes)');
    await u.clear(every);
    await u.type(every, '3');
    await u.click(within(form).getByRole('button', { name: 'Add timer' }));
    expect(await within(form).findByText('At least 5 minutes')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await u.clear(every);
    await u.type(every, '20');
    await u.click(within(form).getByRole('button', { name: 'Add timer' }));
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith({ title: 'Discord added' }));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Discord',
      message: 'Join the Discord',
      intervalMinutes: 20,
      minChatLines: 5,
      enabled: true,
    });
    const list = await screen.findByRole('list', { name: 'Timers' });
    expect(within(list).getByText('Every 20 min while live, after 5 chat lines · not posted yet')).toBeTruthy();

    await u.click(within(list).getByRole('switch', { name: 'Discord' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ enabled: false, intervalMinutes: 20 }));
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_WAGER_SYNC_MAPPING, type WagerSyncPartner } from '@app/shared/api/wagers';
import { SettingsScreen } from './settings-screen';

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/sonner', () => ({ toast: toastMock }));

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function partner(id: 'p1' | 'p2' | 'p3' | 'p4' | 'p5', name: string, overrides: Partial<WagerSyncPartner> = {}): WagerSyncPartner {
  return {
    partner: id,
    name,
    configured: false,
    endpointUrl: '',
    hasKey: false,
    keyHeader: 'x-api-key',
    mapping: DEFAULT_WAGER_SYNC_MAPPING,
    enabled: false,
    periodMinutes: 60,
    lastRunAt: null,
    lastSuccessAt: null,
    lastResult: null,
    lastError: null,
    lastErrorAt: null,
    nextRunAt: null,
    delayed: false,
    ...overrides,
  };
}

const stake = partner('p1', 'Stake', {
  configured: true,
  endpointUrl: 'https://stake.example/api/wagers',
  hasKey: true,
  keyHeader: 'x-partner-key',
  enabled: true,
  periodMinutes: 15,
  lastRunAt: '2026-11-23T12:40:00.000Z',
  lastSuccessAt: '2026-11-23T12:00:00.000Z',
  lastResult: { rows: 4, inserted: 4, updated: 0, unchanged: 0, pointsCredited: 1516, from: '2026-11-17', to: '2026-11-23' },
  lastError: 'The casino answered HTTP 500.',
  lastErrorAt: '2026-11-23T12:40:00.000Z',
  nextRunAt: '2026-11-23T12:55:00.000Z',
  delayed: true,
});

let calls: { method: string; url: string; body: unknown }[];
let list: () => Response;

beforeEach(() => {
  calls = [];
  toastMock.mockReset();
  list = () => json(200, { partners: [stake, partner('p2', 'Roobet'), partner('p3', 'BC.Game'), partner('p4', 'Rollbit'), partner('p5', 'Gamdom')] });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/api/admin/bot-features') return json(200, { features: [] });
    if (url === '/api/admin/wager-sync') return list();
    if (method === 'PUT' && url === '/api/admin/wager-sync/p1') return json(200, { ...stake, ...(JSON.parse(String(init!.body)) as object), hasKey: true });
    if (method === 'POST' && url === '/api/admin/wager-sync/p1/run') {
      return json(200, {
        ok: false,
        result: null,
        error: 'The casino did not answer in time.',
        partner: { ...stake, lastError: 'The casino did not answer in time.' },
      });
    }
    return json(404, { ok: false, error: 'Not found', code: 'NOT_FOUND' });
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SettingsScreen />
    </QueryClientProvider>,
  );
}

const stakeSection = async () => within(await screen.findByRole('region', { name: 'Stake' }));

describe('Settings: wager sync', () => {
  it("shows each partner's sync: saved key, last success, last error, delayed", async () => {
    renderScreen();
    const s = await stakeSection();
    expect(s.getByText('Delayed')).toBeTruthy();
    expect(s.getByText('On')).toBeTruthy();
    expect(s.getByText(/The casino answered HTTP 500\./)).toBeTruthy();
    expect(s.getByText('4 rows (4 new, 0 changed), 1516 points credited')).toBeTruthy();
    const key = s.getByLabelText('Key') as HTMLInputElement;
    expect(key.type).toBe('password');
    expect(key.value).toBe('');
    expect(key.placeholder).toBe('saved');
    expect(s.getByText('A key is saved. Leave empty to keep it.')).toBeTruthy();
    expect((s.getByLabelText('Endpoint URL') as HTMLInputElement).value).toBe('https://stake.example/api/wagers');
    expect(s.getByRole('switch', { name: 'Enabled' }).getAttribute('aria-checked')).toBe('true');
    const roobet = within(screen.getByRole('region', { name: 'Roobet' }));
    expect(roobet.getByText('Never')).toBeTruthy();
    expect(roobet.queryByText('Delayed')).toBeNull();
    expect(roobet.getByRole('button', { name: 'Run now' })).toHaveProperty('disabled', true);
  });

  it('saves without the key when the key box is empty, and with it when typed', async () => {
    const user = userEvent.setup();
    renderScreen();
    const s = await stakeSection();
    const period = s.getByLabelText('Period (minutes)');
    await user.clear(period);
    await user.type(period, '30');
    await user.click(s.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const first = calls.find((c) => c.method === 'PUT')!;
    expect(first.url).toBe('/api/admin/wager-sync/p1');
    expect(first.body).toEqual({
      endpointUrl: 'https://stake.example/api/wagers',
      keyHeader: 'x-partner-key',
      mapping: DEFAULT_WAGER_SYNC_MAPPING,
      enabled: true,
      periodMinutes: 30,
    });
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith(expect.objectContaining({ title: 'Stake sync saved' })));

    await user.type(s.getByLabelText('Key'), 'new-secret');
    await user.click(s.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1]!.body).toMatchObject({ key: 'new-secret' });
    // Saved: the key box empties and says a key is saved; the period keeps the saved value.
    await waitFor(() => expect((s.getByLabelText('Key') as HTMLInputElement).value).toBe(''));
    expect((s.getByLabelText('Key') as HTMLInputElement).placeholder).toBe('saved');
    expect((s.getByLabelText('Period (minutes)') as HTMLInputElement).value).toBe('30');
  });

  it('refuses a bad form without calling the server', async () => {
    const user = userEvent.setup();
    renderScreen();
    const s = await stakeSection();
    await user.clear(s.getByLabelText('Endpoint URL'));
    await user.type(s.getByLabelText('Endpoint URL'), 'ftp://nope');
    await user.clear(s.getByLabelText('Period (minutes)'));
    await user.type(s.getByLabelText('Period (minutes)'), '0');
    await user.click(s.getByRole('button', { name: 'Save' }));
    expect(await s.findByText('The endpoint is an http or https URL')).toBeTruthy();
    expect(s.getByText('The period is at least 1 minute')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('runs a sync now and reports the casino error', async () => {
    const user = userEvent.setup();
    renderScreen();
    const s = await stakeSection();
    await user.click(s.getByRole('button', { name: 'Run now' }));
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith({ title: 'Stake sync failed', description: 'The casino did not answer in time.' }));
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/admin/wager-sync/p1/run')).toBe(true);
  });

  it('shows the error state with a retry', async () => {
    list = () => json(500, { ok: false, error: 'Database unavailable', code: 'INTERNAL' });
    renderScreen();
    expect((await screen.findByText(/Could not load wager sync/)).textContent).toContain('Database unavailable');
    expect(screen.getAllByRole('button', { name: 'Retry' }).length).toBeGreaterThan(0);
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiToken, Delivery, PointsImportResult, Webhook } from '@app/shared/api/developers';
import { DevelopersScreen } from './developers-screen';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toastMock }));

type Call = { method: string; url: string; body: unknown };

const at = '2026-11-20T10:00:00.000Z';
let tokens: ApiToken[];
let hooks: Webhook[];
let deliveries: Delivery[];
let calls: Call[];

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function bodyOf(init: RequestInit): unknown {
  if (init.body === undefined || init.body === null) return undefined;
  if (typeof init.body === 'string') return JSON.parse(init.body);
  return init.body;
}

const preview: PointsImportResult = {
  rows: 3,
  credited: 2,
  points: 1500,
  skipped: [{ line: 4, reason: 'points is not a whole number' }],
  format: 'streamelements',
  dryRun: true,
};

beforeEach(() => {
  toastMock.success.mockReset();
  toastMock.error.mockReset();
  calls = [];
  tokens = [{ id: 't1', name: 'Overlay kit', prefix: 'rh_abcd', scopes: ['points:read'], createdAt: at, lastUsedAt: null }];
  hooks = [
    {
      id: 'w1',
      url: 'https://example.com/hooks',
      events: ['raffle.drawn'],
      format: 'standard',
      description: '',
      enabled: true,
      disabledAt: null,
      createdAt: at,
    },
  ];
  deliveries = [
    { id: 'd1', event: 'raffle.drawn', status: 'failed', attempts: 8, lastStatusCode: 503, nextAttemptAt: null, durationMs: 12, createdAt: at },
    { id: 'd2', event: 'ping', status: 'pending', attempts: 0, lastStatusCode: null, nextAttemptAt: at, durationMs: null, createdAt: at },
  ];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    if (method === 'GET') {
      if (url === '/api/admin/api-tokens') return json(200, { tokens });
      if (url === '/api/admin/webhooks') return json(200, { webhooks: hooks });
      if (url === '/api/admin/webhooks/w1/deliveries') return json(200, { deliveries });
      return json(404, { ok: false, error: 'Not found', code: 'NOT_FOUND' });
    }
    calls.push({ method, url, body: bodyOf(init) });
    if (url === '/api/admin/api-tokens') {
      const body = bodyOf(init) as { name: string; scopes: string[] };
      if (body.name === 'Taken') return json(409, { ok: false, error: 'A token with this name exists.', code: 'CONFLICT' });
      return json(201, { id: 't2', ...body, token: 'rh_secret_shown_once', createdAt: at });
    }
    if (url === '/api/admin/webhooks') return json(201, { ...hooks[0], id: 'w2', secret: 'whsec_c2VjcmV0' });
    if (url === '/api/admin/webhooks/w1' && method === 'PATCH') return json(200, { webhook: { ...hooks[0], enabled: false } });
    if (url.endsWith('/redeliver')) return json(202, { delivery: { ...deliveries[0], status: 'pending', attempts: 0 } });
    if (url.startsWith('/api/admin/points/import')) return json(200, url.includes('dryRun=true') ? preview : { ...preview, dryRun: false });
    if (method === 'DELETE') return json(200, { ok: true });
    return json(404, { ok: false, error: 'Not found', code: 'NOT_FOUND' });
  });
});

afterEach(() => vi.unstubAllGlobals());

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/admin/developers']}>
        <DevelopersScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('DevelopersScreen', () => {
  it('creates a token with its scopes and shows the secret once; lists tokens without secrets; revokes one; shows a refusal', async () => {
    const user = userEvent.setup();
    renderScreen();
    const form = await screen.findByRole('form', { name: 'Create an API token' });
    const create = within(form).getByRole('button', { name: 'Create token' });
    expect(create).toHaveProperty('disabled', true);
    await user.type(within(form).getByLabelText('Token name'), 'Discord bot');
    await user.click(within(form).getByLabelText('points:write'));
    await user.click(create);
    await waitFor(() =>
      expect(calls).toEqual([{ method: 'POST', url: '/api/admin/api-tokens', body: { name: 'Discord bot', scopes: ['points:read', 'points:write'] } }]),
    );
    const shown = await screen.findByLabelText('New API token');
    expect(shown).toHaveProperty('value', 'rh_secret_shown_once');

    const row = (await screen.findByRole('cell', { name: 'Overlay kit' })).closest('tr')!;
    expect(row.textContent).toContain('rh_abcd…');
    expect(row.textContent).toContain('Never');
    await user.click(within(row).getByRole('button', { name: 'Revoke Overlay kit' }));
    await waitFor(() => expect(calls.at(-1)).toEqual({ method: 'DELETE', url: '/api/admin/api-tokens/t1', body: undefined }));

    await user.type(within(form).getByLabelText('Token name'), 'Taken');
    await user.click(create);
    await waitFor(() => expect(toastMock.error).toHaveBeenCalledWith('A token with this name exists.'));
  });

  it('adds a webhook with its events and shows its signing secret; turns one off; redelivers a failed delivery but not a pending one', async () => {
    const user = userEvent.setup();
    renderScreen();
    const form = await screen.findByRole('form', { name: 'Add a webhook' });
    await user.type(within(form).getByLabelText('Endpoint URL'), 'https://discord.example/api/webhooks/1');
    await user.selectOptions(within(form).getByLabelText('Format'), 'discord');
    await user.click(within(form).getByLabelText('order.created'));
    await user.click(within(form).getByRole('button', { name: 'Add webhook' }));
    await waitFor(() =>
      expect(calls[0]).toEqual({
        method: 'POST',
        url: '/api/admin/webhooks',
        body: { url: 'https://discord.example/api/webhooks/1', format: 'discord', events: ['raffle.drawn', 'order.created'] },
      }),
    );
    expect(await screen.findByLabelText('Signing secret')).toHaveProperty('value', 'whsec_c2VjcmV0');

    await user.click(screen.getByRole('button', { name: 'Turn off https://example.com/hooks' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'PATCH', url: '/api/admin/webhooks/w1', body: { enabled: false } }));

    await user.click(screen.getByRole('button', { name: 'Delivery log' }));
    const log = await screen.findByRole('table', { name: 'Deliveries to https://example.com/hooks' });
    const rows = within(log).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual(['failed', 'pending']);
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    await user.click(within(rows[0]!).getByRole('button', { name: /^Redeliver raffle\.drawn/ }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'POST', url: '/api/admin/webhooks/w1/deliveries/d1/redeliver', body: undefined }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Delivery queued again'));
  });

  it('previews a points file (counts and skipped lines) before Import is offered, then imports it', async () => {
    const user = userEvent.setup();
    renderScreen();
    const importButton = await screen.findByRole('button', { name: 'Import' });
    expect(screen.getByRole('button', { name: 'Preview' })).toHaveProperty('disabled', true);
    const file = new File(['Username,Points\nalice,1000\n'], 'points.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText(/^Points file/), file);
    expect(importButton).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const status = await screen.findByText(/^Preview \(streamelements\): 3 rows, 2 credited, 1,500 points, 1 skipped\./);
    expect(status).toBeTruthy();
    expect(screen.getByText('Line 4: points is not a whole number')).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual(['/api/admin/points/import?dryRun=true']);
    await waitFor(() => expect(importButton).toHaveProperty('disabled', false));
    await user.click(importButton);
    await waitFor(() => expect(calls.map((c) => c.url)).toEqual(['/api/admin/points/import?dryRun=true', '/api/admin/points/import']));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Imported 1,500 points (2 rows)'));
  });
});

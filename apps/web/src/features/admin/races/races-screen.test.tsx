import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Leaderboard } from '@app/shared/api/admin-leaderboards';
import { RacesScreen } from './races-screen';

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/sonner', () => ({ toast: toastMock }));

const DAY = 86_400_000;

function race(overrides: Partial<Leaderboard>): Leaderboard {
  const now = Date.now();
  return {
    id: crypto.randomUUID(),
    name: 'Roobet Monthly Slot Wager - $5000',
    isActive: true,
    status: 'Active',
    startDate: new Date(now - DAY).toISOString(),
    endDate: new Date(now + 3 * DAY + 5 * 3_600_000 + 60_000).toISOString(),
    participants: 12,
    prizePool: 5000,
    metric: 'Slot Wager',
    prizes: [{ position: '1', amount: 2500 }],
    partnerId: 'p2',
    isGlobalRaffle: false,
    wagerToTicketRatio: 1000,
    createdAt: new Date(now - DAY).toISOString(),
    updatedAt: new Date(now - DAY).toISOString(),
    ...overrides,
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

let races: Leaderboard[];
let posts: unknown[];
let postAnswer: (body: Record<string, unknown>) => Response;

beforeEach(() => {
  toastMock.mockReset();
  posts = [];
  races = [race({})];
  postAnswer = (body) =>
    json(
      201,
      race({
        ...(body as Partial<Leaderboard>),
        id: 'new-race',
        status: body.status as Leaderboard['status'],
      }),
    );
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    if (url === '/api/admin/leaderboards' && init.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      posts.push(body);
      return postAnswer(body);
    }
    if (url === '/api/admin/leaderboards') return json(200, races);
    return json(404, { ok: false, error: 'Not found', code: 'NOT_FOUND' });
  });
});

afterEach(() => vi.unstubAllGlobals());

function renderScreen() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <RacesScreen />
    </QueryClientProvider>,
  );
}

async function pick(user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, option: string) {
  combobox.focus();
  await user.keyboard('{Enter}');
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Leaderboard Races', () => {
  it("lists races by tab with 'Ends in' and the spec's empty state", async () => {
    const user = userEvent.setup();
    renderScreen();
    const active = await screen.findByRole('tabpanel', { name: 'Active' });
    const row = within(active).getByRole('row', {
      name: /Roobet Monthly Slot Wager/,
    });
    expect(within(row).getByText('3d 5h')).toBeTruthy();
    expect(within(row).getByText('Roobet')).toBeTruthy();
    expect(within(row).getByText('$5,000')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Previous' }));
    expect(within(screen.getByRole('tabpanel', { name: 'Previous' })).getByText('No previous leaderboards found')).toBeTruthy();
  });

  it('shows the detail dialog: prizes as a percent of the pool to one decimal, and sample standings said so', async () => {
    const user = userEvent.setup();
    races = [
      race({
        prizes: [
          { position: '1', amount: 2500 },
          { position: '2', amount: 1234 },
        ],
      }),
    ];
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'View Roobet Monthly Slot Wager - $5000' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roobet Monthly Slot Wager - $5000' });
    expect(within(dialog).getByText('Days remaining')).toBeTruthy();
    await user.click(within(dialog).getByRole('tab', { name: 'Prizes' }));
    expect(within(dialog).getByText('50.0%')).toBeTruthy();
    expect(within(dialog).getByText('24.7%')).toBeTruthy();
    await user.click(within(dialog).getByRole('tab', { name: 'Leaderboard' }));
    expect(within(dialog).getByText(/^Sample standings: wagers/)).toBeTruthy();
    const rows = within(within(dialog).getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(11);
    expect(rows[1]?.textContent).toContain('$1,000,000');
    expect(rows[10]?.textContent).toContain('$550,000');
  });

  it('creates with the spec defaults; without a partner saving sends nothing; the name is generated; integers fall back', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Create Leaderboard' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Create Leaderboard',
    });
    expect((within(dialog).getByLabelText('Prize Pool ($)') as HTMLInputElement).value).toBe('1000');
    expect(within(dialog).getByRole('combobox', { name: 'Metric' }).textContent).toContain('Total Wager');
    expect(within(dialog).getByRole('combobox', { name: 'Status' }).textContent).toContain('Draft');
    // The ratio field shows only with 'Include in Global Monthly Raffle'.
    expect(within(dialog).queryByLabelText('Wager to ticket ratio')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Create Leaderboard' }));
    expect(posts).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Create Leaderboard' })).toBeTruthy();

    await pick(user, within(dialog).getByRole('combobox', { name: 'Partner' }), 'BC.Game');
    await user.clear(within(dialog).getByLabelText('Prize Pool ($)'));
    await user.type(within(dialog).getByLabelText('Prize Pool ($)'), 'abc');
    await user.click(
      within(dialog).getByRole('checkbox', {
        name: 'Include in Global Monthly Raffle',
      }),
    );
    await user.clear(within(dialog).getByLabelText('Wager to ticket ratio'));
    await user.type(within(dialog).getByLabelText('Wager to ticket ratio'), 'lots');

    await user.click(within(dialog).getByRole('tab', { name: 'Prize Structure' }));
    expect(
      within(dialog)
        .getAllByLabelText(/^Amount \d \(\$\)$/)
        .map((i) => (i as HTMLInputElement).value),
    ).toEqual(['500', '300', '200']);
    await user.click(within(dialog).getByRole('button', { name: 'Add Position' }));
    expect((within(dialog).getByLabelText('Position 4') as HTMLInputElement).value).toBe('4');
    expect((within(dialog).getByLabelText('Amount 4 ($)') as HTMLInputElement).value).toBe('100');
    await user.type(within(dialog).getByLabelText('Amount 1 ($)'), 'x'); // '500x' parses to 500

    await user.click(within(dialog).getByRole('button', { name: 'Create Leaderboard' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      name: 'BC.Game Race Total Wager - $0',
      partnerId: 'p3',
      metric: 'Total Wager',
      prizePool: 0,
      isGlobalRaffle: true,
      wagerToTicketRatio: 1000,
      isActive: false,
      status: 'Draft',
      startDate: null,
      endDate: null,
      prizes: [
        { position: '1', amount: 500 },
        { position: '2', amount: 300 },
        { position: '3', amount: 200 },
        { position: '4', amount: 100 },
      ],
    });
    // The created race is a Draft: at the top of the Upcoming tab.
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Upcoming' }).getAttribute('aria-selected')).toBe('true'));
    const rows = within(screen.getByRole('tabpanel', { name: 'Upcoming' })).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('BC.Game Race Total Wager - $0');
    expect(toastMock).toHaveBeenCalledWith(expect.objectContaining({ title: 'Leaderboard created' }));
  });

  it("shows the server's error, or 'Request failed ({status})' for a body without one", async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Create Leaderboard' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Create Leaderboard',
    });
    await pick(user, within(dialog).getByRole('combobox', { name: 'Partner' }), 'Stake');

    postAnswer = () =>
      json(400, {
        ok: false,
        error: 'Unknown partner',
        code: 'VALIDATION_ERROR',
      });
    await user.click(within(dialog).getByRole('button', { name: 'Create Leaderboard' }));
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith(
        expect.objectContaining({
          description: 'Unknown partner',
          variant: 'destructive',
        }),
      ),
    );

    postAnswer = () => new Response('', { status: 502 });
    await user.click(within(dialog).getByRole('button', { name: 'Create Leaderboard' }));
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith(expect.objectContaining({ description: 'Request failed (502)' })));
    expect(screen.getByRole('dialog', { name: 'Create Leaderboard' })).toBeTruthy();
  });

  it('refuses an end before the start with the shared schema message, sending nothing', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Create Leaderboard' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Create Leaderboard',
    });
    await pick(user, within(dialog).getByRole('combobox', { name: 'Partner' }), 'Stake');
    await user.type(within(dialog).getByLabelText('Start date'), '2026-12-10T10:00');
    await user.type(within(dialog).getByLabelText('End date'), '2026-12-01T10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Create Leaderboard' }));
    expect((await within(dialog).findAllByText('The end must be after the start')).length).toBeGreaterThan(0);
    expect(posts).toEqual([]);
  });
});

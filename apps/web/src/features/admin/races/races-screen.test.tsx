import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Leaderboard } from '@app/shared/api/admin-leaderboards';
import type { AdminStanding, AdminStandings } from '@app/shared/api/races';
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
let standings: Record<string, AdminStandings>;
let paidCalls: string[];
let paidAnswer: ((id: string, position: number) => Response) | null;
let posts: unknown[];
let postAnswer: (body: Record<string, unknown>) => Response;

beforeEach(() => {
  toastMock.mockReset();
  posts = [];
  races = [race({})];
  standings = {};
  paidCalls = [];
  paidAnswer = null;
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
    const standingsUrl = /^\/api\/admin\/leaderboards\/([^/]+)\/standings$/.exec(url);
    if (standingsUrl) return json(200, standings[standingsUrl[1]!] ?? { leaderboardId: standingsUrl[1], kind: 'live', participants: 0, standings: [] });
    const paidUrl = /^\/api\/admin\/leaderboards\/([^/]+)\/prizes\/(\d+)\/paid$/.exec(url);
    if (paidUrl && init.method === 'POST') {
      paidCalls.push(url);
      const [, id, position] = paidUrl;
      if (paidAnswer) return paidAnswer(id!, Number(position));
      const standing = standings[id!]!.standings.find((x) => x.position === Number(position))!;
      return json(200, { standing: { ...standing, paidAt: '2026-11-24T10:00:00.000Z' } });
    }
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

  it('shows the detail dialog: prizes as a percent of the pool to one decimal, and the live standings from the server', async () => {
    const user = userEvent.setup();
    races = [
      race({
        id: 'live-race',
        prizes: [
          { position: '1', amount: 2500 },
          { position: '2', amount: 1234 },
        ],
      }),
    ];
    const standing = (position: number, username: string, wagered: number, prize: number): AdminStanding => ({
      position,
      id: `u${position}`,
      username,
      wagered,
      tickets: 0,
      prize,
      gapToAbove: null,
      paidAt: null,
    });
    standings['live-race'] = {
      leaderboardId: 'live-race',
      kind: 'live',
      participants: 2,
      standings: [standing(1, 'alice', 1_000_000, 2500), standing(2, 'bob', 550_000, 1234)],
    };
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'View Roobet Monthly Slot Wager - $5000' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roobet Monthly Slot Wager - $5000' });
    expect(within(dialog).getByText('Days remaining')).toBeTruthy();
    await user.click(within(dialog).getByRole('tab', { name: 'Prizes' }));
    expect(within(dialog).getByText('50.0%')).toBeTruthy();
    expect(within(dialog).getByText('24.7%')).toBeTruthy();
    // A running race has no payouts yet.
    expect(within(dialog).queryByRole('heading', { name: 'Payouts' })).toBeNull();
    await user.click(within(dialog).getByRole('tab', { name: 'Leaderboard' }));
    expect(await within(dialog).findByText(/^Live standings from verified wagers/)).toBeTruthy();
    const rows = within(within(dialog).getByRole('table', { name: 'Live standings' })).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]?.textContent).toContain('alice');
    expect(rows[1]?.textContent).toContain('$1,000,000');
    expect(rows[2]?.textContent).toContain('$550,000');
  });

  it("a completed race's Prizes tab lists the winners: Paid ones with their date, the others marked paid after a confirm", async () => {
    const user = userEvent.setup();
    races = [
      race({
        id: 'done-race',
        name: 'Stake Weekend Total Wager - $1000',
        status: 'Completed',
        isActive: false,
        partnerId: 'p1',
        endDate: new Date(Date.now() - DAY).toISOString(),
      }),
    ];
    const paidAt = '2026-11-20T09:30:00.000Z';
    standings['done-race'] = {
      leaderboardId: 'done-race',
      kind: 'final',
      participants: 3,
      standings: [
        { position: 1, id: 'u1', username: 'LuckyLena', wagered: 4800, tickets: 0, prize: 500, gapToAbove: null, paidAt },
        { position: 2, id: 'u2', username: 'SpinMaster99', wagered: 4075, tickets: 0, prize: 300, gapToAbove: 725, paidAt: null },
        { position: 3, id: 'u3', username: 'NoPrizeNed', wagered: 10, tickets: 0, prize: 0, gapToAbove: 4065, paidAt: null },
      ],
    };
    renderScreen();
    await user.click(await screen.findByRole('tab', { name: 'Previous' }));
    await user.click(await screen.findByRole('button', { name: 'View Stake Weekend Total Wager - $1000' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stake Weekend Total Wager - $1000' });
    await user.click(within(dialog).getByRole('tab', { name: 'Prizes' }));
    const payouts = await within(dialog).findByRole('table', { name: 'Payouts' });
    const rows = within(payouts).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2); // no row for a standing without a prize
    expect(rows[0]?.textContent).toContain('LuckyLena');
    expect(within(rows[0]!).getByText(/^Paid /)).toBeTruthy();
    expect(within(rows[0]!).queryByRole('button')).toBeNull();

    // Cancelling the confirm sends nothing.
    await user.click(within(rows[1]!).getByRole('button', { name: 'Mark paid: #2 SpinMaster99' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Mark prize paid?' });
    expect(within(confirm).getByText(/#2 SpinMaster99 was paid \$300 at Stake/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(paidCalls).toEqual([]);

    // A refusal (someone else paid it meanwhile) shows the server's message.
    paidAnswer = () => json(409, { ok: false, error: 'This prize was already marked paid (2026-11-24T09:00:00.000Z).', code: 'ALREADY_PAID' });
    await user.click(within(rows[1]!).getByRole('button', { name: 'Mark paid: #2 SpinMaster99' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Mark prize paid?' })).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Mark paid failed', description: 'This prize was already marked paid (2026-11-24T09:00:00.000Z).' }),
      ),
    );

    paidAnswer = null;
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid: #2 SpinMaster99' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Mark prize paid?' })).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: /^Mark paid/ })).toBeNull());
    expect(paidCalls).toEqual(['/api/admin/leaderboards/done-race/prizes/2/paid', '/api/admin/leaderboards/done-race/prizes/2/paid']);
    expect(within(within(dialog).getByRole('table', { name: 'Payouts' })).getAllByText(/^Paid /)).toHaveLength(2);
    expect(toastMock).toHaveBeenCalledWith(expect.objectContaining({ title: 'Prize Marked Paid', description: '#2 SpinMaster99: $300' }));
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

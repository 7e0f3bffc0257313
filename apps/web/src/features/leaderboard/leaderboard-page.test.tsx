import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicLeaderboard } from '@app/shared/api/races';
import { createHash } from 'node:crypto';
import type { Session } from '@/lib/session';
import { testMember, testSession } from '@/test/session-user';
import LeaderboardPage from './leaderboard-page';
import { ownStandingId } from './own-standing';

const session = vi.hoisted(() => ({ current: null as unknown as Session }));
vi.mock('@/lib/session', () => ({ useSession: () => session.current }));
session.current = testSession();

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function board(count: number, overrides: Partial<NonNullable<PublicLeaderboard['race']>> = {}): PublicLeaderboard {
  const standings = Array.from({ length: count }, (_, i) => {
    const wagered = 50_000 - i * 2_500.25;
    return {
      position: i + 1,
      id: `id${i + 1}`,
      username: `pl***${i + 1}`,
      wagered,
      tickets: Math.floor(wagered / 1000),
      prize: i < 3 ? [500, 300, 200][i]! : 0,
      gapToAbove: i === 0 ? null : 2_500.25,
    };
  });
  return {
    race: {
      id: 'r1',
      name: 'Stake Monthly Total Wager - $1000',
      partnerId: 'p1',
      metric: 'Total Wager',
      startDate: '2026-11-01T00:00:00.000Z',
      endDate: new Date(Date.now() + ((2 * 24 + 3) * 3600 + 4 * 60 + 30) * 1000 + 500).toISOString(),
      prizePool: 1000,
      prizes: [
        { position: '1', amount: 500 },
        { position: '2', amount: 300 },
        { position: '3', amount: 200 },
      ],
      isGlobalRaffle: true,
      wagerToTicketRatio: 1000,
      ...overrides,
    },
    participants: count,
    standings,
    updatedAt: '2026-11-23T12:00:00.000Z',
    delayed: false,
    dataAsOf: '2026-11-23T11:45:00.000Z',
  };
}

function renderWith(answer: () => Response) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) =>
    String(input) === '/api/leaderboard' ? answer() : json(404, { ok: false, error: 'Not found', code: 'NOT_FOUND' }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LeaderboardPage />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  session.current = testSession();
});

describe('LeaderboardPage (server standings)', () => {
  it("says the standings are delayed when the casino's sync is late, and not otherwise", async () => {
    renderWith(() => json(200, { ...board(5), delayed: true, dataAsOf: '2026-11-23T09:05:00.000Z' }));
    const notice = (await screen.findByText(/Standings are delayed/)).closest('[role="status"]')!;
    const since = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date('2026-11-23T09:05:00.000Z'));
    expect(notice.textContent).toBe(`Standings are delayed: the casino's data has not arrived since ${since}.`);
    // The standings still show below the notice.
    expect(screen.getByRole('region', { name: 'Top 3' })).toBeTruthy();
  });

  it('says the standings are delayed when the casino never synced', async () => {
    renderWith(() => json(200, { ...board(5), delayed: true, dataAsOf: null }));
    expect((await screen.findByText(/Standings are delayed/)).closest('[role="status"]')!.textContent).toBe(
      "Standings are delayed: the casino's data has not arrived yet.",
    );
  });

  it('shows no delay notice for current standings', async () => {
    renderWith(() => json(200, board(5)));
    await screen.findByRole('region', { name: 'Top 3' });
    expect(screen.queryByText(/Standings are delayed/)).toBeNull();
  });

  it('shows the podium, ranks 4 to 18 with the gap above, the prizes and the countdown to the real end', async () => {
    renderWith(() => json(200, board(20)));
    const podium = within(await screen.findByRole('region', { name: 'Top 3' }));
    expect(podium.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['pl***1', 'pl***2', 'pl***3']);
    expect(podium.getByText('$500')).toBeTruthy();
    const table = within(screen.getByRole('region', { name: 'Standings table' }));
    const rows = table.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(15);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(within(rows[0]!).getByRole('rowheader').textContent).toBe('pl***4');
    expect(cells(rows[0]!)).toEqual(['#4', '$42,499.25', '$2,500.25', '42', '$0']);
    expect(within(rows[14]!).getByRole('rowheader').textContent).toBe('pl***18');
    expect(screen.getByRole('heading', { name: 'Ranks 4 to 18' })).toBeTruthy();
    // The end is 2d 3h 4m 30.5s after the answer was built; rendering may take a moment on a busy machine.
    expect(screen.getByRole('timer', { name: 'Time remaining' }).textContent).toMatch(/^2d 3h 4m (30|29|28)s$/);
    const prizes = within(screen.getByRole('region', { name: 'Prizes' }).closest('section')!);
    expect(prizes.getAllByRole('row')).toHaveLength(4);
    expect(screen.getByText('Every $1,000 wagered gives one ticket.')).toBeTruthy();
    expect(screen.getByText(/20 players are racing/)).toBeTruthy();
  });

  it('says when the race has no wagers yet, and when no race is running', async () => {
    renderWith(() => json(200, board(0)));
    expect(await screen.findByText('No wagers in this race yet. Be the first on the board.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Standings table' })).toBeNull();
  });

  it('says so when there is no active monthly race', async () => {
    renderWith(() => json(200, { race: null, participants: 0, standings: [], updatedAt: '2026-11-23T12:00:00.000Z', delayed: false, dataAsOf: null }));
    expect(await screen.findByText(/No monthly race is running right now/)).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('offers a retry when the standings cannot be loaded', async () => {
    let fail = true;
    renderWith(() => (fail ? json(503, { ok: false, error: 'Service unavailable', code: 'UNAVAILABLE' }) : json(200, board(2))));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/The leaderboard could not be loaded/)).toBeTruthy();
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'pl***1', level: 3 })).toBeTruthy();
  });
});

describe("LeaderboardPage and the member's own row", () => {
  it("works out the member's public id as the server does (race-board.ts publicId)", async () => {
    const server = createHash('sha256').update('r1:u1').digest('hex').slice(0, 16);
    expect(await ownStandingId('r1', 'u1')).toBe(server);
  });

  it("marks the member's own row, on the podium and in the table, and no other", async () => {
    session.current = testSession({ user: testMember({ id: 'u1' }) });
    const mine = await ownStandingId('r1', 'u1');
    const data = board(8);
    data.standings[5] = { ...data.standings[5]!, id: mine };
    renderWith(() => json(200, data));
    const table = await screen.findByRole('table', { name: /positions 4 to/ });
    const own = await within(table).findByRole('row', { current: true });
    expect(own.textContent).toContain('#6');
    expect(within(own).getByText('You')).toBeTruthy();
    expect(screen.getAllByText('You')).toHaveLength(1);
  });

  it('marks no row for a visitor', async () => {
    renderWith(() => json(200, board(8)));
    await screen.findByRole('table', { name: /positions 4 to/ });
    expect(screen.queryByText('You')).toBeNull();
  });
});

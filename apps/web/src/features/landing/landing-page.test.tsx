import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicLeaderboard } from '@app/shared/api/races';
import LandingPage from './landing-page';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function board(count: number, overrides: Partial<PublicLeaderboard> = {}): PublicLeaderboard {
  return {
    race: {
      id: 'r1',
      name: 'Stake Monthly Total Wager - $9000',
      partnerId: 'p1',
      metric: 'Total Wager',
      startDate: '2026-11-01T00:00:00.000Z',
      endDate: '2099-12-01T00:00:00.000Z',
      prizePool: 9000,
      prizes: [
        { position: '1', amount: 5000 },
        { position: '2', amount: 2500 },
        { position: '3', amount: 1500 },
      ],
      isGlobalRaffle: true,
      wagerToTicketRatio: 1000,
    },
    participants: count,
    standings: Array.from({ length: count }, (_, i) => ({
      position: i + 1,
      id: `id${i + 1}`,
      username: `pl*****${i + 1}`,
      wagered: 10_000 - i * 1_000.5,
      tickets: 0,
      prize: [5000, 2500, 1500][i] ?? 0,
      gapToAbove: i === 0 ? null : 1_000.5,
    })),
    updatedAt: '2026-11-23T12:00:00.000Z',
    delayed: false,
    dataAsOf: '2026-11-23T11:45:00.000Z',
    ...overrides,
  };
}

let answer: () => Response | Promise<Response>;
let calls = 0;

beforeEach(() => {
  calls = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    if (String(input) !== '/api/leaderboard') return json(404, { ok: false, error: 'Not found', code: 'NOT_FOUND' });
    calls += 1;
    return answer();
  });
});

afterEach(() => vi.unstubAllGlobals());

function renderLanding() {
  return render(
    <MemoryRouter>
      <LandingPage />
    </MemoryRouter>,
  );
}

const region = () => screen.getByRole('region', { name: 'Race standings' });
const bodyRows = () => within(region()).getAllByRole('row').slice(1);
const rowText = (row: HTMLElement) => [...row.children].map((cell) => cell.textContent);

describe('LandingPage race top 5 (spec 1 §2)', () => {
  it('draws the table with five placeholder rows while the standings load, under the real refresh interval', async () => {
    answer = () => new Promise<Response>(() => {});
    renderLanding();
    expect(
      within(region())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Rank', 'Player', 'Wagered', 'Prize']);
    expect(bodyRows()).toHaveLength(5);
    expect(region().getAttribute('aria-busy')).toBe('true');
    expect(within(region()).getByRole('status').textContent).toBe('Loading the standings…');
    expect(screen.getByText('Updated every 30 seconds')).toBeTruthy();
    expect(screen.queryByText('Updated hourly')).toBeNull();
    await vi.waitFor(() => expect(calls).toBe(1), { timeout: 5_000 });
    // Still loading once the lazy chunk is in: the same five rows, no sample player.
    expect(bodyRows()).toHaveLength(5);
    expect(screen.queryByText('CryptoKing')).toBeNull();
  });

  it("shows the featured race's top 5 as the server sends them (masked names), in five rows", async () => {
    answer = () => json(200, board(7));
    renderLanding();
    expect(await screen.findByRole('rowheader', { name: 'pl*****1' })).toBeTruthy();
    expect(region().hasAttribute('aria-busy')).toBe(false);
    const rows = bodyRows();
    expect(rows).toHaveLength(5);
    expect(rowText(rows[0]!)).toEqual(['#1', 'pl*****1', '$10,000.00', '$5,000']);
    expect(rowText(rows[1]!)).toEqual(['#2', 'pl*****2', '$8,999.50', '$2,500']);
    expect(rowText(rows[4]!)).toEqual(['#5', 'pl*****5', '$5,998.00', '$0']);
    expect(screen.queryByRole('rowheader', { name: 'pl*****6' })).toBeNull();
    expect(screen.getByText('Updated every 30 seconds')).toBeTruthy();
  });

  it('keeps five rows when fewer players are racing', async () => {
    answer = () => json(200, board(2));
    renderLanding();
    await screen.findByRole('rowheader', { name: 'pl*****2' });
    const rows = bodyRows();
    expect(rows).toHaveLength(5);
    expect(rowText(rows[2]!)).toEqual(['#3', '–', '–', '–']);
    expect(rowText(rows[4]!)).toEqual(['#5', '–', '–', '–']);
  });

  it("says there is no active race in /leaderboard's words", async () => {
    answer = () => json(200, { ...board(0), race: null, participants: 0 });
    renderLanding();
    const message = await screen.findByText('No monthly race is running right now. The next one will show here as soon as it starts.');
    expect(region().contains(message)).toBe(true);
    expect(screen.queryByRole('rowheader')).toBeNull();
  });

  it("says the standings are delayed instead of the refresh interval when the casino's data is late", async () => {
    answer = () => json(200, board(3, { delayed: true, dataAsOf: null }));
    renderLanding();
    await screen.findByRole('rowheader', { name: 'pl*****1' });
    expect(screen.getByRole('status').textContent).toBe("Standings are delayed: the casino's data has not arrived yet.");
    expect(screen.queryByText('Updated every 30 seconds')).toBeNull();
  });

  it('offers a retry when the standings cannot be loaded', async () => {
    answer = () => json(503, { ok: false, error: 'The database is unavailable.', code: 'DB_UNAVAILABLE' });
    renderLanding();
    const alert = await screen.findByRole('alert');
    expect(region().contains(alert)).toBe(true);
    expect(alert.textContent).toBe('The leaderboard could not be loaded. The database is unavailable.');
    answer = () => json(200, board(1));
    await userEvent.setup().click(within(region()).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('rowheader', { name: 'pl*****1' })).toBeTruthy();
    expect(within(region()).queryByRole('alert')).toBeNull();
  });
});

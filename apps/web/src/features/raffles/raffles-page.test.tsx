import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Giveaway } from '@app/shared/api/giveaways';
import type { Raffle } from '@app/shared/api/raffles';
import { drawRaffleWinners } from '@app/shared/domain/raffle-draw';
import { sha256Hex } from '@app/shared/fairness/engine';
import { liveTopics } from '@/lib/live-topics';
import type { Session } from '@/lib/session';
import { drawnGiveaway } from '@/test/giveaway-fixtures';
import { testMember, testSession } from '@/test/session-user';
import RafflesPage from './raffles-page';
import { formatDaysHoursMinutes, prizeAmount, summarize } from './raffle-math';

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/sonner', () => ({ toast: toastMock }));

const session = vi.hoisted(() => ({ current: null as unknown as Session }));
vi.mock('@/lib/session', () => ({ useSession: () => session.current }));

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SEED = 'a'.repeat(64);
let counter = 0;

function raffle(overrides: Partial<Raffle> = {}): Raffle {
  counter += 1;
  const now = Date.now();
  return {
    id: `r${counter}`,
    raffleId: `RAF-${counter}`,
    raffleNumber: counter,
    title: `Raffle ${counter}`,
    description: 'A giveaway for everyone.',
    prize: '$100 Crypto Tip',
    winners: 1,
    entryCost: 'Free',
    pointsCost: 0,
    requirements: '',
    type: 'crypto',
    featured: false,
    restricted: false,
    minLevel: null,
    prizePoints: null,
    startDate: new Date(now - DAY).toISOString(),
    endDate: new Date(now + DAY).toISOString(),
    status: 'Active',
    image: '',
    entries: 10,
    entered: false,
    draw: { seedHash: sha256Hex(SEED), seed: null, entrantUids: null, entriesDigest: null, winnerUids: null, drawnAt: null },
    winnerList: [],
    ...overrides,
  };
}

/** A completed raffle whose published draw is the real one over these entrants. */
function completed(overrides: Partial<Raffle> = {}, winners = 2): Raffle {
  const entrantUids = ['RH-AAAA1111', 'RH-BBBB2222', 'RH-CCCC3333', 'RH-DDDD4444', 'RH-EEEE5555'];
  const draw = drawRaffleWinners(SEED, entrantUids, winners);
  const past = Date.now() - 3 * DAY;
  return raffle({
    status: 'Completed',
    winners,
    startDate: new Date(past - DAY).toISOString(),
    endDate: new Date(past).toISOString(),
    draw: {
      seedHash: sha256Hex(SEED),
      seed: SEED,
      entrantUids,
      entriesDigest: draw.entriesDigest,
      winnerUids: draw.winnerUids,
      drawnAt: new Date(past).toISOString(),
    },
    winnerList: draw.winnerUids.map((uid, i) => ({ uid, username: `winner_${uid.slice(3, 7)}`, position: i + 1 })),
    ...overrides,
  });
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const member = (points: number) => testMember({ uid: 'RH-ME000001', username: 'cool_cat', email: 'cool@example.test', points });

const makeSession = (user: Session['user']) => testSession({ user });

let raffles: Raffle[];
let giveaways: Giveaway[];
let enterCalls: { url: string; key: string | null }[];
let enterAnswer: () => Response | Promise<Response>;

beforeEach(() => {
  counter = 0;
  toastMock.mockReset();
  enterCalls = [];
  session.current = makeSession(member(1_500));
  raffles = [];
  giveaways = [];
  enterAnswer = () => json(500, { ok: false, error: 'not set', code: 'INTERNAL' });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const enter = /^\/api\/raffles\/([^/]+)\/enter$/.exec(url);
    if (enter && init.method === 'POST') {
      enterCalls.push({ url, key: new Headers(init.headers).get('idempotency-key') });
      return enterAnswer();
    }
    if (url === '/api/raffles') return json(200, { raffles });
    if (url === '/api/giveaways') return json(200, { giveaways });
    const one = /^\/api\/raffles\/([^/]+)$/.exec(url);
    if (one) {
      const found = raffles.find((r) => r.id === one[1]);
      return found ? json(200, { raffle: found }) : json(404, { ok: false, error: 'Raffle not found', code: 'NOT_FOUND' });
    }
    return json(404, { ok: false, error: 'Not found', code: 'NOT_FOUND' });
  });
});

afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <RafflesPage /> }], { initialEntries: ['/raffles'] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup({ delay: null }), router };
}

function summaryValue(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

function cards(): HTMLElement[] {
  return within(screen.getByRole('tabpanel')).queryAllByRole('article');
}

describe('raffle math', () => {
  it('reads the numeric part of a prize', () => {
    expect(prizeAmount('$1,250 Crypto Tip')).toBe(1250);
    expect(prizeAmount('200 Freespins')).toBe(200);
    expect(prizeAmount('$12.50 tip')).toBe(12.5);
    expect(prizeAmount('A signed shirt')).toBe(0);
  });

  it('says N/A for no next draw and days, hours and minutes otherwise', () => {
    expect(formatDaysHoursMinutes(null)).toBe('N/A');
    expect(formatDaysHoursMinutes(2 * DAY + 3 * HOUR + 4 * 60_000 + 59_000)).toBe('2d 3h 4m');
  });

  it('counts eligibility at exactly the balance, but not entered or inactive raffles', () => {
    const list = [
      raffle({ pointsCost: 1500, entryCost: '1,500 Points' }),
      raffle({ pointsCost: 1501, entryCost: '1,501 Points' }),
      raffle({ entered: true }),
      raffle({ status: 'Upcoming' }),
    ];
    expect(summarize(list, 1500, Date.now())).toMatchObject({ totalEntered: 1, totalEligible: 1 });
  });
});

describe('RafflesPage', { timeout: 20_000 }, () => {
  it('computes the four summary cards from the server data', async () => {
    const soon = Date.now() + 2 * DAY + 3 * HOUR + 4 * 60_000 + 30_000;
    raffles = [
      raffle({ title: 'Cheap', pointsCost: 50, entryCost: '50 Points', endDate: new Date(soon).toISOString() }),
      raffle({ title: 'Entered one', entered: true, endDate: new Date(soon + DAY).toISOString() }),
      raffle({ title: 'Too dear', pointsCost: 5000, entryCost: '5,000 Points', endDate: new Date(soon + 2 * DAY).toISOString() }),
      raffle({ status: 'Pending', entered: true, endDate: new Date(Date.now() - HOUR).toISOString() }),
      completed({ prize: '$1,250 Crypto Tip' }),
      completed({ prize: '500 Points' }),
    ];
    renderPage();
    await screen.findByRole('heading', { name: 'Cheap' });
    expect(screen.getByRole('heading', { level: 1, name: 'Raffles' })).toBeTruthy();
    expect(screen.getByText('Discover exclusive giveaways and win big')).toBeTruthy();
    expect(summaryValue('Total Entered')).toBe('2');
    expect(summaryValue('Total Eligible')).toBe('1');
    expect(summaryValue('Next Draw')).toBe('2d 3h 4m');
    expect(summaryValue('Total Given Away')).toBe('$1,750');
  });

  it('subscribes to the live topics of its active and pending raffles while open, and lets them go when it closes', async () => {
    const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    raffles = [
      raffle({ id: uuid(1), title: 'Live one' }),
      raffle({ id: uuid(2), status: 'Pending', endDate: new Date(Date.now() - HOUR).toISOString() }),
      completed({ id: uuid(3) }),
    ];
    const { router } = renderPage();
    await screen.findByRole('heading', { name: 'Live one' });
    await waitFor(() => expect(liveTopics.get()).toEqual(['race', `raffle:${uuid(1)}`, `raffle:${uuid(2)}`]));
    // The channel carrying them lets the page's poll rest; nothing breaks either way.
    act(() => liveTopics.setConnected(liveTopics.get()));
    act(() => liveTopics.setConnected(null));
    act(() => router.dispose());
    cleanup();
    expect(liveTopics.get()).toEqual(['race']);
  });

  it('says N/A with no active raffle and shows each tab’s empty text', async () => {
    raffles = [completed()];
    const { user } = renderPage();
    expect(await screen.findByText('No active raffles available.')).toBeTruthy();
    expect(summaryValue('Next Draw')).toBe('N/A');
    await user.click(screen.getByRole('tab', { name: 'Pending' }));
    expect(screen.getByText('No pending raffles at the moment.')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Upcoming' }));
    expect(screen.getByText('No upcoming raffles scheduled.')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Previous' }));
    expect(cards()).toHaveLength(1);
  });

  it('shows No raffles have been completed yet on an empty Previous tab', async () => {
    raffles = [raffle()];
    const { user } = renderPage();
    await screen.findByRole('heading', { name: 'Raffle 1' });
    await user.click(screen.getByRole('tab', { name: 'Previous' }));
    expect(screen.getByText('No raffles have been completed yet.')).toBeTruthy();
  });

  it('shows Ends in on active, Starts in on upcoming, and no countdown on pending or completed cards', async () => {
    raffles = [
      raffle(),
      raffle({
        status: 'Upcoming',
        startDate: new Date(Date.now() + DAY).toISOString(),
        endDate: new Date(Date.now() + 3 * DAY).toISOString(),
      }),
      raffle({ status: 'Pending' }),
      completed(),
    ];
    const { user } = renderPage();
    await screen.findByRole('heading', { name: 'Raffle 1' });
    expect(within(cards()[0]!).getByText(/^Ends in/)).toBeTruthy();
    expect(within(cards()[0]!).getByRole('timer').textContent).toMatch(/^0d 23h 59m \d+s$/);
    expect(within(cards()[0]!).getByRole('button', { name: 'View Raffle: Raffle 1' })).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Upcoming' }));
    expect(within(cards()[0]!).getByText(/^Starts in/)).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Pending' }));
    expect(within(cards()[0]!).getByText('Waiting for winners to be drawn')).toBeTruthy();
    expect(within(cards()[0]!).queryByRole('timer')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Previous' }));
    expect(within(cards()[0]!).queryByRole('timer')).toBeNull();
    expect(within(cards()[0]!).getByRole('button', { name: /^View Winners/ })).toBeTruthy();
  });

  it('pages completed raffles 6 at a time and goes back to page 1 on a tab switch', async () => {
    raffles = [raffle(), ...Array.from({ length: 7 }, (_, i) => completed({ endDate: new Date(Date.now() - (i + 1) * DAY).toISOString() }))];
    const { user } = renderPage();
    await screen.findByRole('heading', { name: 'Raffle 1' });
    expect(screen.queryByRole('navigation', { name: 'Previous raffles pages' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Previous' }));
    const pager = screen.getByRole('navigation', { name: 'Previous raffles pages' });
    expect(cards()).toHaveLength(6);
    expect(pager.textContent).toContain('1 / 2');
    expect((within(pager).getByRole('button', { name: 'Prev' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(cards()).toHaveLength(1);
    expect(pager.textContent).toContain('2 / 2');
    // The latest completed come first: page 2 holds the oldest.
    expect(within(cards()[0]!).getByRole('heading').textContent).toBe('Raffle 8');

    await user.click(screen.getByRole('tab', { name: 'Active' }));
    await user.click(screen.getByRole('tab', { name: 'Previous' }));
    expect(screen.getByRole('navigation', { name: 'Previous raffles pages' }).textContent).toContain('1 / 2');
  });

  it('shows a failure with the server’s message and a retry', async () => {
    vi.stubGlobal('fetch', async () => json(503, { ok: false, error: 'Database unavailable', code: 'UNAVAILABLE' }));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Database unavailable');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('enters a raffle: the balance drops at once, Entering… shows, then Entered and the toast', async () => {
    raffles = [raffle({ title: 'Weekly Drop', pointsCost: 50, entryCost: '50 Points', requirements: 'Level 3 or higher', featured: true })];
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    enterAnswer = async () => {
      await answered;
      raffles = [{ ...raffles[0]!, entered: true, entries: 11 }];
      return json(201, {
        entry: { id: 'e1', raffleId: 'r1', userId: 'u1', pointsSpent: 50, createdAt: new Date().toISOString() },
        points: 1450,
      });
    };
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'View Raffle: Weekly Drop' }));
    const dialog = screen.getByRole('dialog', { name: 'Weekly Drop' });
    expect(within(dialog).getByText('Entry Cost').nextElementSibling?.textContent).toBe('50 pts');
    expect(within(dialog).getByText('Entered', { selector: 'dt' }).nextElementSibling?.textContent).toBe('10');
    expect(within(dialog).getByText('Level 3 or higher')).toBeTruthy();
    expect(within(dialog).getByText('Featured')).toBeTruthy();
    expect(within(dialog).getByText(/^Drawing on /)).toBeTruthy();
    expect(within(dialog).getByText(/^Entries close in/)).toBeTruthy();
    expect(within(dialog).getByRole('progressbar')).toBeTruthy();
    expect(within(dialog).getByText(sha256Hex(SEED))).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Enter Raffle' }));
    expect(within(dialog).getByRole('button', { name: 'Entering…' })).toHaveProperty('disabled', true);
    expect(session.current.setUser).toHaveBeenCalledWith(expect.objectContaining({ points: 1450 }));
    release();
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith({ title: 'Successfully Entered!', description: 'Good luck!' }), {
      timeout: 3000,
    });
    expect(within(dialog).getByRole('button', { name: 'Entered' })).toHaveProperty('disabled', true);
    expect(enterCalls).toHaveLength(1);
    expect(enterCalls[0]!.url).toBe('/api/raffles/r1/enter');
    expect(enterCalls[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps Entering… for about a second even when the server answers at once', async () => {
    raffles = [raffle({ title: 'Quick' })];
    enterAnswer = () =>
      json(201, {
        entry: { id: 'e1', raffleId: 'r1', userId: 'u1', pointsSpent: 0, createdAt: new Date().toISOString() },
        points: 1500,
      });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'View Raffle: Quick' }));
    const started = Date.now();
    await user.click(screen.getByRole('button', { name: 'Enter Raffle' }));
    await waitFor(() => expect(toastMock).toHaveBeenCalled(), { timeout: 3000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('retries an unanswered entry with the same Idempotency-Key', async () => {
    raffles = [raffle({ title: 'Flaky' })];
    let attempt = 0;
    enterAnswer = () => {
      attempt += 1;
      if (attempt === 1) throw new TypeError('Failed to fetch');
      return json(201, {
        entry: { id: 'e1', raffleId: 'r1', userId: 'u1', pointsSpent: 0, createdAt: new Date().toISOString() },
        points: 1500,
      });
    };
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'View Raffle: Flaky' }));
    await user.click(screen.getByRole('button', { name: 'Enter Raffle' }));
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith({ title: 'Successfully Entered!', description: 'Good luck!' }), {
      timeout: 4000,
    });
    expect(enterCalls).toHaveLength(2);
    expect(enterCalls[1]!.key).toBe(enterCalls[0]!.key);
  });

  it('rolls the balance back and says Already entered when the server refuses', async () => {
    raffles = [raffle({ title: 'Twice', pointsCost: 50, entryCost: '50 Points' })];
    enterAnswer = () => json(409, { ok: false, error: 'You have already entered this raffle', code: 'ALREADY_ENTERED' });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'View Raffle: Twice' }));
    await user.click(screen.getByRole('button', { name: 'Enter Raffle' }));
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith({ title: 'Already entered', variant: 'destructive' }), {
      timeout: 3000,
    });
    const setUser = vi.mocked(session.current.setUser);
    expect(setUser.mock.calls.map(([u]) => u.points)).toEqual([1450, 1500]);
    expect(session.current.reloadUser).toHaveBeenCalled();
  });

  it('says Insufficient points with the cost when the server finds the balance short', async () => {
    raffles = [raffle({ title: 'Short', pointsCost: 50, entryCost: '50 Points' })];
    enterAnswer = () => json(409, { ok: false, error: 'Not enough points', code: 'INSUFFICIENT_POINTS', shortfall: 20 });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'View Raffle: Short' }));
    await user.click(screen.getByRole('button', { name: 'Enter Raffle' }));
    await waitFor(
      () =>
        expect(toastMock).toHaveBeenCalledWith({
          title: 'Insufficient points',
          description: 'You need 50 pts',
          variant: 'destructive',
        }),
      { timeout: 3000 },
    );
  });

  it('shows the server’s message for other refusals', async () => {
    raffles = [raffle({ title: 'VIP only', restricted: true })];
    enterAnswer = () => json(403, { ok: false, error: 'You need level 5 to enter this raffle', code: 'REQUIREMENTS_NOT_MET' });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'View Raffle: VIP only' }));
    expect(screen.getByRole('dialog').textContent).toContain('Restricted');
    await user.click(screen.getByRole('button', { name: 'Enter Raffle' }));
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith({ title: 'You need level 5 to enter this raffle', variant: 'destructive' }), { timeout: 3000 });
  });

  it('disables the entry with Insufficient Points when the balance is below the cost, and Entered once entered', async () => {
    raffles = [raffle({ title: 'Dear', pointsCost: 1501, entryCost: '1,501 Points' }), raffle({ title: 'Mine', entered: true })];
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'View Raffle: Dear' }));
    expect(screen.getByRole('button', { name: 'Insufficient Points' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'View Raffle: Mine' }));
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Entered' })).toHaveProperty('disabled', true);
    expect(enterCalls).toHaveLength(0);
  });

  it('shows Not Entered and the waiting text on a pending raffle', async () => {
    raffles = [raffle({ title: 'Drawing soon', status: 'Pending' })];
    const { user } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Pending' }));
    await user.click(screen.getByRole('button', { name: 'View Raffle: Drawing soon' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Waiting for winners to be drawn')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Not Entered' })).toHaveProperty('disabled', true);
    expect(within(dialog).queryByText('Entry Cost')).toBeNull();
  });

  it('opens the auth dialog over the page for a visitor', async () => {
    session.current = makeSession(null);
    raffles = [raffle({ title: 'Open to all' })];
    const { user, router } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'View Raffle: Open to all' }));
    await user.click(screen.getByRole('button', { name: 'Sign in to Enter' }));
    expect(router.state.location.pathname).toBe('/raffles');
    expect(router.state.location.state).toEqual({ openAuth: true, tab: 'login', from: '/raffles' });
    expect(enterCalls).toHaveLength(0);
  });

  it('shows the winners of a completed raffle and verifies the draw in the browser', async () => {
    raffles = [completed({ title: 'Big Draw' })];
    const { user } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Previous' }));
    await user.click(screen.getByRole('button', { name: 'View Winners: Big Draw' }));
    const dialog = screen.getByRole('dialog', { name: 'Big Draw' });
    expect(within(dialog).getByText('Winners have been announced')).toBeTruthy();
    const winners = within(within(dialog).getByRole('region', { name: 'Winners' })).getAllByRole('listitem');
    expect(winners).toHaveLength(2);
    const verify = within(dialog).getByRole('region', { name: 'Verify' });
    expect(within(verify).getByRole('status').textContent).toBe('Verified: the winners agree with the published draw.');
    expect(within(verify).getAllByText(/^Passed:/)).toHaveLength(3);
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('says the draw does not agree when the announced winners differ from the recomputed ones', async () => {
    const honest = completed({ title: 'Tampered' });
    const swapped = [...honest.draw.winnerUids!].reverse();
    raffles = [
      {
        ...honest,
        draw: { ...honest.draw, winnerUids: swapped },
        winnerList: swapped.map((uid, i) => ({ uid, username: uid, position: i + 1 })),
      },
    ];
    const { user } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Previous' }));
    await user.click(screen.getByRole('button', { name: 'View Winners: Tampered' }));
    const verify = within(screen.getByRole('dialog')).getByRole('region', { name: 'Verify' });
    expect(within(verify).getByRole('status').textContent).toBe('Not verified: the winners do not agree with the published draw.');
    expect(within(verify).getByText(/^Failed:/).parentElement?.textContent).toContain('The recomputed winners match the announced winners');
  });

  it('says the draw does not agree when the seed does not match its commitment', async () => {
    const honest = completed({ title: 'Other seed' });
    raffles = [{ ...honest, draw: { ...honest.draw, seedHash: sha256Hex('b'.repeat(64)) } }];
    const { user } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Previous' }));
    await user.click(screen.getByRole('button', { name: 'View Winners: Other seed' }));
    const verify = within(screen.getByRole('dialog')).getByRole('region', { name: 'Verify' });
    expect(within(verify).getByRole('status').textContent).toMatch(/^Not verified/);
    expect(within(verify).getByText(/^Failed:/).parentElement?.textContent).toContain('The seed matches the commitment');
  });

  it('lists chat giveaways on a Giveaways tab after Previous, with masked winners and a Verify section that recomputes the draw', async () => {
    giveaways = [drawnGiveaway()];
    const { user } = renderPage();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent).slice(-2)).toEqual(['Previous', 'Giveaways']);
    await user.click(screen.getByRole('tab', { name: 'Giveaways' }));
    const card = await screen.findByRole('article', { name: '100 points' });
    expect(within(card).getByRole('list', { name: 'Winners of giveaway #1' }).textContent).toBe('de***f');
    await user.click(within(card).getByRole('button', { name: 'View draw: giveaway #1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Giveaway #1: 100 points' });
    expect(within(dialog).getByRole('status')).toHaveProperty('textContent', 'Verified: the winners agree with the published draw.');
    expect(within(dialog).getByText('3 (5 tickets)')).toBeTruthy();
    // The open tab takes the live channel's giveaways topic (its changes refetch it at once).
    expect(liveTopics.get()).toContain('giveaways');
  });

  it('says the giveaway draw does not agree when an announced winner was changed', async () => {
    const g = drawnGiveaway();
    giveaways = [{ ...g, winnerList: g.winnerList.map((w) => (w.round === 1 ? { ...w, entrantId: 'RH-ZZZZZZZZ' } : w)) }];
    const { user } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Giveaways' }));
    await user.click(await screen.findByRole('button', { name: 'View draw: giveaway #1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('status')).toHaveProperty('textContent', 'Not verified: the winners do not agree with the published draw.');
  });
});

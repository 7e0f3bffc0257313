import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WagerSummary } from '@app/shared/api/races';
import type { Raffle } from '@app/shared/api/raffles';
import type { Reward } from '@app/shared/api/store';
import { GAMES } from '@app/shared/games/catalogue';
import type { Session } from '@/lib/session';
import { testMember, testSession } from '@/test/session-user';
import DashboardPage from './dashboard-page';
import { PROMO_AUTOPLAY_MS, rewardsEarned } from './dashboard-data';

const session = vi.hoisted(() => ({ current: null as unknown as Session }));
vi.mock('@/lib/session', () => ({ useSession: () => session.current }));

const member = (points: number) => testMember({ username: 'cool_cat', email: 'cool@example.test', points });

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <DashboardPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

// spec 1 §9: the store items the server seeds, at the dashboard's costs.
const STORE_COSTS: Record<string, number> = {
  'Free Spin Pack': 1_000,
  'Bonus Code Bundle': 2_500,
  'Welcome Gift Box': 500,
  'Game Credit Pack': 3_500,
  'VIP Membership Pass': 10_000,
  'Stats Boost Pack': 1_500,
  'Risk-Free Bet Token': 5_000,
};

const REWARDS: Reward[] = [
  ...Object.entries(STORE_COSTS).map(([name, price], i) => ({
    id: `w${i}`,
    name,
    description: `${name}.`,
    category: 'bonuses' as const,
    price,
    featured: true,
    stock: null,
    active: true,
  })),
  { id: 'plain', name: 'Not featured', description: '', category: 'vip', price: 100, featured: false, stock: null, active: true },
];

function raffle(id: string, title: string, entryCost: string, pointsCost: number, status: Raffle['status'] = 'Active'): Raffle {
  return {
    id,
    raffleId: id,
    raffleNumber: 1,
    title,
    description: '',
    prize: '$250 Crypto Tip',
    winners: 1,
    entryCost,
    pointsCost,
    requirements: '',
    type: 'crypto',
    featured: false,
    restricted: false,
    minLevel: null,
    prizePoints: null,
    startDate: '2026-01-01T00:00:00.000Z',
    endDate: '2099-01-01T00:00:00.000Z',
    status,
    image: '',
    entries: 0,
    entered: false,
    draw: { seedHash: 'x', seed: null, entrantUids: null, entriesDigest: null, winnerUids: null, drawnAt: null },
    winnerList: [],
  };
}

const RAFFLES: Raffle[] = [
  raffle('a', 'Weekly Cash Drop', 'Free', 0),
  raffle('b', 'Bonus Buy Bonanza', '50 Points', 50),
  raffle('c', 'Done already', 'Free', 0, 'Completed'),
];

let failRewards = false;
let summary: WagerSummary = { xp: 0, hasVerifiedAccount: false, totalWagered: 0, weeklyWagered: 0, monthlyWagered: 0, race: null };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function stat(label: string): HTMLElement {
  const term = screen.getByText(label, { selector: 'dt' });
  const value = term.nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`no value for ${label}`);
  return value;
}

function storeCard(name: string): HTMLElement {
  const region = screen.getByRole('region', { name: 'Featured Rewards' });
  return within(region).getByRole('group', {
    name: new RegExp(`^${name}, \\d of 7$`),
  });
}

let hunts: { title: string; status: string; figures: { opened: number; collected: number } }[] = [];

beforeEach(() => {
  session.current = testSession();
  hunts = [];
  failRewards = false;
  summary = { xp: 0, hasVerifiedAccount: false, totalWagered: 0, weeklyWagered: 0, monthlyWagered: 0, race: null };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === '/api/store/rewards') {
      return failRewards ? json(503, { ok: false, error: 'Database unavailable', code: 'UNAVAILABLE' }) : json(200, { rewards: REWARDS });
    }
    if (url === '/api/raffles') return json(200, { raffles: RAFFLES });
    if (url === '/api/bonus-hunts') return json(200, { hunts });
    if (url === '/api/wagers/summary') return json(200, summary);
    if (url === '/api/stream/summary') return json(200, { pointsThisWeek: 1250, linked: true });
    return json(404, { ok: false, error: 'Not found', code: 'NOT_FOUND' });
  });
});

afterEach(() => vi.unstubAllGlobals());

describe('DashboardPage', () => {
  it('shows a loader while the session starts', () => {
    session.current = testSession({ initializing: true });
    renderPage();
    expect(screen.getByRole('status').textContent).toContain('Loading your dashboard…');
  });

  it('offers to sign in again when the session has ended', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'You are signed out' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('region', { name: 'Promotions' })).toBeNull();
  });

  it('welcomes the member with the level from their XP (lifetime verified wager), not their points', async () => {
    // 2,500 XP: Bronze 3 (2,000) reached, Bronze 4 (20,000) next → level 3, 2.77% of the way.
    summary = {
      xp: 2_500,
      hasVerifiedAccount: true,
      totalWagered: 2_500.4,
      weeklyWagered: 120.5,
      monthlyWagered: 900,
      race: { id: 'r1', name: 'Stake Monthly Total Wager - $20000', position: 4, wagered: 900, tickets: 9 },
    };
    session.current = testSession({ user: member(40) });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, cool_cat' })).toBeTruthy();
    expect(await screen.findByText('Level 3 · Bronze 3')).toBeTruthy();
    const welcome = screen.getByRole('region', {
      name: 'Welcome back, cool_cat',
    });
    expect(within(welcome).getByText('40 points')).toBeTruthy();
    const progress = screen.getByRole('progressbar', {
      name: 'Level progress',
    });
    expect(Number(progress.getAttribute('aria-valuenow'))).toBeCloseTo((500 / 18_000) * 100, 5);
    expect(screen.getByText('2% of the way to Bronze 4 (20,000 XP)')).toBeTruthy();
    expect(stat('Next milestone').textContent).toBe('Level 25VIP Badge');
    expect(stat('Rewards earned').textContent).toBe('2');
    expect(stat('Tickets').textContent).toBe('9');
    expect(stat('Weekly wagered').textContent).toBe('$120.50');
    expect(stat('Monthly wagered').textContent).toBe('$900.00');
    await waitFor(() => expect(stat('From streams this week').textContent).toBe('1,250 pts'));
    expect(screen.getByText(/#4 in Stake Monthly Total Wager - \$20000\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the leaderboard' }).getAttribute('href')).toBe('/leaderboard');
  });

  it('shows no tickets and no wagers, honestly, with a way to link a casino account', () => {
    session.current = testSession({ user: member(0) });
    renderPage();
    expect(screen.getByText('Level 0 · Unranked')).toBeTruthy();
    expect(stat('Rewards earned').textContent).toBe('0');
    expect(stat('Tickets').textContent).toBe('0');
    expect(stat('Weekly wagered').textContent).toBe('$0.00');
    expect(stat('Monthly wagered').textContent).toBe('$0.00');
    expect(screen.getByText(/Tickets and wagers appear here once a casino account is linked and verified\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Link a casino account' }).getAttribute('href')).toBe('/profile');
  });

  it('lists the featured rewards from the store with their costs, linking to the Points Store', async () => {
    session.current = testSession({ user: member(1_500) });
    renderPage();
    const region = screen.getByRole('region', { name: 'Featured Rewards' });
    await within(region).findByRole('link', { name: 'Welcome Gift Box' });
    expect(within(region).getAllByRole('group')).toHaveLength(7);
    for (const [name, cost] of Object.entries(STORE_COSTS)) {
      const card = storeCard(name);
      expect(within(card).getByText(`${cost.toLocaleString('en-US')} points`)).toBeTruthy();
      expect(within(card).getByRole('link', { name }).getAttribute('href')).toBe('/points-store');
      expect(within(card).queryByRole('button')).toBeNull();
    }
    expect(within(region).queryByText('Not featured')).toBeNull();
  });

  it('says which items the balance covers and how many points are missing otherwise', async () => {
    session.current = testSession({ user: member(1_500) });
    renderPage();
    await screen.findByRole('link', { name: 'Stats Boost Pack' });
    // Exactly the cost is enough; one point less is not.
    expect(within(storeCard('Stats Boost Pack')).getByText('You have enough points')).toBeTruthy();
    expect(within(storeCard('Welcome Gift Box')).getByText('You have enough points')).toBeTruthy();
    expect(within(storeCard('Bonus Code Bundle')).getByText('1,000 more points needed')).toBeTruthy();
    expect(within(storeCard('VIP Membership Pass')).getByText('8,500 more points needed')).toBeTruthy();
    expect(within(storeCard('VIP Membership Pass')).queryByText('You have enough points')).toBeNull();
  });

  it('says when the store cannot be loaded, with a retry', async () => {
    failRewards = true;
    session.current = testSession({ user: member(0) });
    renderPage();
    const region = screen.getByRole('region', { name: 'Featured Rewards' });
    const alert = await within(region).findByRole('alert');
    expect(alert.textContent).toContain('Database unavailable');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('features the open raffles with their entry cost in points, linking to /raffles', async () => {
    session.current = testSession({ user: member(20) });
    renderPage();
    const region = screen.getByRole('region', { name: 'Featured Raffles' });
    await within(region).findByRole('link', { name: 'Weekly Cash Drop' });
    const cards = within(region).getAllByRole('group');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Free entry')).toBeTruthy();
    expect(within(cards[0]!).getByText('You have enough points')).toBeTruthy();
    expect(within(cards[1]!).getByText('50 points per entry')).toBeTruthy();
    expect(within(cards[1]!).getByText('30 more points needed')).toBeTruthy();
    for (const card of cards) expect(within(card).getByRole('link').getAttribute('href')).toBe('/raffles');
  });

  it('links every catalogue game to its page', () => {
    session.current = testSession({ user: member(0) });
    renderPage();
    const region = screen.getByRole('region', { name: 'Games' });
    expect(within(region).getAllByRole('group')).toHaveLength(GAMES.length);
    for (const game of GAMES) {
      expect(within(region).getByRole('link', { name: game.title }).getAttribute('href')).toBe(`/games/${game.slug}`);
    }
  });

  it('shows the six gadgets, each opening its page', () => {
    session.current = testSession({ user: member(0) });
    renderPage();
    const gadgets = within(screen.getByRole('region', { name: 'Gadgets' })).getAllByRole('listitem');
    expect(gadgets.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      "Interactive How-To's",
      'Mines Assist',
      'Slot Hub',
      'Bonus Hunt Tracker',
      'King of the Hill',
      'Random Slot Picker',
    ]);
    expect(within(gadgets[0]!).getByRole('link', { name: "Interactive How-To's" }).getAttribute('href')).toBe('/how-to');
    expect(within(gadgets[1]!).getByRole('link', { name: 'Mines Assist' }).getAttribute('href')).toBe('/gadgets/mines-assist');
    expect(within(gadgets[2]!).getByRole('link', { name: 'Slot Hub' }).getAttribute('href')).toBe('/slots');
    expect(within(gadgets[3]!).getByRole('link', { name: 'Bonus Hunt Tracker' }).getAttribute('href')).toBe('/bonus-hunts');
    expect(within(gadgets[4]!).getByRole('link', { name: 'King of the Hill' }).getAttribute('href')).toBe('/gadgets/king-of-the-hill');
    expect(within(gadgets[5]!).getByRole('link', { name: 'Random Slot Picker' }).getAttribute('href')).toBe('/slots/picker');
    for (const gadget of gadgets) {
      expect(within(gadget).queryByText('Coming soon')).toBeNull();
      expect(within(gadget).getAllByRole('link')).toHaveLength(1);
    }
    expect(within(gadgets[4]!).getByText('VIP only')).toBeTruthy();
  });

  it('names the live bonus hunt on the Bonus Hunt Tracker gadget', async () => {
    hunts = [
      { title: 'Friday hunt', status: 'opening', figures: { opened: 3, collected: 10 } },
      { title: 'Old hunt', status: 'finished', figures: { opened: 5, collected: 5 } },
    ];
    session.current = testSession({ user: member(0) });
    renderPage();
    const gadget = (await screen.findByText('Live now: Friday hunt (3 of 10 opened)')).closest('li')!;
    expect(within(gadget).getByRole('heading').textContent).toBe('Bonus Hunt Tracker');
  });

  it('has a promo slider of four linked banners advancing every 8 s', () => {
    session.current = testSession({ user: member(0) });
    renderPage();
    expect(PROMO_AUTOPLAY_MS).toBe(8000);
    const slider = screen.getByRole('region', { name: 'Promotions' });
    const slides = within(slider).getAllByRole('group');
    expect(slides.map((slide) => within(slide).getByRole('link').getAttribute('href'))).toEqual(['/leaderboard', '/rewards', '/games', '/casino-reviews']);
    expect(
      within(slider)
        .getByRole('button', {
          name: 'Show slide 1: Climb the monthly leaderboard',
        })
        .getAttribute('aria-current'),
    ).toBe('true');
  });
});

describe('rewardsEarned (spec 1 §9)', () => {
  it('is the level minus 1, never below 0', () => {
    expect(rewardsEarned(0)).toBe(0);
    expect(rewardsEarned(1)).toBe(0);
    expect(rewardsEarned(2)).toBe(1);
    expect(rewardsEarned(24)).toBe(23);
  });
});

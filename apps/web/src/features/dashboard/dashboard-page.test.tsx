import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GAMES } from '@app/shared/games/catalogue';
import type { Session } from '@/lib/session';
import DashboardPage from './dashboard-page';
import { PROMO_AUTOPLAY_MS, rewardsEarned } from './dashboard-data';

const session = vi.hoisted(() => ({ current: null as unknown as Session }));
vi.mock('@/lib/session', () => ({ useSession: () => session.current }));

type SessionState = Pick<Session, 'user' | 'initializing' | 'loading' | 'pendingVerification'>;

// Only the state the page reads; the actions are never called here.
function makeSession(overrides: Partial<SessionState> = {}): Session {
  const state: SessionState = {
    user: null,
    initializing: false,
    loading: false,
    pendingVerification: false,
    ...overrides,
  };
  return state as Session;
}

function member(points: number): NonNullable<Session['user']> {
  return {
    id: 'u1',
    uid: 'uid-1',
    username: 'cool_cat',
    email: 'cool@example.test',
    emailVerified: true,
    isAdmin: false,
    points,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <DashboardPage />
    </MemoryRouter>,
  );
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

beforeEach(() => {
  session.current = makeSession();
});

describe('DashboardPage', () => {
  it('shows a loader while the session starts', () => {
    session.current = makeSession({ initializing: true });
    renderPage();
    expect(screen.getByRole('status').textContent).toContain('Loading your dashboard…');
  });

  it('offers to sign in again when the session has ended', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'You are signed out' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('region', { name: 'Promotions' })).toBeNull();
  });

  it('welcomes the member with the level from their points (XP = points)', () => {
    // 2,500 XP: Bronze 3 (2,000) reached, Bronze 4 (20,000) next → level 3, 2.77% of the way.
    session.current = makeSession({ user: member(2_500) });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, cool_cat' })).toBeTruthy();
    expect(screen.getByText('Level 3 · Bronze 3')).toBeTruthy();
    const welcome = screen.getByRole('region', {
      name: 'Welcome back, cool_cat',
    });
    expect(within(welcome).getByText('2,500 points')).toBeTruthy();
    const progress = screen.getByRole('progressbar', {
      name: 'Level progress',
    });
    expect(Number(progress.getAttribute('aria-valuenow'))).toBeCloseTo((500 / 18_000) * 100, 5);
    expect(screen.getByText('2% of the way to Bronze 4 (20,000 XP)')).toBeTruthy();
    expect(stat('Next milestone').textContent).toBe('Level 25VIP Badge');
    expect(stat('Rewards earned').textContent).toBe('2');
  });

  it('shows no tickets and no wagers, honestly, with a way to link a casino account', () => {
    session.current = makeSession({ user: member(0) });
    renderPage();
    expect(screen.getByText('Level 0 · Unranked')).toBeTruthy();
    expect(stat('Rewards earned').textContent).toBe('0');
    expect(stat('Tickets').textContent).toBe('0');
    expect(stat('Weekly wagered').textContent).toBe('$0.00');
    expect(stat('Monthly wagered').textContent).toBe('$0.00');
    expect(screen.getByText(/Tickets and wagers appear here once a casino account is linked\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Link a casino account' }).getAttribute('href')).toBe('/profile');
  });

  it('lists the seven store items with their spec costs, linking to the Points Store', () => {
    session.current = makeSession({ user: member(1_500) });
    renderPage();
    const costs: Record<string, string> = {
      'Free Spin Pack': '1,000 points',
      'Bonus Code Bundle': '2,500 points',
      'Welcome Gift Box': '500 points',
      'Game Credit Pack': '3,500 points',
      'VIP Membership Pass': '10,000 points',
      'Stats Boost Pack': '1,500 points',
      'Risk-Free Bet Token': '5,000 points',
    };
    const region = screen.getByRole('region', { name: 'Featured Rewards' });
    expect(within(region).getAllByRole('group')).toHaveLength(7);
    for (const [name, cost] of Object.entries(costs)) {
      const card = storeCard(name);
      expect(within(card).getByText(cost)).toBeTruthy();
      expect(within(card).getByRole('link', { name }).getAttribute('href')).toBe('/points-store');
      expect(within(card).queryByRole('button')).toBeNull();
    }
  });

  it('says which items the balance covers and how many points are missing otherwise', () => {
    session.current = makeSession({ user: member(1_500) });
    renderPage();
    // Exactly the cost is enough; one point less is not.
    expect(within(storeCard('Stats Boost Pack')).getByText('You have enough points')).toBeTruthy();
    expect(within(storeCard('Welcome Gift Box')).getByText('You have enough points')).toBeTruthy();
    expect(within(storeCard('Bonus Code Bundle')).getByText('1,000 more points needed')).toBeTruthy();
    expect(within(storeCard('VIP Membership Pass')).getByText('8,500 more points needed')).toBeTruthy();
    expect(within(storeCard('VIP Membership Pass')).queryByText('You have enough points')).toBeNull();
  });

  it('features raffles at 20, 50 and 75 tickets per entry, linking to /raffles', () => {
    session.current = makeSession({ user: member(0) });
    renderPage();
    const region = screen.getByRole('region', { name: 'Featured Raffles' });
    const cards = within(region).getAllByRole('group');
    expect(cards.map((card) => within(card).getByText(/tickets per entry$/).textContent)).toEqual([
      '20 tickets per entry',
      '50 tickets per entry',
      '75 tickets per entry',
    ]);
    expect(within(cards[0]!).getByText('20 more tickets needed')).toBeTruthy();
    for (const card of cards) expect(within(card).getByRole('link').getAttribute('href')).toBe('/raffles');
  });

  it('links every catalogue game to its page', () => {
    session.current = makeSession({ user: member(0) });
    renderPage();
    const region = screen.getByRole('region', { name: 'Games' });
    expect(within(region).getAllByRole('group')).toHaveLength(GAMES.length);
    for (const game of GAMES) {
      expect(within(region).getByRole('link', { name: game.title }).getAttribute('href')).toBe(`/games/${game.slug}`);
    }
  });

  it('shows the six gadgets: Mines Assist opens Mines, the others are coming soon', () => {
    session.current = makeSession({ user: member(0) });
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
    expect(within(gadgets[1]!).getByRole('link', { name: 'Mines Assist' }).getAttribute('href')).toBe('/games/mines');
    expect(within(gadgets[1]!).queryByText('Coming soon')).toBeNull();
    for (const i of [0, 2, 3, 4, 5]) {
      expect(within(gadgets[i]!).getByText('Coming soon')).toBeTruthy();
      expect(within(gadgets[i]!).queryByRole('link')).toBeNull();
      expect(within(gadgets[i]!).queryByRole('button')).toBeNull();
    }
    expect(within(gadgets[4]!).getByText('VIP only')).toBeTruthy();
  });

  it('has a promo slider of four linked banners advancing every 8 s', () => {
    session.current = makeSession({ user: member(0) });
    renderPage();
    expect(PROMO_AUTOPLAY_MS).toBe(8000);
    const slider = screen.getByRole('region', { name: 'Promotions' });
    const slides = within(slider).getAllByRole('group');
    expect(slides.map((slide) => within(slide).getByRole('link').getAttribute('href'))).toEqual([
      '/leaderboard',
      '/rewards',
      '/games',
      '/casino-reviews',
    ]);
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

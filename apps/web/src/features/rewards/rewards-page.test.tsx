import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WagerSummary } from '@app/shared/api/races';
import type { Session } from '@/lib/session';
import { testMember } from '@/test/session-user';
import RewardsPage from './rewards-page';

const session = vi.hoisted(() => ({ user: null as Session['user'], initializing: false }));
vi.mock('@/lib/session', () => ({
  useSession: () => ({ user: session.user, initializing: session.initializing, loading: false, pendingVerification: false, logout: async () => {} }),
}));

const member = testMember();

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let answer: () => Response | Promise<Response>;
let summaryCalls = 0;

beforeEach(() => {
  session.user = null;
  session.initializing = false;
  summaryCalls = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    if (String(input) !== '/api/wagers/summary') return json(404, { ok: false, error: 'Not found', code: 'NOT_FOUND' });
    summaryCalls += 1;
    return answer();
  });
});

afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <RewardsPage />
    </QueryClientProvider>,
  );
}

/** The status line of a tier's card (under its name). */
function tierStatus(name: string): string {
  const card = screen.getByRole('group', { name: new RegExp(`^${name}, `) });
  return within(card).getByRole('heading', { level: 3 }).nextElementSibling!.textContent!;
}

const wagered = (totalWagered: number): WagerSummary => ({
  xp: Math.floor(totalWagered),
  hasVerifiedAccount: true,
  totalWagered,
  weeklyWagered: 0,
  monthlyWagered: 0,
  race: null,
});

describe('RewardsPage', () => {
  it('shows the header, the 8 VIP tiers with unlock spend and perks, and How It Works to a visitor', () => {
    render(<RewardsPage />);
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    // A visitor's tiers read their own status texts (spec 2 §9) and nothing asks for wagers.
    expect(tierStatus('Rookie')).toBe('Unlocked');
    expect(tierStatus('Bronze')).toBe('Unlocks at $1,000 spent');
    expect(screen.queryByText('Your tier')).toBeNull();
    expect(summaryCalls).toBe(0);
    const carousel = screen.getByRole('region', { name: 'VIP tiers' });
    expect(carousel.getAttribute('aria-roledescription')).toBe('carousel');
    const tiers = within(carousel);
    expect(tiers.getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual(
      ['Rookie', 'Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond', 'Emerald', 'Amethyst'].map((name, i) => `${name}, ${i + 1} of 8`),
    );
    expect(tiers.getByRole('button', { name: 'Previous tier' })).toBeTruthy();
    expect(tiers.getByRole('button', { name: 'Next tier' })).toBeTruthy();
    const names = tiers.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(names).toEqual(['Rookie', 'Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond', 'Emerald', 'Amethyst']);
    expect(tiers.getByText('$18,094.01')).toBeTruthy();
    expect(tiers.getByText('$1,000,000')).toBeTruthy();
    const platinumPerks = within(screen.getByRole('list', { name: 'Platinum perks' })).getAllByRole('listitem');
    expect(platinumPerks.map((li) => li.textContent)).toEqual([
      'Daily Platinum Box',
      'Weekly Cash Prize',
      'Monthly Cash Prize',
      'Boosted Rakeback',
      'Daily Bonuses / Reload',
    ]);
    expect(screen.getByRole('heading', { name: 'How It Works' })).toBeTruthy();
    // The signed-in section is absent for visitors.
    expect(screen.queryByRole('heading', { name: 'Your Rewards' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Claim Code' })).toBeNull();
  });

  it("marks a member's VIP tier from their verified wager: the tiers up to it unlocked, the rest locked", async () => {
    session.user = member;
    answer = () => json(200, wagered(18_094.01));
    renderPage();
    expect(await screen.findByText('Your tier')).toBeTruthy();
    const platinum = screen.getByRole('group', { name: 'Platinum, 5 of 8' });
    expect(within(platinum).getByText('Your tier')).toBeTruthy();
    expect(screen.getAllByText('Your tier')).toHaveLength(1);
    for (const name of ['Rookie', 'Bronze', 'Silver', 'Gold', 'Platinum']) expect(tierStatus(name)).toBe('Unlocked');
    expect(tierStatus('Diamond')).toBe('Unlocks at $58,094.01 spent');
    expect(tierStatus('Amethyst')).toBe('Unlocks at $1,000,000 spent');
    // One call serves the tiers and the rank cards.
    expect(summaryCalls).toBe(1);
  });

  it('keeps a member at Rookie one cent below Bronze', async () => {
    session.user = member;
    answer = () => json(200, wagered(999.99));
    renderPage();
    expect(await within(screen.getByRole('group', { name: 'Rookie, 1 of 8' })).findByText('Your tier')).toBeTruthy();
    expect(tierStatus('Bronze')).toBe('Unlocks at $1,000 spent');
  });

  it("shows no tier as the member's while their wager loads, and the tiers' own texts if it cannot be loaded", async () => {
    session.user = member;
    let fail: (response: Response) => void = () => {};
    answer = () => new Promise<Response>((resolve) => (fail = resolve));
    renderPage();
    const bronze = screen.getByRole('group', { name: 'Bronze, 2 of 8' });
    expect(within(bronze).queryByText(/^Unlocked$|^Unlocks at/)).toBeNull();
    expect(screen.queryByText('Your tier')).toBeNull();
    await vi.waitFor(() => expect(summaryCalls).toBe(1));
    fail(json(503, { ok: false, error: 'The database is unavailable.', code: 'DB_UNAVAILABLE' }));
    expect(await within(bronze).findByText('Unlocks at $1,000 spent')).toBeTruthy();
    expect(tierStatus('Rookie')).toBe('Unlocked');
    expect(screen.queryByText('Your tier')).toBeNull();
  });

  it("holds the member's places while a returning browser's session is restored: no visitor texts, nothing asked, nothing readable", () => {
    session.initializing = true;
    const { container } = renderPage();
    // The tiers' status lines are placeholders, as while a member's wager loads.
    const bronze = screen.getByRole('group', { name: 'Bronze, 2 of 8' });
    expect(within(bronze).queryByText(/^Unlocked$|^Unlocks at/)).toBeNull();
    expect(screen.queryByText('Your tier')).toBeNull();
    // The signed-in section takes its space, hidden from everyone and out of reach.
    const section = container.querySelector('section[aria-labelledby="member-rewards-title"]')!;
    expect(section.className).toContain('invisible');
    expect(section.hasAttribute('inert')).toBe(true);
    expect(summaryCalls).toBe(0);
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WagerSummary } from '@app/shared/api/races';
import type { Session } from '@/lib/session';
import { testMember, testSession } from '@/test/session-user';
import { MemberRewards, hasReached } from './member-rewards';

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/sonner', () => ({ toast: toastMock }));

const session = vi.hoisted(() => ({ current: null as unknown as Session }));
vi.mock('@/lib/session', () => ({ useSession: () => session.current }));

const verifiedUser = testMember();

function summary(xp: number): WagerSummary {
  return { xp, hasVerifiedAccount: xp > 0, totalWagered: xp, weeklyWagered: 0, monthlyWagered: 0, race: null };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** What GET /api/wagers/summary answers next (a pending promise keeps the call in flight). */
let answer: () => Response | Promise<Response>;
let summaryCalls: number;

function renderWithQuery(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

/** A verified member whose XP the server gives as `xp`. */
async function renderMember(xp: number) {
  session.current = testSession({ user: verifiedUser });
  answer = () => json(200, summary(xp));
  const result = renderWithQuery(<MemberRewards />);
  await screen.findByRole('progressbar', { name: /^Progress to / });
  return result;
}

beforeEach(() => {
  toastMock.mockReset();
  session.current = testSession();
  summaryCalls = 0;
  answer = () => json(200, summary(0));
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    if (String(input) !== '/api/wagers/summary') return json(404, { ok: false, error: 'Not found', code: 'NOT_FOUND' });
    summaryCalls += 1;
    return answer();
  });
});

afterEach(() => vi.unstubAllGlobals());

describe('MemberRewards visibility (spec 2 §6)', () => {
  it('renders nothing for a visitor', () => {
    const { container } = renderWithQuery(<MemberRewards />);
    expect(container.innerHTML).toBe('');
    expect(summaryCalls).toBe(0);
  });

  it('renders nothing while verification is pending', () => {
    session.current = testSession({ user: { ...verifiedUser, emailVerified: false }, pendingVerification: true });
    const { container } = renderWithQuery(<MemberRewards />);
    expect(container.innerHTML).toBe('');
  });

  it('shows the section to a verified signed-in user', () => {
    session.current = testSession({ user: verifiedUser });
    renderWithQuery(<MemberRewards />);
    expect(screen.getByRole('heading', { name: 'Your Rewards' })).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Your Rewards' });
    expect(section.className).not.toContain('invisible');
    expect(section.hasAttribute('inert')).toBe(false);
  });

  it('keeps its space while the session is restored, invisible and inert, without asking for the summary', () => {
    session.current = testSession({ initializing: true });
    const { container } = renderWithQuery(<MemberRewards />);
    const section = container.querySelector('section[aria-labelledby="member-rewards-title"]')!;
    expect(section.className).toContain('invisible');
    expect(section.hasAttribute('inert')).toBe(true);
    expect(summaryCalls).toBe(0);
    // An explicit flag needs no session: it never waits.
    session.current = testSession({ initializing: true });
    const explicit = renderWithQuery(<MemberRewards isLoggedIn={false} />);
    expect(explicit.container.innerHTML).toBe('');
  });

  it('lets an explicit isLoggedIn flag win over the session', () => {
    session.current = testSession({ user: verifiedUser });
    const { container } = renderWithQuery(<MemberRewards isLoggedIn={false} />);
    expect(container.innerHTML).toBe('');
    session.current = testSession();
    renderWithQuery(<MemberRewards isLoggedIn />);
    expect(screen.getByRole('heading', { name: 'Your Rewards' })).toBeTruthy();
  });
});

describe("MemberRewards content: the member's real XP", () => {
  it("shows Gold 3 reached and 'Gold 4' next, and 24 rank cards for 5,000,000 XP from the server (spec 2 §9's example)", async () => {
    await renderMember(5_000_000);
    const current = screen.getByRole('region', { name: 'Current Rank' });
    expect(within(current).getByText('Gold 3')).toBeTruthy();
    expect(within(current).getByText('Level 11 · 0.75% rakeback')).toBeTruthy();
    expect(within(current).getByText('5,000,000 XP of 6,400,000 XP')).toBeTruthy();
    // (5,000,000 − 3,200,000) / (6,400,000 − 3,200,000): the dashboard's figure for the same XP.
    expect(within(current).getByText('56% of the way to Gold 4')).toBeTruthy();
    expect(within(current).getByText(/XP is your lifetime verified wager/)).toBeTruthy();
    const ranks = within(screen.getByRole('region', { name: 'Ranks' })).getAllByRole('listitem');
    expect(ranks).toHaveLength(24);
    expect(within(ranks[0]!).getByText('Bronze 1')).toBeTruthy();
    expect(within(ranks[0]!).getByText('20 XP')).toBeTruthy();
    expect(within(ranks[0]!).getByText('Achieved')).toBeTruthy();
    expect(within(ranks[23]!).getByText('Immortal 4')).toBeTruthy();
    expect(within(ranks[23]!).getByText('2% rakeback')).toBeTruthy();
    expect(summaryCalls).toBe(1);
  });

  it('shows a new member with no wagers at 0 XP: working toward Bronze 1, both bonuses locked', async () => {
    await renderMember(0);
    const current = screen.getByRole('region', { name: 'Current Rank' });
    expect(within(current).getByText('Unranked')).toBeTruthy();
    expect(within(current).getByText('Level 0 · no rakeback yet')).toBeTruthy();
    expect(within(current).getByText('0 XP of 20 XP')).toBeTruthy();
    expect(within(current).getByText('0% of the way to Bronze 1')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Bronze 1 progress' }).getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByText('Locked until Bronze 3')).toBeTruthy();
    expect(screen.getByText('Locked until Silver 1')).toBeTruthy();
    expect(within(current).queryByText('Gold 4')).toBeNull();
  });

  it('caps progress at 100%; a rank card counts from the rank before it, as the level progress does', async () => {
    await renderMember(5_000_000);
    const bronze1 = screen.getByRole('progressbar', { name: 'Bronze 1 progress' });
    expect(bronze1.getAttribute('aria-valuenow')).toBe('100');
    const gold4 = screen.getByRole('progressbar', { name: 'Gold 4 progress' });
    expect(gold4.getAttribute('aria-valuenow')).toBe('56.25');
    expect(screen.getByRole('progressbar', { name: 'Progress to Gold 4' }).getAttribute('aria-valuenow')).toBe('56.25');
    expect(screen.getByRole('progressbar', { name: 'Immortal 4 progress' }).getAttribute('aria-valuenow')).toBe('0');
  });

  it('unlocks the weekly and monthly bonuses at Bronze 3 and Silver 1', async () => {
    expect(hasReached(1_999, 'Bronze 3')).toBe(false);
    expect(hasReached(2_000, 'Bronze 3')).toBe(true);
    expect(hasReached(49_999, 'Silver 1')).toBe(false);
    expect(hasReached(50_000, 'Silver 1')).toBe(true);
    expect(hasReached(0, 'Bronze 1')).toBe(false);

    const { unmount } = await renderMember(2_000);
    expect(screen.getByText('Locked until Silver 1')).toBeTruthy();
    expect(screen.queryByText('Locked until Bronze 3')).toBeNull();
    expect(screen.getAllByText('Unlocked')).toHaveLength(1);
    unmount();
    await renderMember(50_000);
    expect(screen.queryByText(/^Locked until/)).toBeNull();
    expect(screen.getAllByText('Unlocked')).toHaveLength(2);
  });

  it('draws placeholders while the XP loads, never a made-up rank or XP', () => {
    session.current = testSession({ user: verifiedUser });
    answer = () => new Promise<Response>(() => {});
    renderWithQuery(<MemberRewards />);
    const current = screen.getByRole('region', { name: 'Current Rank' });
    expect(within(current).getByRole('status').textContent).toBe('Loading your rank…');
    expect(within(current).queryByRole('progressbar')).toBeNull();
    expect(screen.queryByText(/ XP of /)).toBeNull();
    expect(screen.queryByText(/^Locked until|^Unlocked$/)).toBeNull();
    expect(screen.queryByText('Achieved')).toBeNull();
    // The 24 cards keep their static figures; their bars are indeterminate until the XP is in.
    const bars = within(screen.getByRole('region', { name: 'Ranks' })).getAllByRole('progressbar');
    expect(bars).toHaveLength(24);
    expect(bars.every((bar) => !bar.hasAttribute('aria-valuenow'))).toBe(true);
    expect(screen.getByText('6,400,000 XP')).toBeTruthy();
  });

  it('says so when the XP cannot be loaded, and shows it after Try again', async () => {
    session.current = testSession({ user: verifiedUser });
    answer = () => json(503, { ok: false, error: 'The database is unavailable.', code: 'DB_UNAVAILABLE' });
    renderWithQuery(<MemberRewards />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your rank could not be loaded.');
    expect(alert.textContent).toContain('The database is unavailable.');
    expect(screen.queryByText(/ XP of /)).toBeNull();
    expect(screen.queryByText(/^Locked until|^Unlocked$/)).toBeNull();

    answer = () => json(200, summary(25_000));
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    const current = screen.getByRole('region', { name: 'Current Rank' });
    expect(await within(current).findByText('Bronze 4')).toBeTruthy();
    expect(within(current).getByText('16% of the way to Silver 1')).toBeTruthy();
    expect(within(current).getByText('25,000 XP of 50,000 XP')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('claims (spec 2 §5)', () => {
  it('rejects an empty or blank promo code with a destructive toast', async () => {
    const user = userEvent.setup();
    renderWithQuery(<MemberRewards isLoggedIn />);
    await user.click(screen.getByRole('button', { name: 'Claim Code' }));
    expect(toastMock).toHaveBeenLastCalledWith({ title: 'Error', description: 'Please enter a promo code.', variant: 'destructive' });
    await user.type(screen.getByLabelText('Promo code'), '   ');
    await user.click(screen.getByRole('button', { name: 'Claim Code' }));
    expect(toastMock).toHaveBeenCalledTimes(2);
    expect(toastMock).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Error', variant: 'destructive' }));
  });

  it('accepts a code, toasts and clears the input', async () => {
    const user = userEvent.setup();
    renderWithQuery(<MemberRewards isLoggedIn />);
    const input = screen.getByLabelText('Promo code');
    await user.type(input, 'STREAM50{Enter}');
    expect(toastMock).toHaveBeenCalledWith({ title: 'Code Claimed!', description: 'Your promo code has been redeemed.' });
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('claims the instant rakeback', async () => {
    const user = userEvent.setup();
    renderWithQuery(<MemberRewards isLoggedIn />);
    await user.click(screen.getByRole('button', { name: 'Claim Rakeback' }));
    expect(toastMock).toHaveBeenCalledWith({
      title: 'Rakeback Claimed!',
      description: 'Your instant rakeback has been added to your account.',
    });
  });
});

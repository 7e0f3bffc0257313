import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WagerSummary } from '@app/shared/api/races';
import type { Session } from '@/lib/session';
import { testMember, testSession } from '@/test/session-user';
import { WelcomeCard } from '../dashboard/welcome-card';
import { MemberRewards } from './member-rewards';

const session = vi.hoisted(() => ({ current: null as unknown as Session }));
vi.mock('@/lib/session', () => ({ useSession: () => session.current }));

// Issue 42's member: 138,114 XP (lifetime verified wager) and more points than XP.
const XP = 138_114;
const summary: WagerSummary = { xp: XP, hasVerifiedAccount: true, totalWagered: XP, weeklyWagered: 0, monthlyWagered: 0, race: null };

afterEach(() => vi.unstubAllGlobals());

describe('one rank truth (issue 42)', () => {
  it('the dashboard and /rewards show the same rank, next rank and progress for one member', async () => {
    session.current = testSession({ user: testMember() });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) =>
      String(input) === '/api/wagers/summary'
        ? new Response(JSON.stringify(summary), { status: 200, headers: { 'content-type': 'application/json' } })
        : new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <WelcomeCard username="demo" points={150_614} summary={summary} />
          <MemberRewards />
        </MemoryRouter>
      </QueryClientProvider>,
    );

    // Dashboard: level 6 is Silver 2 (100,000 XP); Silver 3 needs 200,000: 38% of the way.
    const dashboard = screen.getByRole('region', { name: 'Welcome back, demo' });
    expect(within(dashboard).getByText('Level 6 · Silver 2')).toBeTruthy();
    expect(within(dashboard).getByText('38% of the way to Silver 3 (200,000 XP)')).toBeTruthy();
    expect(within(dashboard).getByText(/138,114 XP\. XP is your lifetime verified wager/)).toBeTruthy();
    const dashboardBar = within(dashboard).getByRole('progressbar');

    // /rewards: the same rank, the same next rank, the same percent.
    const current = await screen.findByRole('region', { name: 'Current Rank' });
    expect(await within(current).findByText('Silver 2')).toBeTruthy();
    expect(within(current).getByText('Level 6 · 0.5% rakeback')).toBeTruthy();
    expect(within(current).getByText('38% of the way to Silver 3')).toBeTruthy();
    const rewardsBar = within(current).getByRole('progressbar', { name: 'Progress to Silver 3' });
    expect(rewardsBar.getAttribute('aria-valuenow')).toBe(dashboardBar.getAttribute('aria-valuenow'));
    // The Silver 3 rank card agrees too.
    expect(screen.getByRole('progressbar', { name: 'Silver 3 progress' }).getAttribute('aria-valuenow')).toBe(dashboardBar.getAttribute('aria-valuenow'));
  });
});

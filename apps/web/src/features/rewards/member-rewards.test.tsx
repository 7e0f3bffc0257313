import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '@/lib/session';
import { MemberRewards, hasReached } from './member-rewards';

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/sonner', () => ({ toast: toastMock }));

const session = vi.hoisted(() => ({ current: null as unknown as Session }));
vi.mock('@/lib/session', () => ({ useSession: () => session.current }));

type SessionState = Pick<Session, 'user' | 'initializing' | 'loading' | 'pendingVerification'>;

// Only the state the component reads; the actions are never called here.
function makeSession(overrides: Partial<SessionState> = {}): Session {
  const state: SessionState = { user: null, initializing: false, loading: false, pendingVerification: false, ...overrides };
  return state as Session;
}

const verifiedUser: NonNullable<Session['user']> = {
  id: 'u1',
  uid: 'uid-1',
  username: 'demo',
  email: 'demo@example.test',
  emailVerified: true,
  isAdmin: false,
  points: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
};

beforeEach(() => {
  toastMock.mockReset();
  session.current = makeSession();
});

describe('MemberRewards visibility (spec 2 §6)', () => {
  it('renders nothing for a visitor', () => {
    const { container } = render(<MemberRewards />);
    expect(container.innerHTML).toBe('');
  });

  it('renders nothing while verification is pending', () => {
    session.current = makeSession({ user: { ...verifiedUser, emailVerified: false }, pendingVerification: true });
    const { container } = render(<MemberRewards />);
    expect(container.innerHTML).toBe('');
  });

  it('shows the section to a verified signed-in user', () => {
    session.current = makeSession({ user: verifiedUser });
    render(<MemberRewards />);
    expect(screen.getByRole('heading', { name: 'Your Rewards' })).toBeTruthy();
  });

  it('lets an explicit isLoggedIn flag win over the session', () => {
    session.current = makeSession({ user: verifiedUser });
    const { container } = render(<MemberRewards isLoggedIn={false} />);
    expect(container.innerHTML).toBe('');
    session.current = makeSession();
    render(<MemberRewards isLoggedIn />);
    expect(screen.getByRole('heading', { name: 'Your Rewards' })).toBeTruthy();
  });
});

describe('MemberRewards content', () => {
  it("shows the current rank 'Gold 4' for the demo XP and 24 rank cards", () => {
    render(<MemberRewards isLoggedIn />);
    const current = screen.getByRole('region', { name: 'Current Rank' });
    expect(within(current).getByText('Gold 4')).toBeTruthy();
    expect(within(current).getByText('5,000,000 XP of 6,400,000 XP · 0.75% rakeback')).toBeTruthy();
    const ranks = within(screen.getByRole('region', { name: 'Ranks' })).getAllByRole('listitem');
    expect(ranks).toHaveLength(24);
    expect(within(ranks[0]!).getByText('Bronze 1')).toBeTruthy();
    expect(within(ranks[0]!).getByText('20 XP')).toBeTruthy();
    expect(within(ranks[23]!).getByText('Immortal 4')).toBeTruthy();
    expect(within(ranks[23]!).getByText('2% rakeback')).toBeTruthy();
  });

  it('caps progress at 100%', () => {
    render(<MemberRewards isLoggedIn />);
    const bronze1 = screen.getByRole('progressbar', { name: 'Bronze 1 progress' });
    expect(bronze1.getAttribute('aria-valuenow')).toBe('100');
    const gold4 = screen.getByRole('progressbar', { name: 'Gold 4 progress' });
    expect(gold4.getAttribute('aria-valuenow')).toBe('78.125');
    expect(screen.getByRole('progressbar', { name: 'Immortal 4 progress' }).getAttribute('aria-valuenow')).toBe(String((5e6 / 26_214_400_000) * 100));
  });

  it('unlocks the weekly and monthly bonuses at Bronze 3 and Silver 1', () => {
    expect(hasReached(1_999, 'Bronze 3')).toBe(false);
    expect(hasReached(2_000, 'Bronze 3')).toBe(true);
    expect(hasReached(49_999, 'Silver 1')).toBe(false);
    expect(hasReached(50_000, 'Silver 1')).toBe(true);
    expect(hasReached(0, 'Bronze 1')).toBe(false);

    const { unmount } = render(<MemberRewards isLoggedIn xp={2_000} />);
    expect(screen.getByText('Locked until Silver 1')).toBeTruthy();
    expect(screen.queryByText('Locked until Bronze 3')).toBeNull();
    unmount();
    render(<MemberRewards isLoggedIn xp={10} />);
    expect(screen.getByText('Locked until Bronze 3')).toBeTruthy();
    expect(screen.getByText('Locked until Silver 1')).toBeTruthy();
  });
});

describe('claims (spec 2 §5)', () => {
  it('rejects an empty or blank promo code with a destructive toast', async () => {
    const user = userEvent.setup();
    render(<MemberRewards isLoggedIn />);
    await user.click(screen.getByRole('button', { name: 'Claim Code' }));
    expect(toastMock).toHaveBeenLastCalledWith({ title: 'Error', description: 'Please enter a promo code.', variant: 'destructive' });
    await user.type(screen.getByLabelText('Promo code'), '   ');
    await user.click(screen.getByRole('button', { name: 'Claim Code' }));
    expect(toastMock).toHaveBeenCalledTimes(2);
    expect(toastMock).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Error', variant: 'destructive' }));
  });

  it('accepts a code, toasts and clears the input', async () => {
    const user = userEvent.setup();
    render(<MemberRewards isLoggedIn />);
    const input = screen.getByLabelText('Promo code');
    await user.type(input, 'STREAM50{Enter}');
    expect(toastMock).toHaveBeenCalledWith({ title: 'Code Claimed!', description: 'Your promo code has been redeemed.' });
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('claims the instant rakeback', async () => {
    const user = userEvent.setup();
    render(<MemberRewards isLoggedIn />);
    await user.click(screen.getByRole('button', { name: 'Claim Rakeback' }));
    expect(toastMock).toHaveBeenCalledWith({
      title: 'Rakeback Claimed!',
      description: 'Your instant rakeback has been added to your account.',
    });
  });
});

import type { Session } from '@/lib/session';

type SessionUser = NonNullable<Session['user']>;

/** A verified, non-admin member for component tests that stand in for the session. */
export function testMember(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 'u1',
    uid: 'uid-1',
    username: 'demo',
    email: 'demo@example.test',
    emailVerified: true,
    isAdmin: false,
    points: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

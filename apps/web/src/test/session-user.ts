import { vi } from 'vitest';
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

/**
 * A whole session for component tests that mock useSession: signed out and settled unless
 * `overrides` say otherwise; every action is a vi.fn (reloadUser resolves to the user).
 */
export function testSession(overrides: Partial<Session> = {}): Session {
  const user = overrides.user ?? null;
  return {
    user,
    initializing: false,
    loading: false,
    pendingVerification: false,
    loggedOut: false,
    login: vi.fn(),
    register: vi.fn(),
    logout: vi.fn(async () => {}),
    refresh: vi.fn(),
    reloadUser: vi.fn(async () => user),
    setUser: vi.fn(),
    ...overrides,
  };
}

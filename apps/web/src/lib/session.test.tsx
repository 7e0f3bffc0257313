import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAccessToken, setAccessToken } from './api-client';
import { SessionProvider, useSession, type Session } from './session';

const user = {
  id: 'u1',
  uid: 'UID-1',
  username: 'demo',
  email: 'demo@example.test',
  emailVerified: true,
  isAdmin: false,
  points: 10,
  createdAt: '2026-11-01T00:00:00.000Z',
};

type Route = (init: RequestInit) => Response | Promise<Response>;
let routes: Record<string, Route>;
let calls: string[];

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  calls = [];
  routes = {};
  // This browser signed in before: the start-up refresh runs (see mayHaveSession).
  localStorage.setItem('session-hint', '1');
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${String(input)}`;
    calls.push(key);
    const route = routes[key];
    return route ? route(init) : json(404, { ok: false, error: 'Not found', code: 'NOT_FOUND' });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessToken(null);
});

let current: Session;
function Probe() {
  current = useSession();
  return (
    <p data-testid="state">
      {current.initializing ? 'initializing' : current.user ? `${current.user.username}${current.pendingVerification ? ' pending' : ''}` : 'signed out'}
    </p>
  );
}

function renderSession() {
  render(
    <SessionProvider>
      <Probe />
    </SessionProvider>,
  );
  return () => screen.getByTestId('state').textContent;
}

describe('session (spec 1 §4)', () => {
  it('is initializing until the start-up refresh answers, then signed out without a session', async () => {
    let answer: (response: Response) => void = () => {};
    routes['POST /api/auth/refresh'] = () => new Promise<Response>((resolve) => (answer = resolve));
    const state = renderSession();
    expect(state()).toBe('initializing');
    answer(json(401, { ok: false, error: 'No session. Please sign in.', code: 'UNAUTHORIZED' }));
    await waitFor(() => expect(state()).toBe('signed out'));
    expect(calls).toEqual(['POST /api/auth/refresh']);
    // The failed refresh ended the session: the next start does not ask again.
    expect(localStorage.getItem('session-hint')).toBeNull();
  });

  it('skips the start-up refresh in a browser that never signed in', async () => {
    localStorage.removeItem('session-hint');
    const state = renderSession();
    // Not even initializing at first: there is nothing to wait for, so no placeholder is drawn.
    expect(state()).toBe('signed out');
    await waitFor(() => expect(state()).toBe('signed out'));
    expect(calls).toEqual([]);
  });

  it('restores the user from the refresh cookie on start; unverified means pending', async () => {
    routes['POST /api/auth/refresh'] = () => json(200, { access: 'a1' });
    routes['GET /api/auth/me'] = (init) => {
      expect(new Headers(init.headers).get('authorization')).toBe('Bearer a1');
      return json(200, { user: { ...user, emailVerified: false } });
    };
    const state = renderSession();
    await waitFor(() => expect(state()).toBe('demo pending'));
  });

  it('falls back to GET /api/profile when /api/auth/me fails', async () => {
    routes['POST /api/auth/refresh'] = () => json(200, { access: 'a1' });
    routes['GET /api/auth/me'] = () => json(500, { ok: false, error: 'Boom', code: 'INTERNAL' });
    routes['GET /api/profile'] = () => json(200, { profile: { ...user, username: 'from_profile' } });
    const state = renderSession();
    await waitFor(() => expect(state()).toBe('from_profile'));
  });

  it('login sets the token and the user; register sets pendingVerification', async () => {
    routes['POST /api/auth/refresh'] = () => new Response(null, { status: 204 });
    routes['POST /api/auth/login'] = () => json(200, { tokens: { access: 'a2' }, user });
    routes['POST /api/auth/register'] = () => json(202, { ok: true, pendingVerification: true });
    const state = renderSession();
    await waitFor(() => expect(state()).toBe('signed out'));
    await act(() => current.login({ email: 'demo', password: 'secret-password', rememberMe: true }));
    expect(state()).toBe('demo');
    expect(getAccessToken()).toBe('a2');
    // Registration signs nobody in; the same credentials sign in next.
    routes['POST /api/auth/login'] = () => json(200, { tokens: { access: 'a3' }, user: { ...user, username: 'newbie', emailVerified: false } });
    await act(() => current.register({ email: 'newbie@example.test', password: 'secret-password' }));
    expect(state()).toBe('newbie pending');
    expect(getAccessToken()).toBe('a3');
    expect(calls.filter((c) => c === 'POST /api/auth/login')).toHaveLength(2);
  });

  it('register of an address that has an account (the login after it fails) leaves the person signed out at pending verification', async () => {
    routes['POST /api/auth/refresh'] = () => new Response(null, { status: 204 });
    routes['POST /api/auth/register'] = () => json(202, { ok: true, pendingVerification: true });
    routes['POST /api/auth/login'] = () => json(401, { ok: false, error: 'Invalid email/username or password.', code: 'INVALID_CREDENTIALS' });
    const state = renderSession();
    await waitFor(() => expect(state()).toBe('signed out'));
    let result: unknown;
    await act(async () => {
      result = await current.register({ email: 'owner@example.test', password: 'secret-password' });
    });
    expect(result).toBeNull();
    expect(state()).toBe('signed out');
    expect(getAccessToken()).toBeNull();
  });

  it('logout clears the session even when the call fails', async () => {
    routes['POST /api/auth/refresh'] = () => json(200, { access: 'a1' });
    routes['GET /api/auth/me'] = () => json(200, { user });
    routes['POST /api/auth/logout'] = () => json(500, { ok: false, error: 'Down', code: 'INTERNAL' });
    const state = renderSession();
    await waitFor(() => expect(state()).toBe('demo'));
    await act(() => current.logout());
    expect(state()).toBe('signed out');
    expect(getAccessToken()).toBeNull();
    expect(calls).toContain('POST /api/auth/logout');
  });

  it('a completed profile replaces the user and recomputes pendingVerification', async () => {
    routes['POST /api/auth/refresh'] = () => json(200, { access: 'a1' });
    routes['GET /api/auth/me'] = () => json(200, { user: { ...user, emailVerified: false } });
    const state = renderSession();
    await waitFor(() => expect(state()).toBe('demo pending'));
    act(() => current.setUser({ ...user, username: 'renamed' }));
    expect(state()).toBe('renamed');
  });

  it('signs out silently when a later refresh fails', async () => {
    routes['POST /api/auth/refresh'] = () => json(200, { access: 'a1' });
    routes['GET /api/auth/me'] = () => json(200, { user });
    const state = renderSession();
    await waitFor(() => expect(state()).toBe('demo'));
    routes['GET /api/auth/me'] = () => json(401, { ok: false, error: 'Expired', code: 'UNAUTHORIZED' });
    routes['POST /api/auth/refresh'] = () => json(401, { ok: false, error: 'Session ended', code: 'UNAUTHORIZED' });
    await act(async () => {
      await current.reloadUser();
    });
    expect(state()).toBe('signed out');
  });
});

import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Session } from '@/lib/session';
import { testMember, testSession } from '@/test/session-user';
import { RequireAdmin, RequireVerified } from './guards';

const session = vi.hoisted(() => ({ current: null as unknown as Session }));
vi.mock('@/lib/session', () => ({ useSession: () => session.current }));
vi.mock('@/features/auth/admin-mfa-gate', () => ({ default: ({ children }: { children: React.ReactNode }) => <>{children}</> }));

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home</p> },
      { path: '/404', element: <p>Not found</p> },
      { element: <RequireAdmin />, children: [{ path: '/admin', element: <p>Admin</p> }] },
      { element: <RequireVerified />, children: [{ path: '/profile', element: <p>Profile</p> }] },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('the guards', () => {
  it('send a visitor opening /admin to /404, and one opening a member page home with the sign-in asked', async () => {
    session.current = testSession();
    const admin = renderAt('/admin');
    expect(await screen.findByText('Not found')).toBeTruthy();
    expect(admin.state.location.pathname).toBe('/404');
    admin.dispose();
    const member = renderAt('/profile');
    expect(await screen.findByText('Home')).toBeTruthy();
    expect(member.state.location.state).toMatchObject({ openAuth: true, tab: 'login', from: '/profile' });
  });

  it("after this tab's own logout, a guarded page still on screen goes home, asking nothing", async () => {
    session.current = testSession({ loggedOut: true });
    const admin = renderAt('/admin');
    expect(await screen.findByText('Home')).toBeTruthy();
    expect(admin.state.location.pathname).toBe('/');
    admin.dispose();
    const member = renderAt('/profile');
    expect(await screen.findAllByText('Home')).toBeTruthy();
    expect(member.state.location.state).toBeNull();
  });

  it('let an admin in', async () => {
    session.current = testSession({ user: testMember({ isAdmin: true }) });
    renderAt('/admin');
    expect(await screen.findByText('Admin')).toBeTruthy();
  });
});

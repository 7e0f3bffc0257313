import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '@/lib/session';
import { testMember, testSession } from '@/test/session-user';
import { Header } from './header';

const session = vi.hoisted(() => ({ current: null as unknown as Session }));
vi.mock('@/lib/session', () => ({ useSession: () => session.current }));
// The bell (its own chunk) talks to the server: not this test's subject.
vi.mock('@/features/notifications/notification-bell', () => ({ default: () => null }));

const member = testMember({ points: 1234 });

function renderHeader() {
  return render(
    <MemoryRouter>
      <Header />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  session.current = testSession();
});

describe('Header', () => {
  it('gives a visitor the links, Get Started, and the menu button below md', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Rewards' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Get Started' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open menu' }).className).toContain('md:hidden');
  });

  it('gives a member the member links, the points, the profile and Logout, and the menu button below xl', async () => {
    session.current = testSession({ user: member });
    renderHeader();
    // A member's part of the header is a chunk of its own (member-header.tsx).
    expect(await screen.findByRole('link', { name: 'Dashboard' })).toBeTruthy();
    await screen.findByRole('button', { name: 'Logout' });
    expect(screen.getByLabelText('1,234 points')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Profile of demo' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Get Started' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Open menu' }).className).toContain('xl:hidden');
  });

  it("takes a member's shape while the session is restored: no links or buttons that may vanish, a hidden placeholder", () => {
    session.current = testSession({ initializing: true });
    const { container } = renderHeader();
    // The links stay hidden at every width (display: none: no one sees or reads them yet).
    const nav = screen.getByRole('navigation', { name: 'Main', hidden: true });
    expect(nav.className.split(' ')).toContain('hidden');
    expect(nav.className).not.toMatch(/\b(md|xl):flex\b/);
    expect(screen.queryByRole('button', { name: 'Get Started' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    // The space of the profile and Logout buttons, hidden from screen readers.
    const placeholder = container.querySelector('header span[aria-hidden="true"].w-44');
    expect(placeholder).toBeTruthy();
    expect(placeholder!.textContent).toBe('');
    // The theme toggle and the menu button stay where a member's are.
    expect(screen.getByRole('button', { name: /^Switch to (dark|light) theme$/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open menu' }).className).toContain('xl:hidden');
  });

  it('gives a member a "More" menu with Games, Slot Hub, Bonus Hunts, the gadgets and Notifications; no Admin for a member', async () => {
    session.current = testSession({ user: member });
    renderHeader();
    await userEvent.click(await screen.findByRole('button', { name: 'More' }));
    for (const name of ['Games', 'Slot Hub', 'Bonus Hunts', 'King of the Hill', 'Mines Assist', 'Random Slot Picker', "How-To's", 'Notifications']) {
      expect(screen.getByRole('menuitem', { name })).toBeTruthy();
    }
    expect(screen.getByRole('menuitem', { name: 'Games' }).getAttribute('href')).toBe('/games');
    expect(screen.queryByRole('menuitem', { name: 'Admin' })).toBeNull();
  });

  it("puts Admin in an admin's account group", async () => {
    session.current = testSession({ user: testMember({ isAdmin: true }) });
    renderHeader();
    await userEvent.click(await screen.findByRole('button', { name: 'More' }));
    expect(screen.getByRole('menuitem', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
  });

  it('mirrors the "More" menu in the mobile menu, Admin for admins only', async () => {
    session.current = testSession({ user: testMember({ isAdmin: true }) });
    renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const mobile = await screen.findByRole('navigation', { name: 'Mobile' });
    for (const name of ['Games', 'Slot Hub', 'Bonus Hunts', 'King of the Hill', 'Notifications', 'Admin']) {
      expect(within(mobile).getByRole('link', { name })).toBeTruthy();
    }
  });

  it('gives a visitor no "More" menu and no member-only entries in the mobile menu', async () => {
    renderHeader();
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const mobile = await screen.findByRole('navigation', { name: 'Mobile' });
    expect(within(mobile).queryByRole('link', { name: 'Admin' })).toBeNull();
    expect(within(mobile).queryByRole('link', { name: 'Games' })).toBeNull();
  });
});

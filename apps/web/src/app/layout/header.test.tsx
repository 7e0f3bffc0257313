import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '@/lib/session';
import { testMember, testSession } from '@/test/session-user';
import { Header } from './header';

const session = vi.hoisted(() => ({ current: null as unknown as Session }));
vi.mock('@/lib/session', () => ({ useSession: () => session.current }));

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

  it('gives a member the member links, the points, the profile and Logout, and the menu button below xl', () => {
    session.current = testSession({ user: member });
    renderHeader();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeTruthy();
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
});

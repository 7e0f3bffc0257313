import { Menu } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { PlainButton as Button } from '@/components/ui/plain-button';
import { useSession } from '@/lib/session';
import { clsx } from 'clsx';
import { Logo } from './logo';
import { visitorLinks, type AuthNavigationState } from './nav-links';
import { ThemeToggle } from './theme-toggle';

const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(loadMobileMenu);
// A chunk of its own (the entry script's 100 KB budget); its place is kept while it loads.
const NotificationBell = lazy(() => import('@/features/notifications/notification-bell'));
// A member's links, "More" menu, profile and Logout buttons: one chunk a visitor never downloads.
const loadMemberHeader = () => import('./member-header');
const MemberNavLinks = lazy(() => loadMemberHeader().then((m) => ({ default: m.MemberNavLinks })));
const MemberActions = lazy(() => loadMemberHeader().then((m) => ({ default: m.MemberActions })));
const actionsPlaceholder = <span aria-hidden="true" className="hidden h-8 w-44 rounded-md bg-muted motion-safe:animate-pulse xl:block" />;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground',
    isActive ? 'text-primary' : 'text-muted-foreground',
  );

export function Header() {
  const { user, initializing, pendingVerification, logout, setUser } = useSession();
  const navigate = useNavigate();
  const isMember = Boolean(user && !pendingVerification);
  // While a returning browser's session is restored, the header takes a member's shape with no
  // links yet and a placeholder for the profile and logout buttons: nothing moves when it arrives.
  const memberShaped = isMember || initializing;
  // A member's header carries eight links, the "More" menu and two buttons: it needs a wider screen before it fits.
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  // A returning member's part of the header is fetched while the session is restored.
  useEffect(() => {
    if (memberShaped) void loadMemberHeader();
  }, [memberShaped]);

  const openAuth = (tab: AuthNavigationState['tab']) => navigate('/', { state: { openAuth: true, tab } satisfies AuthNavigationState });
  // Leave a guarded page first, so its guard does not open the login dialog on the way out.
  const onLogout = async () => {
    // Leave the page first (the lazy landing route may still load): a guarded page must not see
    // the session end and redirect to the login dialog.
    await navigate('/');
    await logout();
  };

  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">
        <Logo />
        <nav aria-label="Main" className={clsx('hidden items-center', isMember ? 'gap-0' : 'gap-1', initializing ? '' : isMember ? 'xl:flex' : 'md:flex')}>
          {isMember ? (
            <Suspense fallback={null}>
              <MemberNavLinks points={user!.points} isAdmin={user!.isAdmin} visitorLinks={visitorLinks} />
            </Suspense>
          ) : (
            visitorLinks.map((link) => (
              <NavLink key={link.to} to={link.to} className={linkClass}>
                {link.label}
              </NavLink>
            ))
          )}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <ThemeToggle />
          {isMember && (
            <Suspense fallback={<span className="size-9" aria-hidden="true" />}>
              <NotificationBell userId={user!.id} onPoints={(points) => setUser({ ...user!, points })} />
            </Suspense>
          )}
          {isMember ? (
            <Suspense fallback={actionsPlaceholder}>
              <MemberActions username={user!.username} onLogout={onLogout} />
            </Suspense>
          ) : initializing ? (
            actionsPlaceholder
          ) : (
            <Button className="max-md:hidden" onClick={() => openAuth('register')}>
              Get Started
            </Button>
          )}
          <Button
            variant="ghost"
            size="icon"
            className={memberShaped ? 'xl:hidden' : 'md:hidden'}
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onPointerEnter={() => void loadMobileMenu()}
            onFocus={() => void loadMobileMenu()}
            onClick={() => {
              setMenuLoaded(true);
              setMenuOpen(true);
            }}
          >
            <Menu aria-hidden="true" />
          </Button>
          {menuLoaded && (
            <Suspense fallback={null}>
              <MobileMenu
                open={menuOpen}
                onOpenChange={setMenuOpen}
                isMember={isMember}
                isAdmin={Boolean(user?.isAdmin)}
                points={user?.points ?? 0}
                onGetStarted={() => openAuth('register')}
                onLogout={onLogout}
              />
            </Suspense>
          )}
        </div>
      </div>
    </header>
  );
}

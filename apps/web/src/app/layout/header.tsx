import { Coins, LogOut, Menu, UserRound } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/utils';
import { Logo } from './logo';
import { memberLinks, visitorLinks, type AuthNavigationState } from './nav-links';
import { ThemeToggle } from './theme-toggle';

const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(loadMobileMenu);
// A chunk of its own (the entry script's 100 KB budget); its place is kept while it loads.
const NotificationBell = lazy(() => import('@/features/notifications/notification-bell'));

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
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
  // A member's header carries seven links and two buttons: it needs a wider screen before it fits.
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);

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
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <Logo />
        <nav aria-label="Main" className={cn('hidden items-center gap-1', initializing ? '' : isMember ? 'xl:flex' : 'md:flex')}>
          {[...(isMember ? memberLinks : []), ...visitorLinks].map((link) => (
            <NavLink key={link.to} to={link.to} className={linkClass}>
              {link.label}
            </NavLink>
          ))}
          {isMember && (
            <NavLink to="/points-store" className={linkClass}>
              <span className="flex items-center gap-2">
                Points store
                <span
                  className="inline-flex items-center gap-1 rounded-full bg-primary/15 px-2 py-0.5 text-xs font-semibold text-primary"
                  aria-label={`${user!.points.toLocaleString('en-US')} points`}
                >
                  <Coins className="size-3" aria-hidden="true" />
                  {user!.points.toLocaleString('en-US')}
                </span>
              </span>
            </NavLink>
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
            <div className="hidden items-center gap-2 xl:flex">
              <Button variant="outline" size="sm" asChild>
                <Link to="/profile" aria-label={`Profile of ${user!.username}`}>
                  <UserRound aria-hidden="true" />
                  {user!.username}
                </Link>
              </Button>
              <Button variant="ghost" size="sm" onClick={onLogout}>
                <LogOut aria-hidden="true" />
                Logout
              </Button>
            </div>
          ) : initializing ? (
            <span aria-hidden="true" className="hidden h-8 w-44 rounded-md bg-muted motion-safe:animate-pulse xl:block" />
          ) : (
            <Button className="hidden md:inline-flex" onClick={() => openAuth('register')}>
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

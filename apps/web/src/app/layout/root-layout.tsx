import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AuthModal } from '@/features/auth/auth-modal';
import { SessionProvider, useSession } from '@/lib/session';
import { useIsNavigating } from '../app-router';
import { useFirstPageReady } from '../app-routes';
import { RouteErrorBoundary } from '../route-error';
import { ScrollRestoration } from '../scroll-restoration';
import { Header } from './header';

// Below the fold on every page: a chunk of its own, out of the landing page's 100 KB entry budget.
const Footer = lazy(() => import('./footer'));

// Admins only (spec 1 §6): a chunk of its own, so no other visitor downloads it.
const QuickActionButton = lazy(() => import('@/features/admin/quick-actions/quick-action-button'));

function AdminQuickActions() {
  const { user, pendingVerification } = useSession();
  if (!user?.isAdmin || pendingVerification) return null;
  return (
    <Suspense fallback={null}>
      <QuickActionButton />
    </Suspense>
  );
}

export function RootLayout() {
  const isNavigating = useIsNavigating();
  const { pathname } = useLocation();
  const firstPageReady = useFirstPageReady();
  // The stream overlays are shown inside broadcast software: the page alone, on a transparent ground.
  const isOverlay = pathname.startsWith('/overlay/');
  return (
    <SessionProvider>
      <a href="#main" className="sr-only z-[60] rounded bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        Skip to content
      </a>
      {isNavigating && <div role="progressbar" aria-label="Loading page" className="fixed inset-x-0 top-0 z-[70] h-0.5 animate-pulse bg-primary" />}
      <div className="flex min-h-dvh flex-col">
        {!isOverlay && <Header />}
        <main id="main" className="flex-1">
          {/* While the first page's chunks load (main.tsx), a screen-high space keeps the footer
              below the fold, so nothing on screen moves when the page comes in. The same space
              stands in should a page still suspend then (a link followed meanwhile); later
              navigations are transitions that keep the old page on screen instead. */}
          {firstPageReady ? (
            <Suspense fallback={<div className="min-h-dvh" />}>
              <RouteErrorBoundary key={pathname}>
                <Outlet />
              </RouteErrorBoundary>
            </Suspense>
          ) : (
            <div className="min-h-dvh" />
          )}
        </main>
        {!isOverlay && (
          <Suspense fallback={null}>
            <Footer />
          </Suspense>
        )}
      </div>
      <AuthModal />
      <AdminQuickActions />
      <ScrollRestoration />
    </SessionProvider>
  );
}

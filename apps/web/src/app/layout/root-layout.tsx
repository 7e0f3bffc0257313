import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { AuthModal } from '@/features/auth/auth-modal';
import { SessionProvider } from '@/lib/session';
import { Footer } from './footer';
import { Header } from './header';

export function RootLayout() {
  const navigation = useNavigation();
  return (
    <SessionProvider>
      <a
        href="#main"
        className="sr-only z-[60] rounded bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {navigation.state === 'loading' && (
        <div role="progressbar" aria-label="Loading page" className="fixed inset-x-0 top-0 z-[70] h-0.5 animate-pulse bg-primary" />
      )}
      <div className="flex min-h-dvh flex-col">
        <Header />
        <main id="main" className="flex-1">
          <Outlet />
        </main>
        <Footer />
      </div>
      <AuthModal />
      <ScrollRestoration />
    </SessionProvider>
  );
}

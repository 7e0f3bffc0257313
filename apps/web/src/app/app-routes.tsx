import { Suspense } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import LandingPage from '@/features/landing/landing-page';
import { RootLayout } from './layout/root-layout';
import { lazyWithPreload } from './lazy-with-preload';

// The landing page is part of the entry script (no second round trip before it is drawn); every
// other page comes with QueryLayout, which holds the page table (router.tsx) and TanStack Query.
const QueryLayout = lazyWithPreload(() => import('./query-layout'));

/**
 * Fetches what the first page needs before React renders it (main.tsx), so it appears at once
 * with the layout, as with the data router; the landing page is in the entry already.
 */
export async function preloadFirstPage(pathname: string): Promise<void> {
  if (pathname === '/') return;
  const layout = await QueryLayout.preload();
  await layout.preloadPage(pathname);
}

const shell: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <LandingPage /> },
      { path: '*', element: <QueryLayout /> },
    ],
  },
];

/**
 * The first page appears with the layout around it (nothing moves when a page's chunk arrives);
 * later navigations are transitions that keep the old page on screen until the new one is ready.
 */
export function AppRoutes() {
  return <Suspense fallback={null}>{useRoutes(shell)}</Suspense>;
}

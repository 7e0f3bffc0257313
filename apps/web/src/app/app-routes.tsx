import { lazy, Suspense } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import LandingPage from '@/features/landing/landing-page';
import { RootLayout } from './layout/root-layout';

// The landing page is part of the entry script (no second round trip before it is drawn); every
// other page comes with QueryLayout, which holds the page table (router.tsx) and TanStack Query.
const loadQueryLayout = () => import('./query-layout');
// A first visit to another page starts fetching that layer before React's first render.
if (window.location.pathname !== '/') void loadQueryLayout();
const QueryLayout = lazy(loadQueryLayout);

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

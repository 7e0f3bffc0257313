import { Suspense, startTransition, useEffect, useState } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import LandingPage from '@/features/landing/landing-page';
import { RootLayout } from './layout/root-layout';
import { lazyWithPreload } from './lazy-with-preload';

// False while main.tsx holds the first page back until its chunks are in (see holdFirstPage).
let firstPageReady = true;
const readyListeners = new Set<() => void>();

/**
 * The layout draws a screen-high space instead of the page until `ready` settles (main.tsx: the
 * page's chunks, run after the layout's first paint). The page then appears in one render (a
 * transition, see useFirstPageReady) with everything in: no Suspense fallback and no reveal timer.
 */
export function holdFirstPage(ready: Promise<unknown>): void {
  firstPageReady = false;
  void ready
    .catch(() => undefined)
    .then(() => {
      firstPageReady = true;
      for (const listener of readyListeners) listener();
    });
}

/**
 * Whether the layout may draw the page (root-layout.tsx). The page's first render is a transition,
 * so React renders it in slices and yields to the browser between them (no long task, and input
 * stays answered) instead of in one synchronous block.
 */
export function useFirstPageReady(): boolean {
  const [ready, setReady] = useState(firstPageReady);
  useEffect(() => {
    const reveal = () => startTransition(() => setReady(true));
    if (firstPageReady) {
      reveal();
      return;
    }
    readyListeners.add(reveal);
    return () => void readyListeners.delete(reveal);
  }, []);
  return ready;
}

// The landing page is part of the entry script (no second round trip before it is drawn); every
// other page comes with QueryLayout, which holds the page table (router.tsx) and TanStack Query.
const QueryLayout = lazyWithPreload(() => import('./query-layout'));

/**
 * Fetches (and runs) the chunks of the first page, so that it renders without suspending once
 * they are in (main.tsx); the landing page is in the entry already.
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

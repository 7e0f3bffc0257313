import type { ComponentType } from 'react';
import { matchRoutes, Navigate, useRoutes, type RouteObject } from 'react-router';
import { RequireAdmin, RequireVerified } from './guards';
import { lazyWithPreload } from './lazy-with-preload';

// The pages after the landing page. This table, the guards and TanStack Query are one lazy chunk
// (loaded by QueryLayout in app-routes.tsx) and every page is a lazy chunk of its own, so the
// landing page's entry script stays under its 100 KB budget (docs/decisions.md).
const page = (load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'element' | 'handle'> => {
  const Page = lazyWithPreload(load);
  return { element: <Page />, handle: { preload: Page.preload } };
};

const routes: RouteObject[] = [
  { path: 'games', ...page(() => import('@/features/games/games-page')) },
  { path: 'games/:slug', ...page(() => import('@/features/games/game-page')) },
  { path: 'rewards', ...page(() => import('@/features/rewards/rewards-page')) },
  { path: 'leaderboard', ...page(() => import('@/features/leaderboard/leaderboard-page')) },
  { path: 'levelup-rewards', ...page(() => import('@/features/level-rewards/level-rewards-page')) },
  { path: 'raffles', ...page(() => import('@/features/raffles/raffles-page')) },
  { path: 'predictions', ...page(() => import('@/features/predictions/predictions-page')) },
  { path: 'casino-reviews', ...page(() => import('@/features/reviews/casino-reviews-page')) },
  { path: 'points-store-public', ...page(() => import('@/features/store/points-store-public-page')) },
  { path: 'store', element: <Navigate to="/points-store" replace /> },
  { path: 'terms', ...page(() => import('@/features/terms/terms-page')) },
  { path: 'slots', ...page(() => import('@/features/slots/slots-page')) },
  { path: 'slots/picker', ...page(() => import('@/features/slots/picker-page')) },
  { path: 'bonus-hunts', ...page(() => import('@/features/bonus-hunts/hunts-page')) },
  { path: 'bonus-hunts/:id', ...page(() => import('@/features/bonus-hunts/hunt-page')) },
  // For broadcast software: no header or footer (root-layout.tsx), no sign-in.
  { path: 'overlay/bonus-hunt/:id', ...page(() => import('@/features/bonus-hunts/overlay-page')) },
  { path: 'overlay/dealornodeal', ...page(() => import('@/features/games/deal-or-no-deal/overlay-page')) },
  { path: 'overlay/prediction', ...page(() => import('@/features/predictions/overlay-page')) },
  { path: 'overlay/giveaway', ...page(() => import('@/features/overlays/giveaway-overlay-page')) },
  { path: 'overlay/leaderboard', ...page(() => import('@/features/overlays/leaderboard-overlay-page')) },
  { path: 'overlay/alerts', ...page(() => import('@/features/overlays/alerts-overlay-page')) },
  { path: 'gadgets/mines-assist', ...page(() => import('@/features/gadgets/mines-assist/mines-assist-page')) },
  // Open to a signed-in member whose e-mail is not verified yet: verifying it is the first step.
  { path: 'how-to', ...page(() => import('@/features/gadgets/how-to/how-to-page')) },
  { path: 'verify-email', ...page(() => import('@/features/auth/verify-email-route')) },
  { path: 'verify-success', ...page(() => import('@/features/auth/verify-success-route')) },
  { path: 'verify-failed', ...page(() => import('@/features/auth/verify-failed-route')) },
  { path: 'reset-password', ...page(() => import('@/features/auth/reset-password-route')) },
  {
    element: <RequireVerified />,
    children: [
      { path: 'profile', ...page(() => import('@/features/profile/profile-page')) },
      { path: 'dashboard', ...page(() => import('@/features/dashboard/dashboard-page')) },
      { path: 'points-store', ...page(() => import('@/features/store/points-store-page')) },
      { path: 'gadgets/king-of-the-hill', ...page(() => import('@/features/gadgets/king-of-the-hill/king-of-the-hill-page')) },
      { path: 'challenges', ...page(() => import('@/features/challenges/challenges-page')) },
      { path: 'notifications', ...page(() => import('@/features/notifications/notifications-page')) },
    ],
  },
  {
    element: <RequireAdmin />,
    children: [{ path: 'admin/*', ...page(() => import('@/features/admin/admin-page')) }],
  },
  { path: '*', ...page(() => import('./not-found-page')) },
];

/** Fetches the chunk of the page at `pathname` (see main.tsx). */
export async function preloadPage(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(matches.map((match) => (match.route.handle as { preload?: () => Promise<unknown> } | undefined)?.preload?.()));
}

/** The pages below the layout, matched against the rest of the path. */
export function PageRoutes() {
  return useRoutes(routes);
}

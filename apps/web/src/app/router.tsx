import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { RequireAdmin, RequireVerified } from './guards';
import { RootLayout } from './layout/root-layout';

// Every page is its own lazy chunk, and so is the TanStack Query layer (QueryLayout), which only the
// pages after the landing page use: the landing page's entry script stays under its budget (issue
// 14). Declarative routes (useRoutes) rather than a data router: React Router's data router alone
// weighs 17 KB gzipped, and no page uses loaders or actions.
const page = (load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'element'> => {
  const Page = lazy(load);
  return { element: <Page /> };
};

const QueryLayout = lazy(() => import('./query-layout'));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, ...page(() => import('@/features/landing/landing-page')) },
      {
        element: <QueryLayout />,
        children: [
          { path: 'games', ...page(() => import('@/features/games/games-page')) },
          { path: 'games/:slug', ...page(() => import('@/features/games/game-page')) },
          { path: 'rewards', ...page(() => import('@/features/rewards/rewards-page')) },
          { path: 'leaderboard', ...page(() => import('@/features/leaderboard/leaderboard-page')) },
          { path: 'levelup-rewards', ...page(() => import('@/features/levelup/levelup-rewards-page')) },
          { path: 'raffles', ...page(() => import('@/features/raffles/raffles-page')) },
          { path: 'casino-reviews', ...page(() => import('@/features/reviews/casino-reviews-page')) },
          { path: 'points-store-public', ...page(() => import('@/features/store/points-store-public-page')) },
          { path: 'store', element: <Navigate to="/points-store" replace /> },
          { path: 'terms', ...page(() => import('@/features/terms/terms-page')) },
          { path: 'verify-email', ...page(() => import('@/features/auth/verify-email-route')) },
          { path: 'verify-success', ...page(() => import('@/features/auth/verify-success-route')) },
          { path: 'verify-failed', ...page(() => import('@/features/auth/verify-failed-route')) },
          {
            element: <RequireVerified />,
            children: [
              { path: 'profile', ...page(() => import('@/features/profile/profile-page')) },
              { path: 'dashboard', ...page(() => import('@/features/dashboard/dashboard-page')) },
              { path: 'points-store', ...page(() => import('@/features/store/points-store-page')) },
            ],
          },
          {
            element: <RequireAdmin />,
            children: [{ path: 'admin', ...page(() => import('@/features/admin/admin-page')) }],
          },
          { path: '*', ...page(() => import('./not-found-page')) },
        ],
      },
    ],
  },
];

/**
 * The first page appears with the layout around it, as with the data router (nothing moves when
 * the page's chunk arrives); later navigations are transitions that keep the old page until then.
 */
export function AppRoutes() {
  return <Suspense fallback={null}>{useRoutes(routes)}</Suspense>;
}

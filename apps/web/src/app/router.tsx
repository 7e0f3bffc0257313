import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RequireAdmin, RequireVerified } from './guards';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './route-error';

// Every page is its own lazy chunk (issue: code splitting); the shell above stays small.
const page = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, ...page(() => import('@/features/landing/landing-page')) },
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
];

export const router = createBrowserRouter(routes);

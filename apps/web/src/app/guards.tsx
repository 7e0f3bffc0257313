import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { useSession } from '@/lib/session';

/** spec 1 §2: a signed-in profile with no pending verification, else / with the auth dialog and the origin remembered. */
export function RequireVerified() {
  const { user, initializing, pendingVerification, loggedOut } = useSession();
  const location = useLocation();
  if (initializing) return <PageLoader />;
  if (!user && loggedOut) return <Navigate to="/" replace />;
  if (!user || pendingVerification) {
    return <Navigate to="/" replace state={{ openAuth: true, tab: 'login', from: location.pathname + location.search }} />;
  }
  return <Outlet />;
}

// The second-factor gate of /admin (enrolment or a code; admins need TOTP unless ADMIN_MFA=optional), a chunk of its own.
const AdminMfaGate = lazy(() => import('@/features/auth/admin-mfa-gate'));

/** spec 1 §2: admins only; others go to /404; a loading screen while the session initialises. */
export function RequireAdmin() {
  const { user, initializing, pendingVerification, loggedOut } = useSession();
  if (initializing) return <PageLoader label="Loading admin…" />;
  // The admin's own logout on an admin page: home, whichever of the logout and its navigation lands first.
  if (!user && loggedOut) return <Navigate to="/" replace />;
  if (!user || pendingVerification || !user.isAdmin) return <Navigate to="/404" replace />;
  return (
    <Suspense fallback={<PageLoader label="Loading admin…" />}>
      <AdminMfaGate>
        <Outlet />
      </AdminMfaGate>
    </Suspense>
  );
}

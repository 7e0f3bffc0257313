import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { useSession } from '@/lib/session';
import type { AuthNavigationState } from './auth-navigation';

/** /verify-success (spec 1 §2, §4): refreshes the session; signed in → /dashboard, else / with the login dialog. */
export default function VerifySuccessRoute() {
  const navigate = useNavigate();
  const { refresh, initializing } = useSession();
  const started = useRef(false);

  useEffect(() => {
    // After the start-up refresh, so its answer cannot overwrite the fresher one below.
    if (initializing || started.current) return;
    started.current = true;
    void refresh()
      .catch(() => null)
      .then((user) => {
        if (user?.emailVerified) navigate('/dashboard', { replace: true });
        else navigate('/', { replace: true, state: { openAuth: true, tab: 'login' } satisfies AuthNavigationState });
      });
  }, [initializing, navigate, refresh]);

  return <PageLoader label="Signing you in…" />;
}

import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { toast } from '@/components/ui/sonner';
import { useSession } from '@/lib/session';
import { verifyEmail } from './api/verify-email';
import type { AuthNavigationState } from './auth-navigation';

/**
 * /verify-email?token=… (spec 1 §2, §4): spends the token, then signs the user in through a session
 * refresh and goes to /dashboard; without a session the dialog says 'please log in'; on failure, or
 * without a token, it shows verifyFailed.
 */
export default function VerifyEmailRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { refresh, initializing } = useSession();
  const token = params.get('token')?.trim() ?? '';
  const started = useRef(false);

  useEffect(() => {
    // After the start-up refresh, so its answer cannot overwrite the fresher one below.
    if (initializing || started.current) return;
    started.current = true;
    const openDialog = (view: AuthNavigationState['view']) =>
      navigate('/', { replace: true, state: { openAuth: true, tab: 'login', view } satisfies AuthNavigationState });

    void (async () => {
      const result = token ? await verifyEmail(token) : { ok: false };
      if (!result.ok) {
        toast({ title: 'Verification failed', variant: 'destructive' });
        openDialog('verifyFailed');
        return;
      }
      const user = await refresh().catch(() => null);
      if (user?.emailVerified) {
        toast({ title: 'Email verified — you are now signed in' });
        navigate('/dashboard', { replace: true });
      } else {
        toast({ title: 'Email verified — please log in' });
        openDialog('verifySuccess');
      }
    })();
  }, [initializing, token, navigate, refresh]);

  return <PageLoader label="Verifying your email…" />;
}

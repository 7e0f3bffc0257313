import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import type { AuthNavigationState } from './auth-navigation';

/**
 * /reset-password?token=…: opens the auth dialog on the reset view with the link's token,
 * and leaves the address bar (the token does not stay in the history or a Referer).
 */
export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token')?.trim() ?? '';
  useEffect(() => {
    navigate('/', { replace: true, state: { openAuth: true, view: 'reset', resetToken: token } satisfies AuthNavigationState });
  }, [navigate, token]);
  return <PageLoader label="Opening the password reset…" />;
}

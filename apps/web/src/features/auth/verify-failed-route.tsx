import { Navigate } from 'react-router';
import type { AuthNavigationState } from './auth-navigation';

/** /verify-failed (spec 1 §2): / with the dialog on the verifyFailed view. */
export default function VerifyFailedRoute() {
  return <Navigate to="/" replace state={{ openAuth: true, tab: 'login', view: 'verifyFailed' } satisfies AuthNavigationState} />;
}

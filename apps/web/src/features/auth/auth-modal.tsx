import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { readAuthState } from './auth-navigation';

// The dialog and its forms (react-hook-form, zod) are a chunk of their own, fetched when the modal
// first opens, so the landing page's entry script stays small.
const AuthDialog = lazy(() => import('./auth-dialog'));

/** spec 1 §2: the auth modal opens when navigation state carries openAuth (the verify routes set it too). */
export function AuthModal() {
  const location = useLocation();
  const state = readAuthState(location.state);
  if (!state) return null;
  return (
    <Suspense fallback={null}>
      {/* A new navigation (key) starts the modal afresh on the view it asks for. */}
      <AuthDialog key={location.key} state={state} />
    </Suspense>
  );
}

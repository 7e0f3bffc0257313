import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Opens the auth modal over the current page (spec 1 §2: navigation state with openAuth), coming back
 * here after signing in. A signed-in user whose e-mail is pending sees the verify view.
 */
export function useOpenAuth() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    const here = location.pathname + location.search;
    void navigate(here, {
      state: { openAuth: true, tab: 'login', from: here },
    });
  }, [navigate, location.pathname, location.search]);
}

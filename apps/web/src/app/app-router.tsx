import { createContext, useContext, useLayoutEffect, useState, useTransition, type ReactNode } from 'react';
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory, type Location, type NavigationType } from 'react-router';

const NavigationPendingContext = createContext(false);

/** True while a navigation waits for its page's chunk (the old page stays on screen meanwhile). */
export function useIsNavigating(): boolean {
  return useContext(NavigationPendingContext);
}

/**
 * React Router's BrowserRouter, with the location change in a transition whose pending state the
 * layout shows as a progress bar: a page that is still loading keeps the previous one on screen.
 */
export function AppRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ v5Compat: true }));
  const [state, setState] = useState<{ action: NavigationType; location: Location }>({
    action: history.action,
    location: history.location,
  });
  const [isPending, startTransition] = useTransition();
  useLayoutEffect(() => history.listen(({ action, location }) => startTransition(() => setState({ action, location }))), [history]);
  return (
    <NavigationPendingContext.Provider value={isPending}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        {children}
      </Router>
    </NavigationPendingContext.Provider>
  );
}

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { LoginBody, MfaRequiredResponse, RegisterBody, User } from '@app/shared/api/auth';
import { mayHaveSession, onSessionExpired, refreshAccessToken, setAccessToken } from './api-client';
import { getCurrentUser } from './api/get-current-user';
import { login as postLogin } from './api/login';
import { logout as postLogout } from './api/logout';
import { register as postRegister } from './api/register';

/**
 * The session of spec 1 §4: the access token lives in the API client's memory; this holds the user
 * and the flags initializing, loading and pendingVerification. Types only from @app/shared, so no
 * zod lands in the entry chunk.
 */
type SessionUser = User;

export type Session = {
  user: SessionUser | null;
  /**
   * True until the start-up refresh has answered; false from the start in a browser that never
   * signed in (no refresh is made there), so a visitor never sees the placeholders of this wait.
   */
  initializing: boolean;
  /** True while a login, register, logout or status check runs. */
  loading: boolean;
  /** True when signed in with an e-mail that is not verified yet. */
  pendingVerification: boolean;
  /**
   * True after this tab's own logout until the next sign-in: a guarded page still on screen while
   * the logout leaves it goes home, rather than asking to sign in again or answering 404.
   */
  loggedOut: boolean;
  /**
   * Signs in; an account with two-factor sign-in answers mfaRequired instead (the code view
   * finishes it with POST /api/auth/mfa, then setAccessToken and setUser).
   */
  login: (body: LoginBody) => Promise<SessionUser | MfaRequiredResponse>;
  /** Registers and signs in (the server answers like login); verification is then pending. */
  /** Registers, then signs in with the same credentials: the user, or null when that sign-in did not work. */
  register: (body: RegisterBody) => Promise<SessionUser | null>;
  /** Clears the session even when the call fails (spec 1 §4). */
  logout: () => Promise<void>;
  /** Refreshes the token and reloads the user; resolves to the user, or null when signed out. */
  refresh: () => Promise<SessionUser | null>;
  /** Reloads the user with the current token (for example after points changed). */
  reloadUser: () => Promise<SessionUser | null>;
  /** Replaces the user with fresh data from the server (for example a completed profile). */
  setUser: (user: SessionUser) => void;
};

type State = { user: SessionUser | null; initializing: boolean; loading: boolean; pendingVerification: boolean; loggedOut: boolean };

const signedOut: Session = {
  user: null,
  initializing: false,
  loading: false,
  pendingVerification: false,
  loggedOut: false,
  login: () => Promise.reject(new Error('No SessionProvider')),
  register: () => Promise.reject(new Error('No SessionProvider')),
  logout: async () => {},
  refresh: async () => null,
  reloadUser: async () => null,
  setUser: () => {},
};

const SessionContext = createContext<Session>(signedOut);

const logoutListeners = new Set<() => void>();

/** Runs `listener` after every logout (the query cache empties itself this way); returns the unsubscribe. */
export function onLogout(listener: () => void): () => void {
  logoutListeners.add(listener);
  return () => logoutListeners.delete(listener);
}

function stateFor(user: SessionUser | null): Pick<State, 'user' | 'pendingVerification' | 'loggedOut'> {
  return { user, pendingVerification: Boolean(user && !user.emailVerified), loggedOut: false };
}

async function restore(): Promise<SessionUser | null> {
  if (!mayHaveSession()) return null;
  const token = await refreshAccessToken();
  if (!token) return null;
  const user = await getCurrentUser();
  if (!user) setAccessToken(null);
  return user;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<State>(() => ({
    user: null,
    initializing: mayHaveSession(),
    loading: false,
    pendingVerification: false,
    loggedOut: false,
  }));

  // One start-up refresh per mount, also under StrictMode's double effects.
  const startup = useRef<Promise<SessionUser | null> | null>(null);

  const apply = useCallback((user: SessionUser | null) => setState((s) => ({ ...s, ...stateFor(user) })), []);

  useEffect(() => {
    let active = true;
    startup.current ??= restore();
    void startup.current.then((user) => {
      if (active) setState((s) => ({ ...s, ...stateFor(user), initializing: false }));
    });
    const stop = onSessionExpired(() => setState((s) => ({ ...s, ...stateFor(null) })));
    return () => {
      active = false;
      stop();
    };
  }, []);

  const busy = useCallback(async <T,>(work: () => Promise<T>): Promise<T> => {
    setState((s) => ({ ...s, loading: true }));
    try {
      return await work();
    } finally {
      setState((s) => ({ ...s, loading: false }));
    }
  }, []);

  const login = useCallback(
    (body: LoginBody) =>
      busy(async () => {
        const result = await postLogin(body);
        if ('mfaRequired' in result) return result;
        setAccessToken(result.tokens.access);
        apply(result.user);
        return result.user;
      }),
    [busy, apply],
  );

  const register = useCallback(
    (body: RegisterBody) =>
      busy(async () => {
        await postRegister(body);
        // Registration answers a taken address like a new one and signs nobody in: the same
        // credentials sign in next. For an address that had an account already they do not (its
        // owner was mailed instead), and the person is left at the verify view, signed out.
        let user: SessionUser | null = null;
        try {
          const result = await postLogin({ email: body.email, password: body.password });
          if (!('mfaRequired' in result)) {
            setAccessToken(result.tokens.access);
            user = result.user;
          }
        } catch {
          user = null;
        }
        // spec 1 §4: register sets pendingVerification.
        setState((s) => ({ ...s, user, pendingVerification: true }));
        return user;
      }),
    [busy],
  );

  const logout = useCallback(
    () =>
      busy(async () => {
        try {
          await postLogout();
        } catch {
          // spec 1 §7: a failed logout call is ignored; the session is cleared anyway.
        }
        setAccessToken(null);
        setState((st) => ({ ...st, ...stateFor(null), loggedOut: true }));
        for (const listener of logoutListeners) listener();
      }),
    [busy],
  );

  const refresh = useCallback(
    () =>
      busy(async () => {
        const user = await restore();
        apply(user);
        return user;
      }),
    [busy, apply],
  );

  const reloadUser = useCallback(async () => {
    const user = await getCurrentUser();
    if (user) apply(user);
    return user;
  }, [apply]);

  const value = useMemo<Session>(
    () => ({ ...state, login, register, logout, refresh, reloadUser, setUser: apply }),
    [state, login, register, logout, refresh, reloadUser, apply],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  return useContext(SessionContext);
}

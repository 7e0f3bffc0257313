import { createContext, useContext, type ReactNode } from 'react';

// Foundation stub: the Accounts issue replaces this with the real session (refresh on start, login, logout).
export type SessionUser = { username: string; points: number; isAdmin: boolean; emailVerified: boolean };

export type Session = {
  user: SessionUser | null;
  initializing: boolean;
  loading: boolean;
  pendingVerification: boolean;
  logout: () => Promise<void>;
};

const signedOut: Session = {
  user: null,
  initializing: false,
  loading: false,
  pendingVerification: false,
  logout: async () => {},
};

const SessionContext = createContext<Session>(signedOut);

export function SessionProvider({ children }: { children: ReactNode }) {
  return <SessionContext.Provider value={signedOut}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  return useContext(SessionContext);
}

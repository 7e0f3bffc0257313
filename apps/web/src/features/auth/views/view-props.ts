import type { AuthView } from '../auth-navigation';

/** What the dialog hands each view. */
export type ViewProps = {
  goTo: (view: AuthView) => void;
  /** Runs a request while the dialog is marked busy (it cannot be closed meanwhile). */
  run: <T>(work: () => Promise<T>) => Promise<T>;
  /** The address the verify view works with (from register or login). */
  email: string;
  setEmail: (email: string) => void;
  /** Keeps the dialog open although the user is now verified (profile completion comes next). */
  holdRedirect: (hold: boolean) => void;
  /** Leaves the dialog for the route that was asked for (spec 1 §2: from, default /dashboard). */
  finish: () => void;
  /** The mfaToken of a login that needs the second factor (the code view). */
  mfaToken: string;
  setMfaToken: (token: string) => void;
  /** The token of the reset link that opened the dialog (the reset view). */
  resetToken: string;
};

/** The modal's views (spec 1 §2 Auth modal, §4 Auth modal views). */
export type AuthView =
  | 'login'
  | 'register'
  | 'forgot'
  | 'verify'
  | 'profileCompletion'
  | 'verifySuccess'
  | 'verifyFailed'
  /** The second step of a login (authenticator or recovery code). */
  | 'code'
  /** A new password with the token of a reset link (/reset-password?token=). */
  | 'reset';

/**
 * Navigation state that opens the auth modal (spec 1 §2): `tab` picks login or register, `from` is the
 * route to return to after signing in (default /dashboard). The verify routes open it on a view.
 */
export type AuthNavigationState = {
  openAuth: true;
  tab?: 'login' | 'register';
  view?: AuthView;
  from?: string;
  /** The token of a password reset link (the reset view). */
  resetToken?: string;
};

export function readAuthState(state: unknown): AuthNavigationState | null {
  if (typeof state !== 'object' || state === null || (state as { openAuth?: unknown }).openAuth !== true) return null;
  return state as AuthNavigationState;
}

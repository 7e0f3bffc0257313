import type { VerifyEmailResponse } from '@app/shared/api/auth';
import { api } from '@/lib/api-client';

// A verification token is single use: StrictMode's double effects and re-renders must not spend it twice.
const inFlight = new Map<string, Promise<VerifyEmailResponse>>();

/** POST /api/auth/verify-email {token}, read as ok and error (spec 1 §7); a failed call resolves to ok false. */
export function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  let pending = inFlight.get(token);
  if (!pending) {
    pending = api.post<VerifyEmailResponse>('/api/auth/verify-email', { token }).catch((error: unknown) => {
      const message = typeof error === 'object' && error !== null && 'error' in error ? String(error.error) : undefined;
      return { ok: false, error: message };
    });
    inFlight.set(token, pending);
  }
  return pending;
}

import type { MfaEnrollResponse } from '@app/shared/api/auth';
import { api } from '@/lib/api-client';

/** POST /api/auth/mfa/enroll: a new secret to scan; active once a code confirms it. */
export function startMfaEnrolment(): Promise<MfaEnrollResponse> {
  return api.post<MfaEnrollResponse>('/api/auth/mfa/enroll', {});
}

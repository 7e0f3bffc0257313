import type { MfaEnrollBody, MfaEnrollResponse } from '@app/shared/api/auth';
import { api } from '@/lib/api-client';

/** POST /api/auth/mfa/enroll: the current password; a new secret to scan, active once a code confirms it. */
export function startMfaEnrolment(body: MfaEnrollBody): Promise<MfaEnrollResponse> {
  return api.post<MfaEnrollResponse>('/api/auth/mfa/enroll', body);
}

import type { MfaCodeBody, MfaConfirmResponse } from '@app/shared/api/auth';
import { api } from '@/lib/api-client';

/** POST /api/auth/mfa/enroll/confirm: ten recovery codes (shown once) and an access token of this verified session. */
export function confirmMfaEnrolment(body: MfaCodeBody): Promise<MfaConfirmResponse> {
  return api.post<MfaConfirmResponse>('/api/auth/mfa/enroll/confirm', body);
}

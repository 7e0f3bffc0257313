import { queryOptions } from '@tanstack/react-query';
import type {
  AccessResponse,
  MfaCodeBody,
  MfaConfirmResponse,
  MfaEnrollResponse,
  MfaStatus,
  OkResponse,
} from '@app/shared/api/auth';
import { api } from '@/lib/api-client';

/** GET /api/auth/mfa: two-factor sign-in of the user and of this session (issue 12). */
export function mfaStatusQuery(userId: string | undefined) {
  return queryOptions({
    queryKey: ['mfa-status', userId],
    queryFn: () => api.get<MfaStatus>('/api/auth/mfa'),
    enabled: Boolean(userId),
  });
}

/** POST /api/auth/mfa/enroll: a new secret to scan; active once a code confirms it. */
export function startEnrolment(): Promise<MfaEnrollResponse> {
  return api.post<MfaEnrollResponse>('/api/auth/mfa/enroll', {});
}

/** POST /api/auth/mfa/enroll/confirm: ten recovery codes (shown once) and an access token of this verified session. */
export function confirmEnrolment(body: MfaCodeBody): Promise<MfaConfirmResponse> {
  return api.post<MfaConfirmResponse>('/api/auth/mfa/enroll/confirm', body);
}

/** POST /api/auth/mfa/verify: this session passes the second factor. */
export function verifySession(body: MfaCodeBody): Promise<AccessResponse> {
  return api.post<AccessResponse>('/api/auth/mfa/verify', body);
}

/** POST /api/auth/mfa/disable. */
export function disableTwoFactor(body: MfaCodeBody): Promise<OkResponse> {
  return api.post<OkResponse>('/api/auth/mfa/disable', body);
}

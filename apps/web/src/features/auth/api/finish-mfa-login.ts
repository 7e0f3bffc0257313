import type { LoginResponse, MfaLoginBody } from '@app/shared/api/auth';
import { api } from '@/lib/api-client';

/** POST /api/auth/mfa: the second step of a login. */
export function finishMfaLogin(body: MfaLoginBody): Promise<LoginResponse> {
  return api.post<LoginResponse>('/api/auth/mfa', body);
}

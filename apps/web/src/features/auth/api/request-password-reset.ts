import type { ForgotPasswordBody, OkResponse } from '@app/shared/api/auth';
import { api } from '@/lib/api-client';

/** POST /api/auth/forgot-password: the same answer whether or not the address has an account (no account enumeration). */
export function requestPasswordReset(body: ForgotPasswordBody): Promise<OkResponse> {
  return api.post<OkResponse>('/api/auth/forgot-password', body);
}

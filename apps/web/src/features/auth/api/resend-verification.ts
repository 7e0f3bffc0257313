import type { OkResponse, ResendVerificationBody } from '@app/shared/api/auth';
import { api } from '@/lib/api-client';

/** POST /api/auth/resend-verification: a fresh link; the same answer whether or not the address has an account. */
export function resendVerification(body: ResendVerificationBody): Promise<OkResponse> {
  return api.post<OkResponse>('/api/auth/resend-verification', body);
}

import type { OkResponse, ResetPasswordBody } from '@app/shared/api/auth';
import { api } from '@/lib/api-client';

/** POST /api/auth/reset-password: the new password; every session ends. */
export function resetPassword(body: ResetPasswordBody): Promise<OkResponse> {
  return api.post<OkResponse>('/api/auth/reset-password', body);
}

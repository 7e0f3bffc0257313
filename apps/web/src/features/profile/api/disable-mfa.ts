import type { MfaCodeBody, OkResponse } from '@app/shared/api/auth';
import { api } from '@/lib/api-client';

/** POST /api/auth/mfa/disable. */
export function disableMfa(body: MfaCodeBody): Promise<OkResponse> {
  return api.post<OkResponse>('/api/auth/mfa/disable', body);
}

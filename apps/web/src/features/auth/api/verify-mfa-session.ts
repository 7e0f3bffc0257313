import type { AccessResponse, MfaCodeBody } from '@app/shared/api/auth';
import { api } from '@/lib/api-client';

/** POST /api/auth/mfa/verify: this session passes the second factor. */
export function verifyMfaSession(body: MfaCodeBody): Promise<AccessResponse> {
  return api.post<AccessResponse>('/api/auth/mfa/verify', body);
}

import type { CompleteProfileBody, ProfileResponse } from '@app/shared/api/profile';
import { api } from '@/lib/api-client';

/** PATCH /api/profile/complete → {profile} (spec 1 §7). */
export function completeProfile(body: CompleteProfileBody): Promise<ProfileResponse> {
  return api.patch<ProfileResponse>('/api/profile/complete', body);
}

import type { CompleteProfileBody, Profile, ProfileResponse } from '@app/shared/api/profile';
import { api } from '@/lib/api-client';

/**
 * PATCH /api/profile/complete → {profile} (spec 1 §7): replaces the partner usernames and crypto
 * addresses. The sign-up's profile completion and Settings both send it.
 */
export async function completeProfile(body: CompleteProfileBody): Promise<Profile> {
  return (await api.patch<ProfileResponse>('/api/profile/complete', body)).profile;
}

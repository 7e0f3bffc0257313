import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile, ProfileResponse } from '@app/shared/api/profile';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';

async function getProfile(): Promise<Profile> {
  return (await api.get<ProfileResponse>('/api/profile')).profile;
}

/** GET /api/profile, cached per user so a different sign-in never sees the previous profile. */
export function getProfileQueryOptions(userId: string | undefined) {
  return queryOptions({ queryKey: ['profile', userId], queryFn: getProfile, enabled: Boolean(userId) });
}

export function useProfile() {
  const { user } = useSession();
  return useQuery(getProfileQueryOptions(user?.id));
}

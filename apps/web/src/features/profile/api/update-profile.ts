import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompleteProfileBody, Profile, ProfileResponse } from '@app/shared/api/profile';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { profileQueryOptions } from './get-profile';

/** PATCH /api/profile/complete: replaces the partner usernames and crypto addresses; answers the new profile. */
export async function updateProfile(body: CompleteProfileBody): Promise<Profile> {
  return (await api.patch<ProfileResponse>('/api/profile/complete', body)).profile;
}

/** The body that keeps everything of `profile` except what `change` replaces. */
export function profileBody(profile: Profile, change: Partial<CompleteProfileBody> = {}): CompleteProfileBody {
  return {
    partners: change.partners ?? profile.profilePartners.map(({ partner, username }) => ({ partner, username })),
    crypto: { ...profile.crypto, ...change.crypto },
  };
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const { setUser } = useSession();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryOptions(profile.id).queryKey, profile);
      // spec 1 §4: the saved profile replaces the session's.
      setUser(profile);
    },
  });
}

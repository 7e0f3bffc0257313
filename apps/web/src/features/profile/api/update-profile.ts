import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompleteProfileBody, Profile } from '@app/shared/api/profile';
import { completeProfile } from '@/lib/api/complete-profile';
import { useSession } from '@/lib/session';
import { getProfileQueryOptions } from './get-profile';

/** The body that keeps everything of `profile` except what `change` replaces. */
export function profileBody(profile: Profile, change: Partial<CompleteProfileBody> = {}): CompleteProfileBody {
  return {
    partners: change.partners ?? profile.profilePartners.map(({ partner, username }) => ({ partner, username })),
    crypto: { ...profile.crypto, ...change.crypto },
  };
}

/** Settings' save of the partner usernames and crypto addresses (PATCH /api/profile/complete). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const { setUser } = useSession();
  return useMutation({
    mutationFn: completeProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(getProfileQueryOptions(profile.id).queryKey, profile);
      // spec 1 §4: the saved profile replaces the session's.
      setUser(profile);
    },
  });
}

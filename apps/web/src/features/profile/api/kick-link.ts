import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KickLinkState } from '@app/shared/api/stream';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { useSession } from '@/lib/session';

function getKickLink(): Promise<KickLinkState> {
  return api.get<KickLinkState>('/api/profile/kick-link');
}

const kickLinkQueryKey = ['kick-link'] as const;

/**
 * GET /api/profile/kick-link: the Kick account asking to link and the linked one. Polled while the
 * profile is open, so a UID pasted in chat shows its request here within seconds.
 */
function getKickLinkQueryOptions(userId: string | undefined) {
  return queryOptions({ queryKey: [...kickLinkQueryKey, userId], queryFn: getKickLink, enabled: Boolean(userId), refetchInterval: 5000 });
}

export function useKickLink() {
  const { user } = useSession();
  return useQuery(getKickLinkQueryOptions(user?.id));
}

export type KickLinkAction = 'confirm' | 'decline' | 'unlink';

/** POST .../confirm, POST .../decline, DELETE /api/profile/kick-link. */
function answerKickLink(action: KickLinkAction): Promise<KickLinkState> {
  return action === 'unlink' ? api.delete<KickLinkState>('/api/profile/kick-link') : api.post<KickLinkState>(`/api/profile/kick-link/${action}`);
}

export function useAnswerKickLink(mutationConfig: MutationConfig<typeof answerKickLink> = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...config } = mutationConfig;
  return useMutation({
    ...config,
    mutationFn: answerKickLink,
    onSettled: (...args) => {
      void queryClient.invalidateQueries({ queryKey: kickLinkQueryKey });
      // Linking pays out held stream points and changes the connected accounts.
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
      return onSettled?.(...args);
    },
  });
}

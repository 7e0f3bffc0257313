import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatLinksState } from '@app/shared/api/chat-platforms';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { useSession } from '@/lib/session';

export type LinkPlatform = ChatLinksState['linked'][number]['platform'];

function getChatLinks(): Promise<ChatLinksState> {
  return api.get<ChatLinksState>('/api/profile/chat-links');
}

const chatLinksQueryKey = ['chat-links'] as const;

/** GET /api/profile/chat-links: the platform account asking to link and every linked one. Polled while the profile is open. */
export function useChatLinks() {
  const { user } = useSession();
  return useQuery(queryOptions({ queryKey: [...chatLinksQueryKey, user?.id], queryFn: getChatLinks, enabled: Boolean(user?.id), refetchInterval: 5000 }));
}

export type ChatLinkAction = { platform: LinkPlatform; action: 'confirm' | 'decline' | 'unlink' };

/** POST .../:platform/confirm, POST .../:platform/decline, DELETE /api/profile/chat-links/:platform. */
function answerChatLink({ platform, action }: ChatLinkAction): Promise<ChatLinksState> {
  return action === 'unlink'
    ? api.delete<ChatLinksState>(`/api/profile/chat-links/${platform}`)
    : api.post<ChatLinksState>(`/api/profile/chat-links/${platform}/${action}`);
}

export function useAnswerChatLink(mutationConfig: MutationConfig<typeof answerChatLink> = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...config } = mutationConfig;
  return useMutation({
    ...config,
    mutationFn: answerChatLink,
    onSettled: (...args) => {
      void queryClient.invalidateQueries({ queryKey: chatLinksQueryKey });
      // The Kick card reads its own call; linking changes the profile's connected accounts too.
      void queryClient.invalidateQueries({ queryKey: ['kick-link'] });
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
      return onSettled?.(...args);
    },
  });
}

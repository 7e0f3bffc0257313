import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatModerationSettings, ChatModerationState } from '@app/shared/api/chat-moderation';
import { api } from '@/lib/api-client';
import { streamQueryKey } from './get-stream';

/** GET /api/admin/stream/moderation: the settings, the switch's state and the bot's recent acts. */
function getChatModeration(): Promise<ChatModerationState> {
  return api.get<ChatModerationState>('/api/admin/stream/moderation');
}

const moderationQueryKey = [...streamQueryKey, 'moderation'] as const;

function getChatModerationQueryOptions() {
  // The recent acts move on their own while the stream runs.
  return queryOptions({ queryKey: moderationQueryKey, queryFn: getChatModeration, refetchInterval: 30_000 });
}

export function useChatModeration() {
  return useQuery(getChatModerationQueryOptions());
}

/** PUT /api/admin/stream/moderation (validated and audited on the server): the new state. */
function saveChatModeration(settings: ChatModerationSettings): Promise<ChatModerationState> {
  return api.put<ChatModerationState>('/api/admin/stream/moderation', settings);
}

export function useSaveChatModeration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveChatModeration,
    onSuccess: (state) => queryClient.setQueryData(moderationQueryKey, state),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationQueryKey }),
  });
}

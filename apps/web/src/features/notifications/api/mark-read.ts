import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkReadBody } from '@app/shared/api/notifications';
import { api } from '@/lib/api-client';
import { notificationsQueryKey } from '@/lib/api/query-keys';
import { liveState } from '../live-store';

/** POST /api/notifications/read: these ids, or all; answers the unread count. */
async function markRead(body: MarkReadBody): Promise<{ unreadCount: number }> {
  return api.post<{ unreadCount: number }>('/api/notifications/read', body);
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: ({ unreadCount }) => {
      liveState.setUnread(unreadCount);
      void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
    },
  });
}

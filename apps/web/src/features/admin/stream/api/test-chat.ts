import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUserList } from '@app/shared/api/admin-users';
import type { TestChatInput, TestChatLine, TestChatResult } from '@app/shared/api/stream-studio';
import { api } from '@/lib/api-client';
import { streamQueryKey } from './get-stream';

const testChatQueryKey = [...streamQueryKey, 'test-chat'] as const;

/** GET /api/admin/stream/test-chat: the console's last 100 lines, oldest first. */
function getTestChat(): Promise<{ lines: TestChatLine[] }> {
  return api.get<{ lines: TestChatLine[] }>('/api/admin/stream/test-chat');
}

export function useTestChat() {
  return useQuery(queryOptions({ queryKey: testChatQueryKey, queryFn: getTestChat }));
}

/** POST /api/admin/stream/test-chat: the message goes through the chat's handlers; the bot's replies and acts come back. */
function sendTestChat(input: TestChatInput): Promise<TestChatResult> {
  return api.post<TestChatResult>('/api/admin/stream/test-chat', input);
}

export function useSendTestChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestChat,
    // The console and what the message may have changed (a giveaway's entries, a command's count).
    onSettled: () => queryClient.invalidateQueries({ queryKey: streamQueryKey }),
  });
}

/** Members a test viewer can stand for: GET /api/admin/users?q= (admins are left out, as the server refuses them). */
async function findMembers(q: string) {
  const params = new URLSearchParams({ q, page: '1', pageSize: '5' });
  const list = await api.get<AdminUserList>(`/api/admin/users?${params}`);
  return list.users.filter((u) => !u.isAdmin);
}

export function useMemberSearch(q: string) {
  return useQuery({ queryKey: [...testChatQueryKey, 'members', q], queryFn: () => findMembers(q), enabled: q.trim().length >= 2 });
}

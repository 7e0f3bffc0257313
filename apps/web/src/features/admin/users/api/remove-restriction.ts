import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminUsersQueryKey } from './get-admin-users';

/** DELETE /api/admin/users/:id/restrictions/:rid */
async function removeRestriction(userId: string, restrictionId: string): Promise<void> {
  await api.delete(`/api/admin/users/${encodeURIComponent(userId)}/restrictions/${encodeURIComponent(restrictionId)}`);
}

export function useRemoveRestriction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, restrictionId }: { userId: string; restrictionId: string }) => removeRestriction(userId, restrictionId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}

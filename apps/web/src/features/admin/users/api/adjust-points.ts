import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPointsBody } from '@app/shared/api/points';
import { api } from '@/lib/api-client';
import { adminUsersQueryKey } from './get-admin-users';

/** POST /api/admin/users/:id/points {amount, reason}: a positive amount grants, a negative one revokes. */
async function adjustPoints(userId: string, body: AdminPointsBody, idempotencyKey: string): Promise<{ points: number }> {
  return api.post<{ points: number }>(`/api/admin/users/${encodeURIComponent(userId)}/points`, body, {
    headers: { 'idempotency-key': idempotencyKey },
  });
}

export function useAdjustPoints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body, idempotencyKey }: { userId: string; body: AdminPointsBody; idempotencyKey: string }) =>
      adjustPoints(userId, body, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}

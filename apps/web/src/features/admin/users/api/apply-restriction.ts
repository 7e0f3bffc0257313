import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Restriction, RestrictionInput } from '@app/shared/api/admin-users';
import { api } from '@/lib/api-client';
import { adminUsersQueryKey } from './get-admin-users';

/** POST /api/admin/users/:id/restrictions {kind, days?, reason} → the restriction. */
async function applyRestriction(userId: string, input: RestrictionInput, idempotencyKey: string): Promise<Restriction> {
  const path = `/api/admin/users/${encodeURIComponent(userId)}/restrictions`;
  return (await api.post<{ restriction: Restriction }>(path, input, { headers: { 'idempotency-key': idempotencyKey } })).restriction;
}

export function useApplyRestriction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, input, idempotencyKey }: { userId: string; input: RestrictionInput; idempotencyKey: string }) =>
      applyRestriction(userId, input, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}

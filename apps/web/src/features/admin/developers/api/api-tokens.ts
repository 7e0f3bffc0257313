import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiTokenInput, ApiTokenList, CreatedApiToken } from '@app/shared/api/developers';
import { api } from '@/lib/api-client';
import { adminQueryKey } from '../../api/admin-query-key';

const tokensKey = [...adminQueryKey, 'api-tokens'];

/** GET /api/admin/api-tokens (never the secrets). */
export function useApiTokens() {
  return useQuery(queryOptions({ queryKey: tokensKey, queryFn: () => api.get<ApiTokenList>('/api/admin/api-tokens') }));
}

/** POST /api/admin/api-tokens: the answer holds the token, shown once. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiTokenInput) => api.post<CreatedApiToken>('/api/admin/api-tokens', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokensKey }),
  });
}

/** DELETE /api/admin/api-tokens/:id */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/api/admin/api-tokens/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokensKey }),
  });
}

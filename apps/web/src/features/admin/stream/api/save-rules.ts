import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StreamRules } from '@app/shared/api/stream';
import { api } from '@/lib/api-client';
import { streamQueryKey } from './get-stream';

/** PUT /api/admin/stream/rules (validated and audited on the server). */
async function saveStreamRules(rules: StreamRules): Promise<StreamRules> {
  return (await api.put<{ rules: StreamRules }>('/api/admin/stream/rules', rules)).rules;
}

export function useSaveStreamRules() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveStreamRules, onSettled: () => queryClient.invalidateQueries({ queryKey: streamQueryKey }) });
}

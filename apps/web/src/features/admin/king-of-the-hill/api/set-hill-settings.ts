import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminHill, KingOfTheHillSettings } from '@app/shared/api/king-of-the-hill';
import { api } from '@/lib/api-client';
import { kingOfTheHillQueryKey } from '@/lib/api/query-keys';
import { getAdminHillQueryOptions } from './get-admin-hill';

/** PUT /api/admin/king-of-the-hill/settings {periodDays, prizePoints} → the admin view (audited). */
function setHillSettings(input: KingOfTheHillSettings): Promise<AdminHill> {
  return api.put<AdminHill>('/api/admin/king-of-the-hill/settings', input);
}

export function useSetHillSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setHillSettings,
    onSuccess: (hill) => {
      queryClient.setQueryData(getAdminHillQueryOptions().queryKey, hill);
      return queryClient.invalidateQueries({ queryKey: kingOfTheHillQueryKey });
    },
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HowToSettings } from '@app/shared/api/how-to';
import { api } from '@/lib/api-client';
import { howToQueryKey } from '@/lib/api/query-keys';
import { adminQueryKey } from '../../api/admin-query-key';

/** GET /api/admin/how-to/settings: the Get started bonus. */
function getHowToSettings(): Promise<HowToSettings> {
  return api.get<HowToSettings>('/api/admin/how-to/settings');
}

function getHowToSettingsQueryOptions() {
  return queryOptions({ queryKey: [...adminQueryKey, 'how-to-settings'], queryFn: getHowToSettings });
}

export function useHowToSettings() {
  return useQuery(getHowToSettingsQueryOptions());
}

/** PUT /api/admin/how-to/settings (audited). */
function setHowToSettings(input: HowToSettings): Promise<HowToSettings> {
  return api.put<HowToSettings>('/api/admin/how-to/settings', input);
}

export function useSetHowToSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setHowToSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(getHowToSettingsQueryOptions().queryKey, settings);
      return queryClient.invalidateQueries({ queryKey: howToQueryKey });
    },
  });
}

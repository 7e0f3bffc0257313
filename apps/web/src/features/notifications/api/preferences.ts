import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailableType } from '@app/shared/api/notifications';
import { api } from '@/lib/api-client';
import { notificationsQueryKey } from '@/lib/api/query-keys';
import { useSession } from '@/lib/session';

type Preference = { type: MailableType; label: string; email: boolean };

/** GET /api/notifications/preferences */
async function getPreferences(): Promise<Preference[]> {
  return (await api.get<{ preferences: Preference[] }>('/api/notifications/preferences')).preferences;
}

function getPreferencesQueryOptions(userId: string | undefined) {
  return queryOptions({ queryKey: [...notificationsQueryKey, 'preferences', userId], queryFn: getPreferences, enabled: Boolean(userId) });
}

export function usePreferences() {
  const { user } = useSession();
  return useQuery(getPreferencesQueryOptions(user?.id));
}

/** PUT /api/notifications/preferences: one type on site only (email false) or also by e-mail. */
async function updatePreference(choice: { type: MailableType; email: boolean }): Promise<Preference[]> {
  return (await api.put<{ preferences: Preference[] }>('/api/notifications/preferences', { preferences: [choice] })).preferences;
}

export function useUpdatePreference() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: updatePreference,
    onSuccess: (preferences) => queryClient.setQueryData(getPreferencesQueryOptions(user?.id).queryKey, preferences),
  });
}

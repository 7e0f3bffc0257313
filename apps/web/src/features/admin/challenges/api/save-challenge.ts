import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminChallenge, ChallengeInput } from '@app/shared/api/challenges';
import { api } from '@/lib/api-client';
import { challengesQueryKey } from '@/lib/api/query-keys';
import { adminQueryKey } from '../../api/admin-query-key';

type SaveChallenge = { id: string | null; body: ChallengeInput };

/** POST /api/admin/challenges (new) or PUT /api/admin/challenges/:id (edit); audited. */
async function saveChallenge({ id, body }: SaveChallenge): Promise<AdminChallenge> {
  const answer = id
    ? await api.put<{ challenge: AdminChallenge }>(`/api/admin/challenges/${id}`, body)
    : await api.post<{ challenge: AdminChallenge }>('/api/admin/challenges', body);
  return answer.challenge;
}

/** A saved challenge reaches the admin screens (the Overview counts it) and the member page. */
export function useSaveChallenge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveChallenge,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminQueryKey }), queryClient.invalidateQueries({ queryKey: challengesQueryKey })]),
  });
}

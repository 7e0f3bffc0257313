import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HowToProgress, HowToReportedStep } from '@app/shared/api/how-to';
import { api } from '@/lib/api-client';
import { howToQueryKey } from '@/lib/api/query-keys';

/** POST /api/how-to/steps/:step: a verification that ran in the browser (verify-round, verify-draw). */
function recordHowToStep(step: HowToReportedStep): Promise<HowToProgress> {
  return api.post<HowToProgress>(`/api/how-to/steps/${step}`);
}

export function useRecordHowToStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordHowToStep,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: howToQueryKey }),
  });
}

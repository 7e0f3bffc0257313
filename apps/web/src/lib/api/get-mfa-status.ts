import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MfaStatus } from '@app/shared/api/auth';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';

async function getMfaStatus(): Promise<MfaStatus> {
  return api.get<MfaStatus>('/api/auth/mfa');
}

/** Every user's cached status: after an enrolment, a step-up or a turn-off, the status is read again. */
export const mfaStatusQueryKey = ['mfa-status'] as const;

/** GET /api/auth/mfa: two-factor sign-in of the user and of this session, cached per user. */
function getMfaStatusQueryOptions(userId: string | undefined) {
  return queryOptions({
    queryKey: [...mfaStatusQueryKey, userId],
    queryFn: getMfaStatus,
    enabled: Boolean(userId),
  });
}

export function useMfaStatus() {
  const { user } = useSession();
  return useQuery(getMfaStatusQueryOptions(user?.id));
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, RedeemResult, Reward } from '@app/shared/api/store';
import { toast } from '@/components/ui/sonner';
import { api, ApiError, errorMessage } from '@/lib/api-client';
import { storeQueryKey } from '@/lib/api/query-keys';
import { retryUnanswered, useOptimisticPoints } from '@/lib/economy/spend';
import { useSession } from '@/lib/session';
import { getOrdersQueryOptions } from './get-orders';

/** POST /api/store/rewards/:id/redeem with the click's Idempotency-Key (no body) → 201 {order, points}. */
async function redeemReward(rewardId: string, idempotencyKey: string): Promise<RedeemResult> {
  return api.post<RedeemResult>(`/api/store/rewards/${encodeURIComponent(rewardId)}/redeem`, undefined, {
    headers: { 'idempotency-key': idempotencyKey },
  });
}

type RedeemVariables = { reward: Reward; idempotencyKey: string };

/** The shortfall the server reports with INSUFFICIENT_POINTS; the price minus the balance if it sent none. */
function shortfallOf(error: ApiError, fallback: number): number {
  const body = error.body as { shortfall?: unknown } | null;
  return typeof body?.shortfall === 'number' ? body.shortfall : fallback;
}

/**
 * Redeeming a reward (spec 2 §5, §8): the balance drops at once, the server decides; a refusal puts
 * the balance back and says why.
 */
export function useRedeemReward() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const points = useOptimisticPoints();
  const ordersKey = getOrdersQueryOptions(user?.id).queryKey;

  return useMutation({
    mutationFn: ({ reward, idempotencyKey }: RedeemVariables) => redeemReward(reward.id, idempotencyKey),
    retry: retryUnanswered,
    retryDelay: 500,
    onMutate: ({ reward }) => ({ pointsBefore: points.debit(reward.price) }),
    onSuccess: (result) => {
      points.settle(result.points);
      queryClient.setQueryData<Order[]>(ordersKey, (orders) => (orders ? [result.order, ...orders.filter((o) => o.id !== result.order.id)] : orders));
      toast({
        title: 'Reward Redeemed!',
        description: 'Your reward has been successfully redeemed.',
      });
    },
    onError: (error, { reward }, context) => {
      const before = context?.pointsBefore ?? null;
      points.rollback(before);
      if (error instanceof ApiError && error.code === 'INSUFFICIENT_POINTS') {
        const shortfall = shortfallOf(error, Math.max(1, reward.price - (before ?? 0)));
        toast({
          title: 'Insufficient Points',
          description: `You need ${shortfall.toLocaleString('en-US')} more points to redeem this reward.`,
          variant: 'destructive',
        });
      } else {
        toast({
          title: errorMessage(error, 'Could not redeem the reward. Check your connection and try again.'),
          variant: 'destructive',
        });
      }
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: storeQueryKey });
    },
  });
}

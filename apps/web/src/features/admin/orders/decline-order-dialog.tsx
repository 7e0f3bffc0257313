import { DeclineOrderBodySchema, type AdminOrder } from '@app/shared/api/store';
import { toast } from '@/components/ui/sonner';
import { DeclineDialog } from '../components/decline-dialog';
import { formatPoints } from '../components/format';
import { useDecideOrder } from './api/decide-order';

/** Declining a pending order asks for the reason the user will read; the points go back to the user. */
export function DeclineOrderDialog({ order, onOpenChange }: { order: AdminOrder | null; onOpenChange: (open: boolean) => void }) {
  const decide = useDecideOrder();
  return (
    <DeclineDialog
      open={order !== null}
      title="Decline order"
      description={order ? `${order.rewardName} for ${order.username}: ${formatPoints(order.pointsSpent)} points go back to the user.` : ''}
      schema={DeclineOrderBodySchema}
      isPending={decide.isPending}
      onDecline={async (reason) => {
        if (!order) return;
        const declined = await decide.mutateAsync({ orderId: order.id, decision: 'decline', reason });
        toast({
          title: 'Order declined',
          description: declined.refunded
            ? `${formatPoints(declined.pointsSpent)} points refunded to ${declined.username}.`
            : `${declined.username}'s order was declined.`,
        });
      }}
      onOpenChange={onOpenChange}
    />
  );
}

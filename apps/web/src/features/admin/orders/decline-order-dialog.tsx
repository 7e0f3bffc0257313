import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DeclineOrderBodySchema, type AdminOrder } from '@app/shared/api/store';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/sonner';
import { destructiveButtonClass } from '../components/fields';
import { formatPoints } from '../components/format';
import { toastRequestError } from '../components/request-error';
import { useDecideOrder } from './api/decide-order';

type DeclineForm = z.input<typeof DeclineOrderBodySchema>;

/** Declining a pending order asks for the reason the user will read; the points go back to the user. */
export function DeclineOrderDialog({ order, onOpenChange }: { order: AdminOrder | null; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const decide = useDecideOrder();
  const form = useForm<DeclineForm>({
    resolver: zodResolver(DeclineOrderBodySchema),
    defaultValues: { reason: '' },
  });
  const error = form.formState.errors.reason?.message;

  const onSubmit = form.handleSubmit(async ({ reason }) => {
    if (!order) return;
    try {
      const declined = await decide.mutateAsync({
        orderId: order.id,
        decision: 'decline',
        reason,
      });
      toast({
        title: 'Order declined',
        description: declined.refunded
          ? `${formatPoints(declined.pointsSpent)} points refunded to ${declined.username}.`
          : `${declined.username}'s order was declined.`,
      });
      form.reset();
      onOpenChange(false);
    } catch (e) {
      toastRequestError(e, 'Decline failed');
    }
  });

  return (
    <Dialog open={order !== null} onOpenChange={(open) => !decide.isPending && onOpenChange(open)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Decline order</DialogTitle>
          <DialogDescription>
            {order ? `${order.rewardName} for ${order.username}: ${formatPoints(order.pointsSpent)} points go back to the user.` : ''}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-reason`}>Decline reason</Label>
            <textarea
              id={`${id}-reason`}
              rows={3}
              className="rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-invalid:border-destructive dark:bg-input/30"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              {...form.register('reason')}
            />
            {error && (
              <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={decide.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" className={destructiveButtonClass} disabled={decide.isPending}>
              {decide.isPending ? 'Declining…' : 'Decline order'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { useState } from 'react';
import type { Order, OrderStatus } from '@app/shared/api/store';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useOrders } from './api/get-orders';
import { emptyHistoryText, HISTORY_FILTERS, isRefunded, ordersFor, type HistoryFilter } from './store-math';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});

const STATUS_BADGE: Record<OrderStatus, { label: string; variant: 'success' | 'secondary' | 'destructive' }> = {
  paid: { label: 'Paid', variant: 'success' },
  pending: { label: 'Pending', variant: 'secondary' },
  declined: { label: 'Declined', variant: 'destructive' },
};

/** spec 2 §2 Purchase History dialog: filters with counts, each order with its balances and decision. */
export function PurchaseHistoryDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const orders = useOrders();
  const [filter, setFilter] = useState<HistoryFilter>('all');
  const all = orders.data ?? [];
  const shown = ordersFor(all, filter);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Purchase History</DialogTitle>
          <DialogDescription>The rewards you redeemed and what became of them.</DialogDescription>
        </DialogHeader>
        <div role="group" aria-label="Filter orders" className="flex flex-wrap gap-2">
          {HISTORY_FILTERS.map((f) => (
            <Button
              key={f.value}
              size="sm"
              variant={filter === f.value ? 'default' : 'outline'}
              aria-pressed={filter === f.value}
              onClick={() => setFilter(f.value)}
            >
              {f.label} ({ordersFor(all, f.value).length})
            </Button>
          ))}
        </div>
        <QueryState query={orders} loading="Loading your orders…" failure="Your orders">
          {() =>
            shown.length === 0 ? (
              <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">{emptyHistoryText(filter)}</p>
            ) : (
              <ul aria-label="Orders" className="flex flex-col gap-3">
                {shown.map((order) => (
                  <li key={order.id}>
                    <OrderRow order={order} />
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
      </DialogContent>
    </Dialog>
  );
}

function OrderRow({ order }: { order: Order }) {
  const badge = STATUS_BADGE[order.status];
  const n = (value: number) => value.toLocaleString('en-US');
  return (
    <article aria-label={order.rewardName} className="rounded-lg border bg-card p-3 text-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold">{order.rewardName}</h3>
          <p className="text-xs text-muted-foreground">
            <time dateTime={order.timestamp}>{dateFormat.format(new Date(order.timestamp))}</time>
          </p>
        </div>
        <Badge variant={badge.variant}>{badge.label}</Badge>
      </div>
      <dl className="mt-2 grid grid-cols-3 gap-2">
        <div>
          <dt className="text-xs text-muted-foreground">Points Spent</dt>
          <dd className="font-semibold tabular-nums">{n(order.pointsSpent)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Before</dt>
          <dd className="tabular-nums">{n(order.balanceBefore)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">After</dt>
          <dd className="tabular-nums">
            {n(order.balanceAfter)}
            {isRefunded(order) && <span className="ml-1 text-xs text-muted-foreground">(Refunded)</span>}
          </dd>
        </div>
      </dl>
      {order.status === 'declined' && order.denialReason && (
        <p className="mt-2 text-sm">
          <span className="font-medium">Decline Reason:</span> {order.denialReason}
        </p>
      )}
    </article>
  );
}

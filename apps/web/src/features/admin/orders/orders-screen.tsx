import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ORDER_STATUSES, type AdminOrder, type OrderStatus } from '@app/shared/api/store';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/sonner';
import { DataTable, type AdminColumn } from '../components/data-table';
import { formatDateTime, formatPoints } from '../components/format';
import { AdminQueryState, ScreenHeader } from '../components/query-state';
import { toastRequestError } from '../components/request-error';
import { DeclineOrderDialog } from './decline-order-dialog';
import { useDecideOrder } from './api/decide-order';
import { useAdminOrders } from './api/get-admin-orders';

const STATUS_VARIANT = {
  pending: 'secondary',
  paid: 'success',
  declined: 'destructive',
} as const;
const STATUS_LABEL: Record<OrderStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  declined: 'Declined',
};

/** Pending orders first (they wait for a decision), then the newest. */
function pendingFirst(orders: AdminOrder[]): AdminOrder[] {
  return [...orders].sort((a, b) => Number(b.status === 'pending') - Number(a.status === 'pending') || Date.parse(b.timestamp) - Date.parse(a.timestamp));
}

function OrderActions({ order, onDecline }: { order: AdminOrder; onDecline: (order: AdminOrder) => void }) {
  const decide = useDecideOrder();
  if (order.status !== 'pending') return <span className="text-muted-foreground">-</span>;
  const approve = async () => {
    try {
      await decide.mutateAsync({ orderId: order.id, decision: 'approve' });
      toast({
        title: 'Order approved',
        description: `${order.rewardName} for ${order.username} is paid.`,
      });
    } catch (e) {
      toastRequestError(e, 'Approve failed');
    }
  };
  return (
    <div className="flex gap-2">
      <Button size="sm" onClick={() => void approve()} disabled={decide.isPending} aria-label={`Approve order ${order.rewardName} for ${order.username}`}>
        Approve
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={() => onDecline(order)}
        disabled={decide.isPending}
        aria-label={`Decline order ${order.rewardName} for ${order.username}`}
      >
        Decline
      </Button>
    </div>
  );
}

/** Orders: pending first; approve; decline with a reason; the refund shown. */
export function OrdersScreen() {
  const [status, setStatus] = useState<OrderStatus | 'all'>('all');
  const [declining, setDeclining] = useState<AdminOrder | null>(null);
  const orders = useAdminOrders(status === 'all' ? undefined : status);
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedId = searchParams.get('id');
  const linked = linkedId ? orders.data?.find((o) => o.id === linkedId) : undefined;

  const columns = useMemo<AdminColumn<AdminOrder>[]>(
    () => [
      { accessorKey: 'username', header: 'User' },
      { accessorKey: 'rewardName', header: 'Reward' },
      {
        accessorKey: 'pointsSpent',
        header: 'Points',
        cell: (c) => formatPoints(c.row.original.pointsSpent),
      },
      {
        accessorKey: 'timestamp',
        header: 'Placed',
        sortFn: 'datetime',
        cell: (c) => formatDateTime(c.row.original.timestamp),
      },
      {
        accessorKey: 'status',
        header: 'Status',
        cell: (c) => <Badge variant={STATUS_VARIANT[c.row.original.status]}>{STATUS_LABEL[c.row.original.status]}</Badge>,
      },
      {
        id: 'refund',
        header: 'Refund',
        enableSorting: false,
        cell: (c) => {
          const o = c.row.original;
          if (o.status !== 'declined') return <span className="text-muted-foreground">-</span>;
          return (
            <span title={o.denialReason}>
              {o.refunded ? `${formatPoints(o.pointsSpent)} pts refunded` : 'Not refunded'}
              {o.denialReason ? ` · ${o.denialReason}` : ''}
            </span>
          );
        },
      },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: (c) => <OrderActions order={c.row.original} onDecline={setDeclining} />,
      },
    ],
    [],
  );

  return (
    <div className="grid gap-4">
      <ScreenHeader title="Orders" description="Points Store orders of every user. Pending orders come first.">
        <div className="grid gap-1.5">
          <Label htmlFor="orders-status">Status</Label>
          <Select value={status} onValueChange={(v) => setStatus(v as OrderStatus | 'all')}>
            <SelectTrigger id="orders-status" className="w-40">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">All</SelectItem>
              {ORDER_STATUSES.map((s) => (
                <SelectItem key={s} value={s}>
                  {STATUS_LABEL[s]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </ScreenHeader>
      {linked && (
        <section aria-label="Linked order" className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-primary/40 p-3 text-sm">
          <span>
            <strong>{linked.rewardName}</strong> for {linked.username} · {formatPoints(linked.pointsSpent)} pts · {formatDateTime(linked.timestamp)} ·{' '}
            <Badge variant={STATUS_VARIANT[linked.status]}>{STATUS_LABEL[linked.status]}</Badge>
          </span>
          <span className="flex gap-2">
            <OrderActions order={linked} onDecline={setDeclining} />
            <Button
              size="sm"
              variant="ghost"
              onClick={() =>
                setSearchParams((params) => {
                  params.delete('id');
                  return params;
                })
              }
            >
              Dismiss
            </Button>
          </span>
        </section>
      )}
      <AdminQueryState query={orders} label="orders">
        {(data) => (
          <DataTable
            caption="Orders"
            columns={columns}
            data={pendingFirst(data)}
            getRowId={(o) => o.id}
            filterLabel="Filter orders"
            emptyText={status === 'all' ? 'No orders yet.' : `No ${status} orders found.`}
          />
        )}
      </AdminQueryState>
      <DeclineOrderDialog order={declining} onOpenChange={(open) => !open && setDeclining(null)} />
    </div>
  );
}

import { Plus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Reward } from '@app/shared/api/store';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/sonner';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DataTable, type AdminColumn } from '../components/data-table';
import { formatPoints } from '../components/format';
import { AdminQueryState, ScreenHeader } from '../components/query-state';
import { toastRequestError } from '../components/request-error';
import { CATEGORY_LABELS, RewardFormDialog } from './reward-form-dialog';
import { useDeleteReward } from './api/delete-reward';
import { useAdminRewards } from './api/get-admin-rewards';

function stockText(stock: number | null): string {
  if (stock === null) return 'Unlimited';
  return stock === 0 ? 'Sold out' : formatPoints(stock);
}

/** Store: the rewards with their stock; create, edit, delete. */
export function StoreScreen() {
  const rewards = useAdminRewards();
  const remove = useDeleteReward();
  const [editing, setEditing] = useState<{ reward: Reward | null } | null>(null);
  const [deleting, setDeleting] = useState<Reward | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedId = searchParams.get('id');

  // A Quick Search result links here with ?id=: open that reward once the list has it.
  useEffect(() => {
    const linked = linkedId ? rewards.data?.find((r) => r.id === linkedId) : undefined;
    if (!linked) return;
    setEditing({ reward: linked });
    setSearchParams((params) => {
      params.delete('id');
      return params;
    });
  }, [linkedId, rewards.data, setSearchParams]);

  const columns = useMemo<AdminColumn<Reward>[]>(
    () => [
      { accessorKey: 'name', header: 'Name' },
      {
        accessorKey: 'category',
        header: 'Category',
        cell: (c) => CATEGORY_LABELS[c.row.original.category],
      },
      {
        accessorKey: 'price',
        header: 'Price',
        cell: (c) => `${formatPoints(c.row.original.price)} pts`,
      },
      {
        accessorFn: (r) => r.stock ?? Number.POSITIVE_INFINITY,
        id: 'stock',
        header: 'Stock',
        cell: (c) => stockText(c.row.original.stock),
      },
      {
        accessorFn: (r) => (r.active ? 1 : 0),
        id: 'active',
        header: 'Status',
        cell: (c) => (
          <span className="flex gap-1">
            <Badge variant={c.row.original.active ? 'success' : 'outline'}>{c.row.original.active ? 'Active' : 'Inactive'}</Badge>
            {c.row.original.featured && <Badge variant="secondary">Featured</Badge>}
          </span>
        ),
      },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: (c) => (
          <div className="flex gap-2">
            <Button size="sm" variant="outline" onClick={() => setEditing({ reward: c.row.original })} aria-label={`Edit ${c.row.original.name}`}>
              Edit
            </Button>
            <Button size="sm" variant="outline" onClick={() => setDeleting(c.row.original)} aria-label={`Delete ${c.row.original.name}`}>
              Delete
            </Button>
          </div>
        ),
      },
    ],
    [],
  );

  const confirmDelete = async () => {
    const reward = deleting;
    setDeleting(null);
    if (!reward) return;
    try {
      const result = await remove.mutateAsync(reward.id);
      toast({
        title: result.deleted ? 'Reward deleted' : 'Reward deactivated',
        description: result.deleted ? reward.name : `${reward.name} has orders, so it was hidden from the store instead.`,
      });
    } catch (e) {
      toastRequestError(e, 'Delete failed');
    }
  };

  return (
    <div className="grid gap-4">
      <ScreenHeader title="Store" description="The rewards of the Points Store, with their stock.">
        <Button onClick={() => setEditing({ reward: null })}>
          <Plus aria-hidden="true" /> New Reward
        </Button>
      </ScreenHeader>
      <AdminQueryState query={rewards} label="rewards">
        {(data) => (
          <DataTable caption="Store rewards" columns={columns} data={data} getRowId={(r) => r.id} filterLabel="Filter rewards" emptyText="No rewards yet." />
        )}
      </AdminQueryState>
      <RewardFormDialog open={editing !== null} reward={editing?.reward ?? null} onOpenChange={(open) => !open && setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete reward?"
        description={deleting ? `${deleting.name} is deleted, or hidden from the store if it was ever ordered.` : ''}
        confirmLabel="Delete"
        onConfirm={() => void confirmDelete()}
        onOpenChange={(open) => !open && setDeleting(null)}
      />
    </div>
  );
}

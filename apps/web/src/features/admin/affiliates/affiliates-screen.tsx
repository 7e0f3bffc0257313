import { Eye, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Affiliate } from '@app/shared/api/admin-affiliates';
import { PARTNER_NAMES, type PartnerName } from '@app/shared/domain/leaderboards';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/sonner';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DataTable, type AdminColumn } from '../components/data-table';
import { formatUsd } from '../components/format';
import { AdminQueryState, ScreenHeader } from '../components/query-state';
import { toastRequestError } from '../components/request-error';
import { AffiliateEditDialog, AffiliateViewDialog } from './affiliate-dialogs';
import { useDeleteAffiliate } from './api/delete-affiliate';
import { useAffiliates } from './api/get-affiliates';

const STATUS_VARIANT = {
  Active: 'success',
  Pending: 'secondary',
  Suspended: 'destructive',
} as const;

function SummaryCard({ title, value }: { title: string; value: string }) {
  return (
    <Card className="gap-2 py-4">
      <CardHeader className="px-4">
        <CardTitle asChild>
          <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="px-4 text-2xl font-bold">{value}</CardContent>
    </Card>
  );
}

/** spec 2 §2 Affiliates: partner filter, three summary cards, the table, view, edit, delete with a confirm. */
export function AffiliatesScreen() {
  const [partner, setPartner] = useState<PartnerName | 'All'>('All');
  const affiliates = useAffiliates(partner);
  const remove = useDeleteAffiliate();
  const [viewing, setViewing] = useState<Affiliate | null>(null);
  const [editing, setEditing] = useState<{
    affiliate: Affiliate | null;
  } | null>(null);
  const [deleting, setDeleting] = useState<Affiliate | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedId = searchParams.get('id');

  // A Quick Search result links here with ?id=: show that affiliate once the list has it.
  useEffect(() => {
    const linked = linkedId ? affiliates.data?.affiliates.find((a) => a.id === linkedId) : undefined;
    if (!linked) return;
    setViewing(linked);
    setSearchParams((params) => {
      params.delete('id');
      return params;
    });
  }, [linkedId, affiliates.data, setSearchParams]);

  const columns = useMemo<AdminColumn<Affiliate>[]>(
    () => [
      { accessorKey: 'name', header: 'Affiliate Name' },
      { accessorKey: 'partner', header: 'Partner' },
      {
        accessorKey: 'totalEarnings',
        header: 'Total Earnings',
        cell: (c) => formatUsd(c.row.original.totalEarnings),
      },
      {
        accessorKey: 'status',
        header: 'Status',
        cell: (c) => <Badge variant={STATUS_VARIANT[c.row.original.status]}>{c.row.original.status}</Badge>,
      },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: (c) => {
          const a = c.row.original;
          return (
            <div className="flex gap-1">
              <Button size="icon" variant="ghost" onClick={() => setViewing(a)} aria-label={`View ${a.name}`}>
                <Eye aria-hidden="true" />
              </Button>
              <Button size="icon" variant="ghost" onClick={() => setEditing({ affiliate: a })} aria-label={`Edit ${a.name}`}>
                <Pencil aria-hidden="true" />
              </Button>
              <Button size="icon" variant="ghost" onClick={() => setDeleting(a)} aria-label={`Delete ${a.name}`}>
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          );
        },
      },
    ],
    [],
  );

  const confirmDelete = async () => {
    const affiliate = deleting;
    setDeleting(null);
    if (!affiliate) return;
    try {
      await remove.mutateAsync(affiliate.id);
      toast({ title: 'Affiliate deleted', description: affiliate.name });
    } catch (e) {
      toastRequestError(e, 'Delete failed');
    }
  };

  // Keep the edited affiliate fresh after a save or a payout (the dialog shows its figures).
  const editingAffiliate = editing?.affiliate ? (affiliates.data?.affiliates.find((a) => a.id === editing.affiliate!.id) ?? editing.affiliate) : null;

  return (
    <div className="grid gap-4">
      <ScreenHeader title="Affiliates" description="Partner affiliates, their earnings and payouts.">
        <div className="grid gap-1.5">
          <Label htmlFor="affiliates-partner">Partner</Label>
          <Select value={partner} onValueChange={(v) => setPartner(v as PartnerName | 'All')}>
            <SelectTrigger id="affiliates-partner" className="w-36">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="All">All</SelectItem>
              {PARTNER_NAMES.map((p) => (
                <SelectItem key={p} value={p}>
                  {p}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <Button className="self-end" onClick={() => setEditing({ affiliate: null })}>
          <Plus aria-hidden="true" /> Add Affiliate
        </Button>
      </ScreenHeader>
      <AdminQueryState query={affiliates} label="affiliates">
        {(data) => (
          <div className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-3">
              <SummaryCard title="Total Affiliates" value={String(data.summary.totalAffiliates)} />
              <SummaryCard title="Total Earnings" value={formatUsd(data.summary.totalEarnings)} />
              <SummaryCard title="Avg Conversion Rate" value={`${data.summary.avgConversionRate.toFixed(1)}%`} />
            </div>
            <DataTable
              caption="Affiliates"
              columns={columns}
              data={data.affiliates}
              getRowId={(a) => a.id}
              filterLabel="Filter affiliates"
              emptyText="No affiliates found."
            />
          </div>
        )}
      </AdminQueryState>
      <AffiliateViewDialog affiliate={viewing} onOpenChange={(open) => !open && setViewing(null)} />
      <AffiliateEditDialog open={editing !== null} affiliate={editingAffiliate} onOpenChange={(open) => !open && setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete affiliate?"
        description={deleting ? `${deleting.name} and its payout history are deleted.` : ''}
        confirmLabel="Delete"
        onConfirm={() => void confirmDelete()}
        onOpenChange={(open) => !open && setDeleting(null)}
      />
    </div>
  );
}

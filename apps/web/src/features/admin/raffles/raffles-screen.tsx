import { Plus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Raffle } from '@app/shared/api/raffles';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/sonner';
import { DataTable, type AdminColumn } from '../components/data-table';
import { formatDateTime, formatPoints } from '../components/format';
import { AdminQueryState, ScreenHeader } from '../components/query-state';
import { toastRequestError } from '../components/request-error';
import { RaffleDrawDialog, RaffleEntriesDialog } from './raffle-entries-dialog';
import { RaffleFormDialog } from './raffle-form-dialog';
import { useDrawRaffle } from './api/draw-raffle';
import { useAdminRaffles } from './api/get-admin-raffles';

const STATUS_VARIANT = {
  Active: 'success',
  Upcoming: 'secondary',
  Pending: 'outline',
  Completed: 'default',
} as const;

/** Navigation state that opens the create dialog (the quick-action button's Create Raffle). */
export type CreateRaffleState = { createRaffle?: boolean };

/** Raffles: create, edit, entries, draw now, the published draw data. */
export function RafflesScreen() {
  const raffles = useAdminRaffles();
  const draw = useDrawRaffle();
  const location = useLocation();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<{ raffle: Raffle | null } | null>(null);
  const [entriesOf, setEntriesOf] = useState<Raffle | null>(null);
  const [drawOf, setDrawOf] = useState<Raffle | null>(null);

  const [searchParams, setSearchParams] = useSearchParams();
  const linkedId = searchParams.get('id');

  // A Quick Search result links here with ?id=: show its entries once the list has it.
  useEffect(() => {
    const linked = linkedId ? raffles.data?.find((r) => r.id === linkedId) : undefined;
    if (!linked) return;
    setEntriesOf(linked);
    setSearchParams((params) => {
      params.delete('id');
      return params;
    });
  }, [linkedId, raffles.data, setSearchParams]);

  useEffect(() => {
    if ((location.state as CreateRaffleState | null)?.createRaffle) {
      setEditing({ raffle: null });
      void navigate(location.pathname, { replace: true, state: null });
    }
  }, [location.state, location.pathname, navigate]);

  const drawNow = async (raffle: Raffle) => {
    try {
      const drawn = await draw.mutateAsync(raffle.id);
      toast({
        title: 'Winners drawn',
        description: `#${drawn.raffleNumber} ${drawn.title}: ${drawn.winnerList.length} winner(s).`,
      });
      setDrawOf(drawn);
    } catch (e) {
      toastRequestError(e, 'Draw failed');
    }
  };

  const columns = useMemo<AdminColumn<Raffle>[]>(
    () => [
      { accessorKey: 'raffleNumber', header: '#' },
      { accessorKey: 'title', header: 'Title' },
      {
        accessorKey: 'status',
        header: 'Status',
        cell: (c) => <Badge variant={STATUS_VARIANT[c.row.original.status]}>{c.row.original.status}</Badge>,
      },
      { accessorKey: 'prize', header: 'Prize' },
      {
        accessorKey: 'pointsCost',
        header: 'Cost',
        cell: (c) => (c.row.original.pointsCost === 0 ? 'Free' : `${formatPoints(c.row.original.pointsCost)} pts`),
      },
      { accessorKey: 'entries', header: 'Entries' },
      {
        accessorKey: 'endDate',
        header: 'Ends',
        sortFn: 'datetime',
        cell: (c) => formatDateTime(c.row.original.endDate),
      },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: (c) => {
          const r = c.row.original;
          const name = `#${r.raffleNumber} ${r.title}`;
          return (
            <div className="flex gap-2">
              {r.status !== 'Completed' && (
                <Button size="sm" variant="outline" onClick={() => setEditing({ raffle: r })} aria-label={`Edit ${name}`}>
                  Edit
                </Button>
              )}
              <Button size="sm" variant="outline" onClick={() => setEntriesOf(r)} aria-label={`Entries of ${name}`}>
                Entries
              </Button>
              {r.status === 'Pending' && (
                <Button size="sm" onClick={() => void drawNow(r)} disabled={draw.isPending} aria-label={`Draw now ${name}`}>
                  Draw now
                </Button>
              )}
              <Button size="sm" variant="outline" onClick={() => setDrawOf(r)} aria-label={`Draw data of ${name}`}>
                Draw data
              </Button>
            </div>
          );
        },
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- drawNow reads the latest mutation through draw
    [draw.isPending],
  );

  return (
    <div className="grid gap-4">
      <ScreenHeader title="Raffles" description="Every raffle, whatever its status. An ended raffle is drawn on schedule, or now.">
        <Button onClick={() => setEditing({ raffle: null })}>
          <Plus aria-hidden="true" /> Create Raffle
        </Button>
      </ScreenHeader>
      <AdminQueryState query={raffles} label="raffles">
        {(data) => (
          <DataTable
            caption="Raffles"
            columns={columns}
            data={data}
            getRowId={(r) => r.id}
            initialSorting={[{ id: 'raffleNumber', desc: true }]}
            filterLabel="Filter raffles"
            emptyText="No raffles yet."
          />
        )}
      </AdminQueryState>
      <RaffleFormDialog open={editing !== null} raffle={editing?.raffle ?? null} onOpenChange={(open) => !open && setEditing(null)} />
      <RaffleEntriesDialog raffle={entriesOf} onOpenChange={(open) => !open && setEntriesOf(null)} />
      <RaffleDrawDialog raffle={drawOf} onOpenChange={(open) => !open && setDrawOf(null)} />
    </div>
  );
}

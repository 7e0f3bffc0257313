import { useMemo } from 'react';
import type { Raffle } from '@app/shared/api/raffles';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DataTable, type AdminColumn } from '../components/data-table';
import { formatDateTime, formatPoints } from '../components/format';
import { AdminQueryState } from '../components/query-state';
import { useRaffleEntries, type AdminRaffleEntry } from './api/get-raffle-entries';

/** The entries of one raffle, in entry order. */
export function RaffleEntriesDialog({ raffle, onOpenChange }: { raffle: Raffle | null; onOpenChange: (open: boolean) => void }) {
  const entries = useRaffleEntries(raffle?.id ?? null);
  const columns = useMemo<AdminColumn<AdminRaffleEntry>[]>(
    () => [
      { accessorKey: 'username', header: 'User' },
      { accessorKey: 'uid', header: 'UID' },
      {
        accessorKey: 'pointsSpent',
        header: 'Points',
        cell: (c) => formatPoints(c.row.original.pointsSpent),
      },
      {
        accessorKey: 'createdAt',
        header: 'Entered',
        sortFn: 'datetime',
        cell: (c) => formatDateTime(c.row.original.createdAt),
      },
    ],
    [],
  );
  return (
    <Dialog open={raffle !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Entries</DialogTitle>
          <DialogDescription>{raffle ? `#${raffle.raffleNumber} ${raffle.title}` : ''}</DialogDescription>
        </DialogHeader>
        {raffle && (
          <AdminQueryState query={entries} label="entries">
            {(data) => <DataTable caption="Raffle entries" columns={columns} data={data} getRowId={(e) => e.id} emptyText="Nobody has entered yet." />}
          </AdminQueryState>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The published draw: the committed seed hash, then the seed, the entrants' digest and the winners. */
export function RaffleDrawDialog({ raffle, onOpenChange }: { raffle: Raffle | null; onOpenChange: (open: boolean) => void }) {
  const draw = raffle?.draw;
  const rows: [string, string][] = draw
    ? [
        ['Seed hash (committed)', draw.seedHash],
        ['Seed', draw.seed ?? 'Published at the draw'],
        ['Entrants', draw.entrantUids ? String(draw.entrantUids.length) : '-'],
        ['Entries digest', draw.entriesDigest ?? '-'],
        ['Drawn at', formatDateTime(draw.drawnAt)],
      ]
    : [];
  return (
    <Dialog open={raffle !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Draw data</DialogTitle>
          <DialogDescription>{raffle ? `#${raffle.raffleNumber} ${raffle.title}` : ''}</DialogDescription>
        </DialogHeader>
        <dl className="grid gap-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="grid gap-0.5">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-mono break-all">{value}</dd>
            </div>
          ))}
        </dl>
        {raffle && raffle.winnerList.length > 0 && (
          <div className="grid gap-1">
            <h3 className="font-semibold">Winners</h3>
            <ol className="list-decimal pl-5 text-sm">
              {raffle.winnerList.map((w) => (
                <li key={w.uid}>
                  {w.username} <span className="font-mono text-muted-foreground">{w.uid}</span>
                </li>
              ))}
            </ol>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

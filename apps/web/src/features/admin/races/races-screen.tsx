import { Eye, Pencil, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { Leaderboard } from '@app/shared/api/admin-leaderboards';
import { displayStatus, formatEndsIn, partnerName, tabForStatus, UNNAMED_RACE, type LeaderboardTab } from '@app/shared/domain/leaderboards';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/sonner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DataTable, type AdminColumn } from '../components/data-table';
import { formatUsd } from '../components/format';
import { AdminQueryState, ScreenHeader } from '../components/query-state';
import { toastRequestError } from '../components/request-error';
import { useNow } from '@/lib/use-now';
import { RaceDetailDialog } from './race-detail-dialog';
import { RaceFormDialog } from './race-form-dialog';
import { useDeleteLeaderboard } from './api/delete-leaderboard';
import { useLeaderboards } from './api/get-leaderboards';

const TABS: { value: LeaderboardTab; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'previous', label: 'Previous' },
];

/** spec 1 §2, §4: Leaderboard Races with tabs Active, Upcoming, Previous; newest first within a tab. */
export function RacesScreen() {
  const races = useLeaderboards();
  const remove = useDeleteLeaderboard();
  const now = useNow({ intervalMs: 60_000 });
  const [tab, setTab] = useState<LeaderboardTab>('active');
  const [viewing, setViewing] = useState<Leaderboard | null>(null);
  const [editing, setEditing] = useState<{ race: Leaderboard | null } | null>(null);
  const [deleting, setDeleting] = useState<Leaderboard | null>(null);

  const columns = useMemo<AdminColumn<Leaderboard>[]>(
    () => [
      {
        accessorFn: (r) => r.name || UNNAMED_RACE,
        id: 'title',
        header: 'Title',
      },
      {
        accessorFn: (r) => partnerName(r.partnerId) ?? r.partnerId,
        id: 'partner',
        header: 'Partner',
      },
      {
        accessorFn: (r) => (r.endDate ? Date.parse(r.endDate) : Number.POSITIVE_INFINITY),
        id: 'endsIn',
        header: 'Ends in',
        cell: (c) => formatEndsIn(c.row.original.endDate, now),
      },
      { accessorKey: 'participants', header: 'Participants' },
      {
        accessorKey: 'prizePool',
        header: 'Prize Pool',
        cell: (c) => formatUsd(c.row.original.prizePool),
      },
      {
        accessorFn: (r) => (r.isGlobalRaffle ? 'Yes' : 'No'),
        id: 'globalRaffle',
        header: 'Global Raffle',
      },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: (c) => {
          const r = c.row.original;
          const name = r.name || UNNAMED_RACE;
          return (
            <div className="flex gap-1">
              <Button size="icon" variant="ghost" onClick={() => setViewing(r)} aria-label={`View ${name}`}>
                <Eye aria-hidden="true" />
              </Button>
              <Button size="icon" variant="ghost" onClick={() => setEditing({ race: r })} aria-label={`Edit ${name}`}>
                <Pencil aria-hidden="true" />
              </Button>
              <Button size="icon" variant="ghost" onClick={() => setDeleting(r)} aria-label={`Delete ${name}`}>
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          );
        },
      },
    ],
    [now],
  );

  const confirmDelete = async () => {
    const race = deleting;
    setDeleting(null);
    if (!race) return;
    try {
      await remove.mutateAsync(race.id);
      toast({
        title: 'Leaderboard deleted',
        description: race.name || UNNAMED_RACE,
      });
    } catch (e) {
      toastRequestError(e, 'Delete failed');
    }
  };

  return (
    <div className="grid gap-4">
      <ScreenHeader title="Leaderboard Races" description="Partner wager races: create, schedule, activate and review them.">
        <Button onClick={() => setEditing({ race: null })}>
          <Plus aria-hidden="true" /> Create Leaderboard
        </Button>
      </ScreenHeader>
      <AdminQueryState query={races} label="leaderboards">
        {(data) => (
          <Tabs value={tab} onValueChange={(v) => setTab(v as LeaderboardTab)}>
            <TabsList>
              {TABS.map((t) => (
                <TabsTrigger key={t.value} value={t.value}>
                  {t.label}
                </TabsTrigger>
              ))}
            </TabsList>
            {TABS.map((t) => (
              <TabsContent key={t.value} value={t.value}>
                <DataTable
                  caption={`${t.label} leaderboards`}
                  columns={columns}
                  data={data.filter((r) => tabForStatus(displayStatus(r)) === t.value)}
                  getRowId={(r) => r.id}
                  emptyText={`No ${t.value} leaderboards found`}
                />
              </TabsContent>
            ))}
          </Tabs>
        )}
      </AdminQueryState>
      <RaceDetailDialog race={viewing} now={now} onOpenChange={(open) => !open && setViewing(null)} />
      <RaceFormDialog
        open={editing !== null}
        race={editing?.race ?? null}
        onOpenChange={(open) => !open && setEditing(null)}
        onSaved={(_, savedTab) => setTab(savedTab)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete leaderboard?"
        description={deleting ? `${deleting.name || UNNAMED_RACE} is deleted for good.` : ''}
        confirmLabel="Delete"
        onConfirm={() => void confirmDelete()}
        onOpenChange={(open) => !open && setDeleting(null)}
      />
    </div>
  );
}

import { useState } from 'react';
import type { Leaderboard } from '@app/shared/api/admin-leaderboards';
import type { AdminStanding } from '@app/shared/api/races';
import { daysRemaining, displayStatus, partnerName, prizePercent, UNNAMED_RACE } from '@app/shared/domain/leaderboards';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/sonner';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ConfirmDialog } from '../components/confirm-dialog';
import { formatDateTime, formatUsd } from '../components/format';
import { toastRequestError } from '../components/request-error';
import { useMarkPrizePaid } from './api/mark-prize-paid';
import { useRaceStandings } from './api/get-race-standings';

/**
 * spec 1 §2: the detail dialog with tabs Overview, Leaderboard and Prizes. The Leaderboard tab shows
 * the race's standings from verified wagers (final once completed); for a completed race the Prizes
 * tab lists the winners to pay, each marked paid once.
 */
export function RaceDetailDialog({ race, now, onOpenChange }: { race: Leaderboard | null; now: number; onOpenChange: (open: boolean) => void }) {
  const status = race ? displayStatus(race) : 'Draft';
  const days = race && status === 'Active' ? daysRemaining(race.endDate, now) : null;
  const standings = useRaceStandings(race?.id ?? null);
  const markPaid = useMarkPrizePaid();
  const [paying, setPaying] = useState<AdminStanding | null>(null);
  const final = standings.data?.kind === 'final';
  const winners = final ? standings.data!.standings.filter((s) => s.prize > 0) : [];
  const onMarkPaid = async () => {
    const winner = paying;
    setPaying(null);
    if (!race || !winner) return;
    try {
      await markPaid.mutateAsync({ id: race.id, position: winner.position });
      toast({ title: 'Prize Marked Paid', description: `#${winner.position} ${winner.username}: ${formatUsd(winner.prize)}` });
    } catch (e) {
      toastRequestError(e, 'Mark paid failed');
    }
  };
  const facts: [string, string][] = race
    ? [
        ['Partner', partnerName(race.partnerId) ?? race.partnerId],
        ['Metric', race.metric || 'Total Wager'],
        ['Status', status],
        ...(days !== null ? ([['Days remaining', String(days)]] as [string, string][]) : []),
        ['Starts', formatDateTime(race.startDate)],
        ['Ends', formatDateTime(race.endDate)],
        ['Prize Pool', formatUsd(race.prizePool)],
        ['Participants', String(race.participants)],
        ['Global Raffle', race.isGlobalRaffle ? `Yes: 1 ticket per $${race.wagerToTicketRatio} wagered` : 'No'],
      ]
    : [];
  return (
    <Dialog open={race !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{race?.name || UNNAMED_RACE}</DialogTitle>
          <DialogDescription>Leaderboard race details</DialogDescription>
        </DialogHeader>
        {race && (
          <Tabs defaultValue="overview">
            <TabsList>
              <TabsTrigger value="overview">Overview</TabsTrigger>
              <TabsTrigger value="leaderboard">Leaderboard</TabsTrigger>
              <TabsTrigger value="prizes">Prizes</TabsTrigger>
            </TabsList>
            <TabsContent value="overview" className="pt-2">
              <dl className="grid grid-cols-2 gap-3 text-sm">
                {facts.map(([label, value]) => (
                  <div key={label}>
                    <dt className="text-muted-foreground">{label}</dt>
                    <dd className="font-medium">{value}</dd>
                  </div>
                ))}
              </dl>
            </TabsContent>
            <TabsContent value="leaderboard" className="grid gap-2 pt-2">
              {standings.isPending ? (
                <p role="status" className="text-sm text-muted-foreground">
                  Loading standings…
                </p>
              ) : standings.isError ? (
                <p role="alert" className="text-sm text-destructive">
                  The standings could not be loaded.
                </p>
              ) : (
                <>
                  <p className="text-sm text-muted-foreground">
                    {final ? 'Final standings, kept when the race completed' : 'Live standings from verified wagers'}:{' '}
                    {standings.data.participants.toLocaleString('en-US')} participants.
                  </p>
                  <Table>
                    <TableCaption className="sr-only">{final ? 'Final standings' : 'Live standings'}</TableCaption>
                    <TableHeader>
                      <TableRow>
                        <TableHead>Rank</TableHead>
                        <TableHead>Player</TableHead>
                        <TableHead>Wagered</TableHead>
                        {race.isGlobalRaffle && <TableHead>Tickets</TableHead>}
                        <TableHead>Prize</TableHead>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {standings.data.standings.length === 0 ? (
                        <TableRow>
                          <TableCell colSpan={race.isGlobalRaffle ? 5 : 4} className="text-muted-foreground">
                            No verified wagers in this race yet.
                          </TableCell>
                        </TableRow>
                      ) : (
                        standings.data.standings.slice(0, 50).map((row) => (
                          <TableRow key={row.position}>
                            <TableCell>{row.position}</TableCell>
                            <TableCell>{row.username}</TableCell>
                            <TableCell>{formatUsd(row.wagered)}</TableCell>
                            {race.isGlobalRaffle && <TableCell>{row.tickets.toLocaleString('en-US')}</TableCell>}
                            <TableCell>{row.prize > 0 ? formatUsd(row.prize) : '-'}</TableCell>
                          </TableRow>
                        ))
                      )}
                    </TableBody>
                  </Table>
                </>
              )}
            </TabsContent>
            <TabsContent value="prizes" className="grid gap-4 pt-2">
              <Table>
                <TableCaption className="sr-only">Prizes</TableCaption>
                <TableHeader>
                  <TableRow>
                    <TableHead>Position</TableHead>
                    <TableHead>Amount</TableHead>
                    <TableHead>Share of pool</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {race.prizes.length === 0 ? (
                    <TableRow>
                      <TableCell colSpan={3} className="text-muted-foreground">
                        No prizes set.
                      </TableCell>
                    </TableRow>
                  ) : (
                    race.prizes.map((p, i) => (
                      <TableRow key={`${p.position}-${i}`}>
                        <TableCell>{p.position}</TableCell>
                        <TableCell>{formatUsd(p.amount)}</TableCell>
                        <TableCell>{prizePercent(p.amount, race.prizePool)}%</TableCell>
                      </TableRow>
                    ))
                  )}
                </TableBody>
              </Table>
              {final && (
                <section aria-labelledby="race-payouts-title" className="grid gap-2">
                  <h3 id="race-payouts-title" className="text-sm font-semibold">
                    Payouts
                  </h3>
                  <Table>
                    <TableCaption className="sr-only">Payouts</TableCaption>
                    <TableHeader>
                      <TableRow>
                        <TableHead>Position</TableHead>
                        <TableHead>Player</TableHead>
                        <TableHead>Prize</TableHead>
                        <TableHead>Status</TableHead>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {winners.length === 0 ? (
                        <TableRow>
                          <TableCell colSpan={4} className="text-muted-foreground">
                            No prize winners in the final standings.
                          </TableCell>
                        </TableRow>
                      ) : (
                        winners.map((w) => (
                          <TableRow key={w.position}>
                            <TableCell>{w.position}</TableCell>
                            <TableCell>{w.username}</TableCell>
                            <TableCell>{formatUsd(w.prize)}</TableCell>
                            <TableCell>
                              {w.paidAt ? (
                                <span className="text-sm font-medium">Paid {formatDateTime(w.paidAt)}</span>
                              ) : (
                                <Button
                                  size="sm"
                                  variant="outline"
                                  disabled={markPaid.isPending}
                                  onClick={() => setPaying(w)}
                                  aria-label={`Mark paid: #${w.position} ${w.username}`}
                                >
                                  Mark paid
                                </Button>
                              )}
                            </TableCell>
                          </TableRow>
                        ))
                      )}
                    </TableBody>
                  </Table>
                </section>
              )}
            </TabsContent>
          </Tabs>
        )}
        <ConfirmDialog
          open={paying !== null}
          onOpenChange={(open) => !open && setPaying(null)}
          title="Mark prize paid?"
          description={
            paying
              ? `Record that #${paying.position} ${paying.username} was paid ${formatUsd(paying.prize)} at ${race ? (partnerName(race.partnerId) ?? race.partnerId) : 'the casino'}. This is recorded once and cannot be undone.`
              : ''
          }
          confirmLabel="Mark paid"
          tone="default"
          onConfirm={() => void onMarkPaid()}
        />
      </DialogContent>
    </Dialog>
  );
}

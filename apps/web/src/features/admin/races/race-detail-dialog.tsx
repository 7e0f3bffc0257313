import type { Leaderboard } from '@app/shared/api/admin-leaderboards';
import {
  daysRemaining,
  displayStatus,
  partnerName,
  prizePercent,
  sampleStandings,
  ticketsForRatio,
  UNNAMED_RACE,
} from '@app/shared/domain/leaderboards';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatDateTime, formatUsd } from '../components/format';

/** spec 1 §2: the detail dialog with tabs Overview, Leaderboard and Prizes. */
export function RaceDetailDialog({
  race,
  now,
  onOpenChange,
}: {
  race: Leaderboard | null;
  now: number;
  onOpenChange: (open: boolean) => void;
}) {
  const status = race ? displayStatus(race) : 'Draft';
  const days = race && status === 'Active' ? daysRemaining(race.endDate, now) : null;
  const standings = sampleStandings();
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
              <p className="rounded-md border border-dashed p-2 text-sm text-muted-foreground">
                Sample standings: wagers from the partner casinos are not ingested yet, so these rows are the spec's sample, not real
                players.
              </p>
              <Table>
                <TableCaption className="sr-only">Sample standings</TableCaption>
                <TableHeader>
                  <TableRow>
                    <TableHead>Rank</TableHead>
                    <TableHead>Player</TableHead>
                    <TableHead>Wagered</TableHead>
                    {race.isGlobalRaffle && <TableHead>Tickets</TableHead>}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {standings.map((row) => (
                    <TableRow key={row.position}>
                      <TableCell>{row.position}</TableCell>
                      <TableCell>{row.username}</TableCell>
                      <TableCell>{formatUsd(row.wagered)}</TableCell>
                      {race.isGlobalRaffle && <TableCell>{ticketsForRatio(row.wagered, race.wagerToTicketRatio)}</TableCell>}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TabsContent>
            <TabsContent value="prizes" className="pt-2">
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
            </TabsContent>
          </Tabs>
        )}
      </DialogContent>
    </Dialog>
  );
}

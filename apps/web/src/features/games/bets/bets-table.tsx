import { useId, useMemo, useState } from 'react';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/utils';
import { BET_FEED_SCALE } from '@app/shared/games/currencies';
import { gameBySlug } from '@app/shared/games/catalogue';
import { useGameCurrency } from '../game-context';
import { useMyBets } from './bet-store';
import { highRollers, sampleFeed } from './sample-feed';

// spec 2 §2 / §9: row count 1..24, default 8, back to 8 on a tab change.
const ROW_COUNT_OPTIONS = Array.from({ length: 24 }, (_, i) => i + 1);
const DEFAULT_ROW_COUNT = 8;

type Row = { id: string; user: string; game: string; bet: number; multiplier: number; win: boolean };

const TABS = [
  { value: 'live', label: 'Live Bets' },
  { value: 'high', label: 'High Rollers' },
  { value: 'mine', label: 'My Bets' },
] as const;
type Tab = (typeof TABS)[number]['value'];

/** Bets table under the game: sample Live Bets / High Rollers and the player's own rounds. */
export function BetsTable() {
  const [tab, setTab] = useState<Tab>('live');
  const [rowCount, setRowCount] = useState(DEFAULT_ROW_COUNT);
  const currency = useGameCurrency();
  const myBets = useMyBets();
  const { user } = useSession();
  const countId = useId();

  const feed = useMemo(() => sampleFeed(), []);
  const rows: Record<Tab, Row[]> = useMemo(() => {
    const fromFeed = (list: typeof feed): Row[] =>
      list.map((r) => ({
        id: r.id,
        user: r.user,
        game: r.game,
        bet: r.amountBTC * BET_FEED_SCALE * currency.rate,
        multiplier: r.multiplier,
        win: r.result === 'Win',
      }));
    return {
      live: fromFeed(feed),
      high: fromFeed(highRollers(feed)),
      mine: myBets.map((b) => ({
        id: b.id,
        user: user?.username ?? 'You',
        game: gameBySlug(b.game)?.title ?? b.game,
        bet: currency.convert(b.amount, b.currency),
        multiplier: b.multiplier,
        win: b.win,
      })),
    };
  }, [feed, myBets, user, currency]);

  const onTab = (value: string) => {
    setTab(value as Tab);
    setRowCount(DEFAULT_ROW_COUNT);
  };

  return (
    <section aria-labelledby="bets-heading" className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <h2 id="bets-heading" className="sr-only">
        Bets
      </h2>
      <Tabs value={tab} onValueChange={onTab}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TabsList>
            {TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value}>
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
          <div className="flex items-center gap-2">
            <Label htmlFor={countId} className="text-muted-foreground">
              Rows
            </Label>
            <Select value={String(rowCount)} onValueChange={(v) => setRowCount(Number(v))}>
              <SelectTrigger id={countId} size="sm" className="w-20">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {ROW_COUNT_OPTIONS.map((n) => (
                  <SelectItem key={n} value={String(n)}>
                    {n}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </div>
        {TABS.map((t) => (
          <TabsContent key={t.value} value={t.value}>
            <BetRows
              label={t.label}
              rows={rows[t.value].slice(0, rowCount)}
              format={currency.format}
              empty={t.value === 'mine' ? 'No bets yet. Your rounds on this device show here.' : 'No bets to show.'}
            />
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}

function BetRows({ label, rows, format, empty }: { label: string; rows: Row[]; format(n: number): string; empty: string }) {
  if (rows.length === 0) return <p className="rounded-md border p-6 text-center text-sm text-muted-foreground">{empty}</p>;
  return (
    <div className="rounded-md border">
      <Table aria-label={label}>
        <TableHeader>
          <TableRow>
            <TableHead>Username</TableHead>
            <TableHead>Game</TableHead>
            <TableHead className="text-right">Bet</TableHead>
            <TableHead className="text-right">×Multiplier</TableHead>
            <TableHead className="text-right">Amount</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => {
            const amount = r.win ? r.bet * r.multiplier : -r.bet;
            return (
              <TableRow key={r.id}>
                <TableCell className="font-medium">{r.user}</TableCell>
                <TableCell>{r.game}</TableCell>
                <TableCell className="text-right tabular-nums">{format(r.bet)}</TableCell>
                <TableCell className="text-right tabular-nums">{r.multiplier.toFixed(2)}×</TableCell>
                <TableCell className={cn('text-right tabular-nums', r.win ? 'text-success' : 'text-muted-foreground')}>
                  {r.win ? format(amount) : `−${format(-amount)}`}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}

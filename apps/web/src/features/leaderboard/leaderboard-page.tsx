import { Crown, Medal, Ticket, Timer, TrendingUp, TriangleAlert, Trophy } from 'lucide-react';
import type { PublicLeaderboard, Standing } from '@app/shared/api/races';
import { HowItWorks, type HowItWorksStep } from '@/components/how-it-works';
import { QueryState } from '@/components/query-state';
import { NO_ACTIVE_RACE_TEXT, delayedStandingsText } from '@/lib/races/standings-texts';
import { useLeaderboard } from '@/lib/api/get-leaderboard';
import { useScrollFocusable } from '@/lib/use-scroll-focusable';
import { cn } from '@/lib/utils';
import { CountdownTo } from './countdown';
import { useOwnStandingId } from './own-standing';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const count = new Intl.NumberFormat('en-US');

/** The partner casino's sync is late: the standings are not shown as current. */
export function DelayedNotice({ dataAsOf }: { dataAsOf: string | null }) {
  return (
    <p role="status" className="mx-auto mt-6 flex max-w-2xl items-start gap-2 rounded-lg border border-warning/50 bg-warning/10 px-4 py-3 text-left text-sm">
      <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
      <span>{delayedStandingsText(dataAsOf)}</span>
    </p>
  );
}

/** Podium plus ranks 4 to 18 (spec 2 §2). */
const SHOWN_POSITIONS = 18;

type Race = NonNullable<PublicLeaderboard['race']>;
type LeaderboardEntry = Standing;

/**
 * /leaderboard (spec 2 §2): the featured active monthly race from the server, with podium,
 * ranks 4 to 18, the race's prizes and a countdown to its real end, read again every 30 seconds.
 */
export default function LeaderboardPage() {
  const query = useLeaderboard();
  const ownId = useOwnStandingId(query.data?.race?.id);
  if (!query.isSuccess) {
    const state = <QueryState query={query} loading="Loading the leaderboard…" failure="The leaderboard" />;
    return query.isPending ? state : <div className="mx-auto max-w-3xl px-4 py-14">{state}</div>;
  }
  const { race, standings, participants, delayed, dataAsOf } = query.data;
  if (!race) {
    return (
      <div>
        <section className="border-b bg-gradient-to-b from-primary/15 to-background">
          <div className="mx-auto max-w-7xl px-4 py-14 text-center">
            <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Monthly Leaderboard</h1>
            <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">{NO_ACTIVE_RACE_TEXT}</p>
          </div>
        </section>
        <LeaderboardHowItWorks race={null} />
      </div>
    );
  }
  const entries = standings.slice(0, SHOWN_POSITIONS);
  const paidPositions = race.prizes.filter((p) => p.amount > 0).length;

  return (
    <div>
      <section className="border-b bg-gradient-to-b from-primary/15 to-background">
        <div className="mx-auto max-w-7xl px-4 py-14 text-center">
          <p className="mb-3 inline-flex items-center gap-2 rounded-full border bg-background/60 px-3 py-1 text-sm text-muted-foreground">
            <Trophy className="size-4 text-primary" aria-hidden="true" /> {usdWhole.format(race.prizePool)} in prizes
          </p>
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Monthly Leaderboard</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">
            {race.name}: wager at our partner casinos to climb the race. The top {paidPositions} players share {usdWhole.format(race.prizePool)} when it ends.{' '}
            {count.format(participants)} {participants === 1 ? 'player is' : 'players are'} racing.
          </p>
          {delayed && <DelayedNotice dataAsOf={dataAsOf} />}
          <h2 className="mt-8 flex items-center justify-center gap-2 text-sm font-medium text-muted-foreground">
            <Timer className="size-4" aria-hidden="true" /> Race ends in
          </h2>
          <div className="mt-3">
            <CountdownTo endsAt={Date.parse(race.endDate)} />
          </div>
        </div>
      </section>

      {entries.length === 0 ? (
        <section aria-labelledby="podium-title" className="mx-auto max-w-5xl px-4 py-12 text-center">
          <h2 id="podium-title" className="text-2xl font-bold">
            Top 3
          </h2>
          <p className="mt-4 text-muted-foreground">No wagers in this race yet. Be the first on the board.</p>
        </section>
      ) : (
        <>
          <Podium entries={entries.slice(0, 3)} ownId={ownId} />
          {entries.length > 3 && <Standings entries={entries.slice(3)} ownId={ownId} />}
        </>
      )}
      <PrizeTable race={race} />
      <LeaderboardHowItWorks race={race} />
    </div>
  );
}

// Visual order on wide screens: 2nd, 1st, 3rd; the DOM (and reading) order stays 1st, 2nd, 3rd.
const PODIUM_STYLE = [
  { order: 'sm:order-2', height: 'sm:pt-10', icon: Crown, accent: 'text-yellow-700 dark:text-yellow-300 bg-yellow-400/20' },
  { order: 'sm:order-1', height: 'sm:mt-8', icon: Medal, accent: 'text-slate-700 dark:text-slate-300 bg-slate-400/20' },
  { order: 'sm:order-3', height: 'sm:mt-12', icon: Medal, accent: 'text-amber-800 dark:text-amber-500 bg-amber-700/15' },
] as const;

/** Marks the member's own place: the row is the current one for screen readers, with a "You" tag. */
function YouTag() {
  return <span className="ml-2 rounded-full bg-primary/15 px-2 py-0.5 align-middle text-xs font-semibold text-primary">You</span>;
}

function Podium({ entries, ownId }: { entries: readonly LeaderboardEntry[]; ownId: string | null }) {
  return (
    <section aria-labelledby="podium-title" className="mx-auto max-w-5xl px-4 py-12">
      <h2 id="podium-title" className="text-center text-2xl font-bold">
        Top 3
      </h2>
      <ol className="mt-8 grid items-start gap-4 sm:grid-cols-3">
        {entries.map((entry, i) => {
          const style = PODIUM_STYLE[i] ?? PODIUM_STYLE[2];
          return (
            <li
              key={entry.id}
              aria-current={entry.id === ownId ? 'true' : undefined}
              className={cn(
                'flex flex-col items-center rounded-xl border bg-card p-6 text-center shadow-sm',
                style.order,
                style.height,
                i === 0 && 'border-primary/60 shadow-md',
                entry.id === ownId && 'ring-2 ring-primary',
              )}
            >
              <span className={cn('flex size-12 items-center justify-center rounded-full [&_svg]:size-6', style.accent)} aria-hidden="true">
                <style.icon />
              </span>
              <p className="mt-3 text-sm font-semibold text-muted-foreground">#{entry.position}</p>
              <h3 className="text-xl font-bold break-all">
                {entry.username}
                {entry.id === ownId && <YouTag />}
              </h3>
              <dl className="mt-4 grid w-full grid-cols-2 gap-2 text-sm">
                <dt className="text-left text-muted-foreground">Wagered</dt>
                <dd className="text-right font-semibold tabular-nums">{usd.format(entry.wagered)}</dd>
                <dt className="text-left text-muted-foreground">Tickets</dt>
                <dd className="text-right tabular-nums">{count.format(entry.tickets)}</dd>
                {entry.gapToAbove !== null && (
                  <>
                    <dt className="text-left text-muted-foreground">Gap to #{entry.position - 1}</dt>
                    <dd className="text-right tabular-nums">{usd.format(entry.gapToAbove)}</dd>
                  </>
                )}
              </dl>
              <p className="mt-4 text-2xl font-extrabold text-success">{usdWhole.format(entry.prize)}</p>
              <p className="text-xs text-muted-foreground">Prize</p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function Standings({ entries, ownId }: { entries: readonly LeaderboardEntry[]; ownId: string | null }) {
  const scrollRef = useScrollFocusable<HTMLDivElement>();
  const last = entries[entries.length - 1]?.position ?? SHOWN_POSITIONS;
  return (
    <section aria-labelledby="standings-title" className="mx-auto max-w-7xl px-4 pb-12">
      <h2 id="standings-title" className="text-2xl font-bold">
        Ranks 4 to {last}
      </h2>
      <div ref={scrollRef} role="region" aria-label="Standings table" className="mt-4 overflow-x-auto rounded-xl border bg-card">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">Leaderboard positions 4 to {last}</caption>
          <thead className="border-b text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-3">
                Rank
              </th>
              <th scope="col" className="px-4 py-3">
                Player
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Wagered
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Gap to above
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Tickets
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Prize
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr
                key={entry.id}
                aria-current={entry.id === ownId ? 'true' : undefined}
                className={cn('border-b last:border-0', entry.id === ownId && 'bg-primary/10')}
              >
                <td className="px-4 py-3 font-semibold">#{entry.position}</td>
                <th scope="row" className="px-4 py-3 font-medium">
                  {entry.username}
                  {entry.id === ownId && <YouTag />}
                </th>
                <td className="px-4 py-3 text-right tabular-nums">{usd.format(entry.wagered)}</td>
                <td className="px-4 py-3 text-right text-muted-foreground tabular-nums">{entry.gapToAbove === null ? '–' : usd.format(entry.gapToAbove)}</td>
                <td className="px-4 py-3 text-right tabular-nums">{count.format(entry.tickets)}</td>
                <td className="px-4 py-3 text-right font-semibold text-success tabular-nums">{usdWhole.format(entry.prize)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function PrizeTable({ race }: { race: Race }) {
  if (race.prizes.length === 0) return null;
  return (
    <section aria-labelledby="prizes-title" className="mx-auto max-w-3xl px-4 pb-12">
      <h2 id="prizes-title" className="text-2xl font-bold">
        Prizes
      </h2>
      <div className="mt-4 overflow-hidden rounded-xl border bg-card">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Prize for each position</caption>
          <thead className="border-b text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-3">
                Position
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Prize
              </th>
            </tr>
          </thead>
          <tbody>
            {race.prizes.map((prize) => (
              <tr key={prize.position} className="border-b last:border-0">
                <th scope="row" className="px-4 py-3 font-medium">
                  {prize.position}
                </th>
                <td className="px-4 py-3 text-right font-semibold text-success tabular-nums">{usdWhole.format(prize.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function LeaderboardHowItWorks({ race }: { race: Race | null }) {
  const steps: HowItWorksStep[] = [
    {
      icon: TrendingUp,
      title: 'Wager at partner casinos',
      text: 'Every dollar you wager with our partners during the race counts toward your place, once your casino account is verified.',
    },
    {
      icon: Ticket,
      title: 'Collect tickets',
      // spec 2 §9, from the race's own ratio.
      text: race?.isGlobalRaffle
        ? `Every ${usdWhole.format(race.wagerToTicketRatio)} wagered gives one ticket.`
        : 'Races in the Global Monthly Raffle give raffle tickets for your wagering.',
    },
    {
      icon: Trophy,
      title: 'Win a prize',
      text: 'When the countdown ends, the race completes and the players in the prize positions are paid.',
    },
  ];
  return <HowItWorks steps={steps} className="pb-16" />;
}

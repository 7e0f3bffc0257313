import { Crown, Medal, Ticket, Timer, TrendingUp, Trophy } from 'lucide-react';
import {
  LEADERBOARD_COUNTDOWN_START_SECONDS,
  LEADERBOARD_PRIZE_POOL,
  LEADERBOARD_PRIZES,
  WAGER_PER_TICKET,
  buildLeaderboard,
  type LeaderboardEntry,
} from '@app/shared/domain/public-leaderboard';
import { HowItWorks, type HowItWorksStep } from '@/components/how-it-works';
import { useScrollFocusable } from '@/lib/use-scroll-focusable';
import { cn } from '@/lib/utils';
import { Countdown } from './countdown';
import { SAMPLE_LEADERBOARD_PLAYERS } from './leaderboard-data';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const count = new Intl.NumberFormat('en-US');

/** /leaderboard (spec 2 §2): the monthly wager race with podium, countdown, ranks 4 to 18 and How It Works. */
export default function LeaderboardPage() {
  const entries = buildLeaderboard(SAMPLE_LEADERBOARD_PLAYERS).slice(0, LEADERBOARD_PRIZES.length);
  const podium = entries.slice(0, 3);
  const rest = entries.slice(3);

  return (
    <div>
      <section className="border-b bg-gradient-to-b from-primary/15 to-background">
        <div className="mx-auto max-w-7xl px-4 py-14 text-center">
          <p className="mb-3 inline-flex items-center gap-2 rounded-full border bg-background/60 px-3 py-1 text-sm text-muted-foreground">
            <Trophy className="size-4 text-primary" aria-hidden="true" /> {usdWhole.format(LEADERBOARD_PRIZE_POOL)} in prizes
          </p>
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Monthly Leaderboard</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">
            Wager at our partner casinos to climb the race. The top {LEADERBOARD_PRIZES.length} players share{' '}
            {usdWhole.format(LEADERBOARD_PRIZE_POOL)} when the month ends.
          </p>
          <h2 className="mt-8 flex items-center justify-center gap-2 text-sm font-medium text-muted-foreground">
            <Timer className="size-4" aria-hidden="true" /> Race ends in
          </h2>
          <div className="mt-3">
            <Countdown startSeconds={LEADERBOARD_COUNTDOWN_START_SECONDS} />
          </div>
        </div>
      </section>

      <Podium entries={podium} />
      <Standings entries={rest} />
      <LeaderboardHowItWorks />
    </div>
  );
}

// Visual order on wide screens: 2nd, 1st, 3rd; the DOM (and reading) order stays 1st, 2nd, 3rd.
const PODIUM_STYLE = [
  { order: 'sm:order-2', height: 'sm:pt-10', icon: Crown, accent: 'text-yellow-700 dark:text-yellow-300 bg-yellow-400/20' },
  { order: 'sm:order-1', height: 'sm:mt-8', icon: Medal, accent: 'text-slate-700 dark:text-slate-300 bg-slate-400/20' },
  { order: 'sm:order-3', height: 'sm:mt-12', icon: Medal, accent: 'text-amber-800 dark:text-amber-500 bg-amber-700/15' },
] as const;

function Podium({ entries }: { entries: readonly LeaderboardEntry[] }) {
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
              className={cn(
                'flex flex-col items-center rounded-xl border bg-card p-6 text-center shadow-sm',
                style.order,
                style.height,
                i === 0 && 'border-primary/60 shadow-md',
              )}
            >
              <span className={cn('flex size-12 items-center justify-center rounded-full [&_svg]:size-6', style.accent)} aria-hidden="true">
                <style.icon />
              </span>
              <p className="mt-3 text-sm font-semibold text-muted-foreground">#{entry.position}</p>
              <h3 className="text-xl font-bold break-all">{entry.username}</h3>
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

function Standings({ entries }: { entries: readonly LeaderboardEntry[] }) {
  const scrollRef = useScrollFocusable<HTMLDivElement>();
  return (
    <section aria-labelledby="standings-title" className="mx-auto max-w-7xl px-4 pb-12">
      <h2 id="standings-title" className="text-2xl font-bold">
        Ranks 4 to {LEADERBOARD_PRIZES.length}
      </h2>
      <div ref={scrollRef} role="region" aria-label="Standings table" className="mt-4 overflow-x-auto rounded-xl border bg-card">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">Leaderboard positions 4 to {LEADERBOARD_PRIZES.length}</caption>
          <thead className="border-b text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-3">Rank</th>
              <th scope="col" className="px-4 py-3">Player</th>
              <th scope="col" className="px-4 py-3 text-right">Wagered</th>
              <th scope="col" className="px-4 py-3 text-right">Gap to above</th>
              <th scope="col" className="px-4 py-3 text-right">Tickets</th>
              <th scope="col" className="px-4 py-3 text-right">Prize</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} className="border-b last:border-0">
                <td className="px-4 py-3 font-semibold">#{entry.position}</td>
                <th scope="row" className="px-4 py-3 font-medium">{entry.username}</th>
                <td className="px-4 py-3 text-right tabular-nums">{usd.format(entry.wagered)}</td>
                <td className="px-4 py-3 text-right text-muted-foreground tabular-nums">
                  {entry.gapToAbove === null ? '–' : usd.format(entry.gapToAbove)}
                </td>
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

function LeaderboardHowItWorks() {
  const steps: HowItWorksStep[] = [
    {
      icon: TrendingUp,
      title: 'Wager at partner casinos',
      text: 'Every dollar you wager with our partners this month counts toward your place in the race.',
    },
    {
      icon: Ticket,
      title: 'Collect tickets',
      text: `Every ${usdWhole.format(WAGER_PER_TICKET)} wagered gives you one ticket.`,
    },
    {
      icon: Trophy,
      title: 'Win a prize',
      text: `When the countdown ends, the top ${LEADERBOARD_PRIZES.length} players are paid, from ${usdWhole.format(
        LEADERBOARD_PRIZES[0] ?? 0,
      )} for first place to ${usdWhole.format(LEADERBOARD_PRIZES[LEADERBOARD_PRIZES.length - 1] ?? 0)} for ${LEADERBOARD_PRIZES.length}th.`,
    },
  ];
  return <HowItWorks steps={steps} className="pb-16" />;
}

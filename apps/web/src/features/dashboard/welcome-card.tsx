import { Award, Coins, Info, Radio, Ticket, Trophy, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { WagerSummary } from '@app/shared/api/races';
import { XP_EXPLAINED, rankStandingForXp } from '@app/shared/domain/ranks';
import { Progress } from '@/components/ui/progress';
import { NEXT_MILESTONE, rewardsEarned } from './dashboard-data';

const number = new Intl.NumberFormat('en-US');
const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
});

type WelcomeCardProps = {
  username: string;
  points: number;
  summary: WagerSummary | undefined;
  /** Stream points since Monday (GET /api/stream/summary); 0 until it answers. */
  streamPointsThisWeek?: number;
};

/**
 * spec 1 §2: welcome card with rank, tickets and weekly/monthly wagered: XP is the
 * lifetime verified wager, tickets are the featured race's, wagers the verified accounts' this week
 * and month (GET /api/wagers/summary; zeros until it answers).
 */
export function WelcomeCard({ username, points, summary, streamPointsThisWeek = 0 }: WelcomeCardProps) {
  const xp = summary?.xp ?? 0;
  // The one rank truth (packages/shared/src/domain/ranks.ts): /rewards and the profile read the same.
  const { level, rankName: levelName, progress: levelProgress, next } = rankStandingForXp(xp);
  const tickets = summary?.race?.tickets ?? 0;
  const position = summary?.race?.position ?? null;
  const progressText = next ? `${Math.floor(levelProgress)}% of the way to ${next.name} (${number.format(next.xpRequired)} XP)` : 'Top rank reached';

  return (
    <section aria-labelledby="dashboard-welcome-title" className="overflow-hidden rounded-2xl border bg-card text-card-foreground shadow-sm">
      <div className="bg-gradient-to-r from-primary/15 via-primary/5 to-transparent p-5 sm:p-6">
        <h1 id="dashboard-welcome-title" className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
          Welcome back, {username}
        </h1>
        <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
          <span className="inline-flex items-center gap-1.5 rounded-full bg-primary/15 px-3 py-1 font-medium">
            <Trophy className="size-4 text-primary" aria-hidden="true" />
            Level {level} · {levelName}
          </span>
          <span className="inline-flex items-center gap-1.5 rounded-full bg-muted px-3 py-1 font-medium">
            <Coins className="size-4 text-primary" aria-hidden="true" />
            {number.format(points)} points
          </span>
        </div>
        <div className="mt-4">
          <div className="mb-1 flex flex-wrap justify-between gap-x-4 text-sm">
            <span id="dashboard-level-progress-label" className="font-medium">
              Level progress
            </span>
            <span className="text-muted-foreground">{progressText}</span>
          </div>
          <Progress value={levelProgress} aria-labelledby="dashboard-level-progress-label" />
          <p className="mt-1 text-xs text-muted-foreground">
            {number.format(xp)} XP. {XP_EXPLAINED}
          </p>
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-px border-t bg-border sm:grid-cols-3 lg:grid-cols-6">
        <Stat icon={<Award />} label="Next milestone">
          <span className="block">Level {NEXT_MILESTONE.level}</span>
          <span className="block text-xs font-normal text-muted-foreground">{NEXT_MILESTONE.reward}</span>
        </Stat>
        <Stat icon={<Trophy />} label="Rewards earned">
          {number.format(rewardsEarned(level))}
        </Stat>
        <Stat icon={<Ticket />} label="Tickets">
          {number.format(tickets)}
        </Stat>
        <Stat icon={<Wallet />} label="Weekly wagered">
          {usd.format(summary?.weeklyWagered ?? 0)}
        </Stat>
        <Stat icon={<Wallet />} label="Monthly wagered">
          {usd.format(summary?.monthlyWagered ?? 0)}
        </Stat>
        <Stat icon={<Radio />} label="From streams this week">
          {number.format(streamPointsThisWeek)} pts
        </Stat>
      </dl>

      {summary?.hasVerifiedAccount ? (
        <p className="flex items-start gap-2 border-t px-5 py-3 text-sm text-muted-foreground sm:px-6">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {summary.race
              ? position
                ? `#${position} in ${summary.race.name}.`
                : `No wagers in ${summary.race.name} yet.`
              : 'No monthly race is running right now.'}{' '}
            <Link to="/leaderboard" className="font-medium text-primary underline-offset-4 hover:underline">
              See the leaderboard
            </Link>
          </span>
        </p>
      ) : (
        <p className="flex items-start gap-2 border-t px-5 py-3 text-sm text-muted-foreground sm:px-6">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            Tickets and wagers appear here once a casino account is linked and verified.{' '}
            <Link to="/profile" className="font-medium text-primary underline-offset-4 hover:underline">
              Link a casino account
            </Link>
          </span>
        </p>
      )}
    </section>
  );
}

function Stat({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="bg-card p-4">
      <dt className="flex items-center gap-1.5 text-xs text-muted-foreground [&_svg]:size-3.5">
        <span aria-hidden="true" className="contents">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums">{children}</dd>
    </div>
  );
}

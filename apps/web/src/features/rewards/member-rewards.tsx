import { AlertCircle, CalendarClock, CalendarDays, Check, Coins, Lock, Ticket } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { RANKS, RANKS_VS_VIP_TIERS, XP_EXPLAINED, rankForXp, rankProgress, rankStandingForXp, type Rank } from '@app/shared/domain/ranks';
import { QueryError } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/sonner';
import { cn } from '@/lib/utils';
import { RankIcon } from './rank-icon';
import { useMembership, useMemberStanding, type MemberStanding } from './use-member-standing';

// spec 2 §5: Weekly Bonus unlocks at 'Bronze 3', Monthly Bonus at 'Silver 1'.
const WEEKLY_BONUS_RANK = 'Bronze 3';
const MONTHLY_BONUS_RANK = 'Silver 1';

const xpFormat = new Intl.NumberFormat('en-US');

function rankByName(name: string): Rank {
  const rank = RANKS.find((r) => r.name === name);
  if (!rank) throw new Error(`Unknown rank ${name}`);
  return rank;
}

/** Whether a rank reached with `xp` is at or above the named rank. */
export function hasReached(xp: number, rankName: string): boolean {
  const current = rankForXp(xp);
  return current !== null && current.index >= rankByName(rankName).index;
}

type MemberRewardsProps = {
  /** spec 2 §6: an explicit login flag wins; without it, a verified session with no pending verification. */
  isLoggedIn?: boolean;
};

/**
 * The signed-in part of the rewards page; renders nothing for visitors and unverified accounts.
 * Its rank cards and bonus unlocks follow the member's XP (lifetime verified wager).
 * While the session of a browser that signed in before is restored, it keeps its space but shows
 * nothing (invisible and inert: no one reads or reaches it), so nothing moves when the member arrives.
 */
export function MemberRewards({ isLoggedIn }: MemberRewardsProps) {
  const membership = useMembership(isLoggedIn);
  if (membership === 'visitor') return null;
  return <MemberRewardsSection isRestoring={membership === 'restoring'} />;
}

function MemberRewardsSection({ isRestoring }: { isRestoring: boolean }) {
  // Loading until the session is back: no summary is asked for without a user.
  const standing = useMemberStanding();
  const xp = standing.status === 'ready' ? standing.xp : null;
  // A failed call stills the placeholders: nothing is on its way until Try again.
  const isFailed = standing.status === 'error';
  return (
    <section aria-labelledby="member-rewards-title" className={cn('mx-auto max-w-7xl px-4 py-12', isRestoring && 'invisible')} inert={isRestoring}>
      <h2 id="member-rewards-title" className="text-2xl font-bold">
        Your Rewards
      </h2>
      <div className="mt-6 grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        <PromoCodeCard />
        <RakebackCard />
        <PeriodicBonusCard title="Weekly Bonus" icon={<CalendarDays />} xp={xp} isFailed={isFailed} unlockRank={WEEKLY_BONUS_RANK} period="week" />
        <PeriodicBonusCard title="Monthly Bonus" icon={<CalendarClock />} xp={xp} isFailed={isFailed} unlockRank={MONTHLY_BONUS_RANK} period="month" />
      </div>
      <CurrentRankCard standing={standing} />
      <RankList xp={xp} isFailed={isFailed} />
    </section>
  );
}

function PromoCodeCard() {
  const [code, setCode] = useState('');
  const inputId = useId();

  function claim(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // spec 2 §5: blank is an error; any other code is accepted (no server check exists).
    if (code.trim() === '') {
      toast({ title: 'Error', description: 'Please enter a promo code.', variant: 'destructive' });
      return;
    }
    toast({ title: 'Code Claimed!', description: 'Your promo code has been redeemed.' });
    setCode('');
  }

  return (
    <form onSubmit={claim} noValidate className="flex flex-col rounded-xl border bg-card p-5 shadow-sm">
      <h3 className="flex items-center gap-2 font-semibold">
        <Ticket className="size-5 text-primary" aria-hidden="true" /> Promo Code
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">Have a code from a stream or giveaway? Redeem it here.</p>
      <Label htmlFor={inputId} className="mt-4">
        Promo code
      </Label>
      <Input id={inputId} className="mt-2" value={code} onChange={(event) => setCode(event.target.value)} autoComplete="off" placeholder="Enter code" />
      <Button type="submit" className="mt-3">
        Claim Code
      </Button>
    </form>
  );
}

function RakebackCard() {
  return (
    <div className="flex flex-col rounded-xl border bg-card p-5 shadow-sm">
      <h3 className="flex items-center gap-2 font-semibold">
        <Coins className="size-5 text-primary" aria-hidden="true" /> Instant Rakeback
      </h3>
      <p className="mt-1 flex-1 text-sm text-muted-foreground">A share of every bet comes back to you straight away, at your rank&apos;s rakeback rate.</p>
      <Button className="mt-4" onClick={() => toast({ title: 'Rakeback Claimed!', description: 'Your instant rakeback has been added to your account.' })}>
        Claim Rakeback
      </Button>
    </div>
  );
}

type PeriodicBonusCardProps = {
  title: string;
  icon: React.ReactNode;
  /** null while the XP is loading or could not be loaded. */
  xp: number | null;
  isFailed: boolean;
  unlockRank: string;
  period: 'week' | 'month';
};

function PeriodicBonusCard({ title, icon, xp, isFailed, unlockRank, period }: PeriodicBonusCardProps) {
  const unlocked = xp === null ? null : hasReached(xp, unlockRank);
  return (
    <div className="flex flex-col rounded-xl border bg-card p-5 shadow-sm">
      <h3 className="flex items-center gap-2 font-semibold [&_svg]:size-5 [&_svg]:text-primary">
        <span aria-hidden="true">{icon}</span> {title}
      </h3>
      <p className="mt-1 flex-1 text-sm text-muted-foreground">
        Paid out once a {period} to players ranked {unlockRank} or higher.
      </p>
      <p
        className={cn(
          'mt-4 flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium',
          unlocked ? 'bg-success/12 text-foreground' : 'bg-muted text-muted-foreground',
        )}
      >
        {unlocked === null ? (
          // The pill keeps its height (one line of text) while the rank is unknown.
          <Skeleton className={cn('h-5 w-32 bg-foreground/10', isFailed && 'motion-safe:animate-none')} />
        ) : unlocked ? (
          <>
            <Check className="size-4 text-success" aria-hidden="true" /> Unlocked
          </>
        ) : (
          <>
            <Lock className="size-4" aria-hidden="true" /> Locked until {unlockRank}
          </>
        )}
      </p>
    </div>
  );
}

function CurrentRankCard({ standing }: { standing: MemberStanding }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="mt-8 rounded-xl border bg-gradient-to-r from-primary/15 to-card p-6 shadow-sm">
      <h3 id={titleId} className="text-sm font-medium text-muted-foreground">
        Current Rank
      </h3>
      {standing.status === 'ready' ? (
        <CurrentRank xp={standing.xp} />
      ) : (
        // Loading and failure keep the card's size: the same rows, placeholders for the figures.
        <>
          <div className="mt-3 flex flex-wrap items-center gap-4">
            <RankIcon tier={null} className="size-14 [&_svg]:size-7" />
            {standing.status === 'loading' ? (
              <div className="min-w-0 flex-1">
                <Skeleton className="h-9 w-40" />
                <p role="status" className="text-sm text-muted-foreground">
                  Loading your rank…
                </p>
              </div>
            ) : (
              <QueryError
                layout="card"
                className="min-w-0 flex-1 justify-between gap-x-4 gap-y-2"
                title={
                  <p className="flex items-center gap-2 text-base font-semibold">
                    <AlertCircle className="size-5 text-destructive" aria-hidden="true" /> Your rank could not be loaded.
                  </p>
                }
                message={standing.message}
                onRetry={standing.retry}
              />
            )}
          </div>
          <Skeleton className={cn('mt-4 h-3 rounded-full', standing.status === 'error' && 'motion-safe:animate-none')} />
          <Skeleton className={cn('mt-1 ml-auto h-5 w-10', standing.status === 'error' && 'motion-safe:animate-none')} />
        </>
      )}
      {/* Static: shown while the XP loads too, so the card keeps its height. */}
      <p className="mt-3 text-xs text-muted-foreground">
        {XP_EXPLAINED} {RANKS_VS_VIP_TIERS}
      </p>
    </section>
  );
}

function CurrentRank({ xp }: { xp: number }) {
  // The one rank truth (packages/shared/src/domain/ranks.ts): the dashboard and the profile read the same.
  const { level, rank, rankName, next, progress } = rankStandingForXp(xp);
  return (
    <>
      <div className="mt-3 flex flex-wrap items-center gap-4">
        {/* spec 2 §4: the icon is that of the highest rank reached. */}
        <RankIcon tier={rank?.tier ?? null} className="size-14 [&_svg]:size-7" />
        <div className="min-w-0 flex-1">
          <p className="text-3xl font-extrabold">{rankName}</p>
          <p className="text-sm text-muted-foreground">
            Level {level} · {rank ? `${rank.rakeback}% rakeback` : 'no rakeback yet'}
          </p>
        </div>
      </div>
      <Progress className="mt-4 h-3" value={progress} label={next ? `Progress to ${next.name}` : 'Progress to the top rank'} />
      <div className="mt-1 flex flex-wrap justify-between gap-x-4 text-sm tabular-nums text-muted-foreground">
        <p>{next ? `${xpFormat.format(xp)} XP of ${xpFormat.format(next.xpRequired)} XP` : `${xpFormat.format(xp)} XP`}</p>
        {/* spec 2 §9 shows 'Gold 4' for 5,000,000 XP: the rank being worked toward. */}
        <p className="ml-auto">{next ? `${Math.floor(progress)}% of the way to ${next.name}` : 'Top rank reached'}</p>
      </div>
    </>
  );
}

function RankList({ xp, isFailed }: { xp: number | null; isFailed: boolean }) {
  return (
    <section aria-labelledby="ranks-title" className="mt-10">
      <h3 id="ranks-title" className="text-xl font-bold">
        Ranks
      </h3>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {RANKS.map((rank) => {
          // Unknown XP (loading or failed): an indeterminate bar and a placeholder, never a made-up figure.
          const progress = xp === null ? null : rankProgress(xp, rank);
          const achieved = progress !== null && progress >= 100;
          return (
            <li key={rank.name} className="rounded-xl border bg-card p-4 shadow-sm">
              <div className="flex items-center gap-3">
                <RankIcon tier={rank.tier} />
                <div className="min-w-0 flex-1">
                  {/* A rank's name stays on one line ("Bronze 1"); the rakeback wraps instead. */}
                  <h4 className="font-semibold whitespace-nowrap">{rank.name}</h4>
                  <p className="text-xs text-muted-foreground">{xpFormat.format(rank.xpRequired)} XP</p>
                </div>
                <span className="min-w-0 text-right text-sm font-semibold text-primary">{rank.rakeback}% rakeback</span>
              </div>
              <Progress className="mt-3" value={progress} label={`${rank.name} progress`} indicatorClassName={cn(isFailed && 'invisible')} />
              {progress === null ? (
                <Skeleton className={cn('mt-1 h-4 w-8', isFailed && 'motion-safe:animate-none')} />
              ) : (
                <p className={cn('mt-1 text-xs', achieved ? 'text-success' : 'text-muted-foreground')}>{achieved ? 'Achieved' : `${Math.floor(progress)}%`}</p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

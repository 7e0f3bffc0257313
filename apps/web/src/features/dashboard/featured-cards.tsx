import { CheckCircle2, Coins, Crown, Gamepad2, Gift, Lock, Package, Target, Ticket, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Challenge } from '@app/shared/api/challenges';
import { parseEntryCost, type Raffle } from '@app/shared/api/raffles';
import type { Reward, RewardCategory } from '@app/shared/api/store';
import type { Game, GameType } from '@app/shared/games/catalogue';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const number = new Intl.NumberFormat('en-US');

/**
 * A card whose title link covers the whole card (a stretched link), so the card is one tab stop
 * and its accessible name stays the title rather than every line of the card.
 */
function LinkCard({ to, title, children, art }: { to: string; title: string; children: ReactNode; art: ReactNode }) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
      {art}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="font-semibold">
          <Link to={to} className="after:absolute after:inset-0 focus-visible:outline-none">
            {title}
          </Link>
        </h3>
        {children}
      </div>
    </article>
  );
}

function IconArt({ icon, className }: { icon: ReactNode; className: string }) {
  return (
    <div aria-hidden="true" className={cn('flex h-24 items-center justify-center [&_svg]:size-10', className)}>
      {icon}
    </div>
  );
}

const CATEGORY_ICON: Record<RewardCategory, LucideIcon> = {
  cashbacks: Coins,
  bonuses: Gift,
  merchandise: Package,
  vip: Crown,
};

/** A reward of the Points Store (the server's catalogue); says whether the balance covers it. Redeeming happens in the store. */
export function StoreItemCard({ reward, points }: { reward: Reward; points: number }) {
  const Icon = CATEGORY_ICON[reward.category];
  const shortfall = reward.price - points;
  return (
    <LinkCard to="/points-store" title={reward.name} art={<IconArt icon={<Icon />} className="bg-gradient-to-br from-primary/25 to-primary/5 text-primary" />}>
      <p className="text-sm text-muted-foreground">{reward.description}</p>
      <p className="mt-auto text-lg font-bold tabular-nums">{number.format(reward.price)} points</p>
      {reward.stock === 0 ? (
        <Badge variant="secondary">Sold Out</Badge>
      ) : shortfall <= 0 ? (
        <Badge variant="success">
          <CheckCircle2 aria-hidden="true" />
          You have enough points
        </Badge>
      ) : (
        <Badge variant="secondary">
          <Lock aria-hidden="true" />
          {number.format(shortfall)} more points needed
        </Badge>
      )}
    </LinkCard>
  );
}

/** An open raffle from the server, with its entry cost in points (spec 2 §5) and whether the balance covers it. */
export function RaffleCard({ raffle, points }: { raffle: Raffle; points: number }) {
  const cost = parseEntryCost(raffle.entryCost);
  return (
    <LinkCard to="/raffles" title={raffle.title} art={<IconArt icon={<Ticket />} className="bg-gradient-to-br from-warning/30 to-warning/5 text-warning" />}>
      <p className="text-sm text-muted-foreground">{raffle.prize}</p>
      <p className="mt-auto flex items-center gap-1.5 text-lg font-bold tabular-nums">
        <Ticket className="size-4 text-primary" aria-hidden="true" />
        {cost === 0 ? 'Free entry' : `${number.format(cost)} points per entry`}
      </p>
      {raffle.entered ? (
        <Badge variant="success">
          <CheckCircle2 aria-hidden="true" />
          Entered
        </Badge>
      ) : raffle.status !== 'Active' ? (
        <Badge variant="secondary">Opens soon</Badge>
      ) : cost <= points ? (
        <Badge variant="success">
          <CheckCircle2 aria-hidden="true" />
          You have enough points
        </Badge>
      ) : (
        <Badge variant="secondary">
          <Lock aria-hidden="true" />
          {number.format(cost - points)} more points needed
        </Badge>
      )}
    </LinkCard>
  );
}

export function ChallengeCard({ challenge }: { challenge: Challenge }) {
  const times = `${challenge.targetMultiplier.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}×`;
  return (
    <LinkCard
      to="/challenges"
      title={challenge.title}
      art={<IconArt icon={<Target />} className="bg-gradient-to-br from-primary/30 to-primary/5 text-primary" />}
    >
      <p className="text-sm text-muted-foreground">
        {times} on {challenge.game} at {challenge.partnerName}
      </p>
      <p className="mt-auto flex items-center gap-1.5 text-lg font-bold tabular-nums">
        <Coins className="size-4 text-primary" aria-hidden="true" />
        {number.format(challenge.prizePoints)} points
      </p>
      {challenge.status === 'active' ? (
        <Badge variant="success">
          {challenge.winnersLeft} of {challenge.winners} {challenge.winners === 1 ? 'winner' : 'winners'} left
        </Badge>
      ) : (
        <Badge variant="secondary">Opens soon</Badge>
      )}
    </LinkCard>
  );
}

const GAME_ART: Record<GameType, string> = {
  Table: 'from-emerald-600/30 to-emerald-600/5 text-emerald-700 dark:text-emerald-300',
  Crash: 'from-rose-600/30 to-rose-600/5 text-rose-700 dark:text-rose-300',
  Arcade: 'from-sky-600/30 to-sky-600/5 text-sky-700 dark:text-sky-300',
  'Game Show': 'from-amber-500/30 to-amber-500/5 text-amber-700 dark:text-amber-300',
  Lottery: 'from-violet-600/30 to-violet-600/5 text-violet-700 dark:text-violet-300',
};

export function GameCard({ game }: { game: Game }) {
  return (
    <LinkCard to={`/games/${game.slug}`} title={game.title} art={<IconArt icon={<Gamepad2 />} className={cn('bg-gradient-to-br', GAME_ART[game.type])} />}>
      <p className="text-sm text-muted-foreground">
        {game.type} · {game.rtp} RTP
      </p>
      {game.popular && (
        <Badge variant="outline" className="mt-auto">
          Popular
        </Badge>
      )}
    </LinkCard>
  );
}

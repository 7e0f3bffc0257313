import { CheckCircle2, Gamepad2, Lock, Ticket } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Game, GameType } from '@app/shared/games/catalogue';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import type { FeaturedRaffle, StoreItem } from './dashboard-data';

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

/** spec 1 §9 store costs; says whether the balance covers the item. Redeeming happens in the Points Store. */
export function StoreItemCard({ item, points }: { item: StoreItem; points: number }) {
  const Icon = item.icon;
  const shortfall = item.cost - points;
  return (
    <LinkCard
      to="/points-store"
      title={item.name}
      art={<IconArt icon={<Icon />} className="bg-gradient-to-br from-primary/25 to-primary/5 text-primary" />}
    >
      <p className="text-sm text-muted-foreground">{item.description}</p>
      <p className="mt-auto text-lg font-bold tabular-nums">{number.format(item.cost)} points</p>
      {shortfall <= 0 ? (
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

/** spec 1 §9: 20, 50 and 75 tickets per entry. Tickets come from linked wagers, which we do not have yet. */
export function RaffleCard({ raffle, tickets }: { raffle: FeaturedRaffle; tickets: number }) {
  const Icon = raffle.icon;
  return (
    <LinkCard
      to="/raffles"
      title={raffle.title}
      art={<IconArt icon={<Icon />} className="bg-gradient-to-br from-warning/30 to-warning/5 text-warning" />}
    >
      <p className="text-sm text-muted-foreground">{raffle.prize}</p>
      <p className="mt-auto flex items-center gap-1.5 text-lg font-bold tabular-nums">
        <Ticket className="size-4 text-primary" aria-hidden="true" />
        {raffle.ticketsPerEntry} tickets per entry
      </p>
      {tickets >= raffle.ticketsPerEntry ? (
        <Badge variant="success">
          <CheckCircle2 aria-hidden="true" />
          You have enough tickets
        </Badge>
      ) : (
        <Badge variant="secondary">
          <Lock aria-hidden="true" />
          {raffle.ticketsPerEntry - tickets} more tickets needed
        </Badge>
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
    <LinkCard
      to={`/games/${game.slug}`}
      title={game.title}
      art={<IconArt icon={<Gamepad2 />} className={cn('bg-gradient-to-br', GAME_ART[game.type])} />}
    >
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

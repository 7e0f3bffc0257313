import { Bomb, Briefcase, CircleDot, Club, Dices, Grid3x3, Rocket, Target, TrendingUp, Triangle } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { GameSlug } from '@app/shared/games/catalogue';
import { cn } from '@/lib/utils';

const ICONS: Record<GameSlug, LucideIcon> = {
  dice: Dices,
  mines: Bomb,
  plinko: Triangle,
  dealornodeal: Briefcase,
  duckduckgoose: Target,
  roulette: CircleDot,
  limbo: TrendingUp,
  keno: Grid3x3,
  blackjack: Club,
  crash: Rocket,
};

const TONES: Record<GameSlug, string> = {
  dice: 'from-violet-500 to-indigo-600',
  mines: 'from-emerald-500 to-teal-600',
  plinko: 'from-pink-500 to-rose-600',
  dealornodeal: 'from-amber-500 to-orange-600',
  duckduckgoose: 'from-lime-500 to-green-600',
  roulette: 'from-red-500 to-rose-700',
  limbo: 'from-sky-500 to-blue-600',
  keno: 'from-fuchsia-500 to-purple-600',
  blackjack: 'from-slate-600 to-slate-800',
  crash: 'from-orange-500 to-red-600',
};

/** A decorative tile for a game (icon on its colour), used by the catalogue and the 'More Games' cards. */
export function GameArt({ slug, className }: { slug: GameSlug; className?: string }) {
  const Icon = ICONS[slug];
  return (
    <div aria-hidden="true" className={cn('flex items-center justify-center bg-gradient-to-br text-white', TONES[slug], className)}>
      <Icon className="size-1/3" strokeWidth={1.5} />
    </div>
  );
}

import { Crown, Gem, Medal, Shield, Sparkles, Star, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

// spec 2 §3: a rank has an icon; every level of a tier shares its tier's icon and colour.
const TIER_STYLE: Record<string, { icon: LucideIcon; className: string }> = {
  Bronze: { icon: Medal, className: 'bg-amber-700/15 text-amber-800 dark:text-amber-500' },
  Silver: { icon: Shield, className: 'bg-slate-400/20 text-slate-700 dark:text-slate-300' },
  Gold: { icon: Star, className: 'bg-yellow-400/20 text-yellow-800 dark:text-yellow-300' },
  Platinum: { icon: Sparkles, className: 'bg-cyan-400/15 text-cyan-800 dark:text-cyan-300' },
  Diamond: { icon: Gem, className: 'bg-sky-400/15 text-sky-800 dark:text-sky-300' },
  Immortal: { icon: Crown, className: 'bg-rose-400/15 text-rose-800 dark:text-rose-300' },
};

const FALLBACK = { icon: Medal, className: 'bg-muted text-muted-foreground' };

type RankIconProps = { tier: string | null; className?: string };

/** The decorative icon of a rank tier (null: unranked). */
export function RankIcon({ tier, className }: RankIconProps) {
  const style = (tier && TIER_STYLE[tier]) || FALLBACK;
  const Icon = style.icon;
  return (
    <span aria-hidden="true" className={cn('flex size-10 shrink-0 items-center justify-center rounded-full [&_svg]:size-5', style.className, className)}>
      <Icon />
    </span>
  );
}

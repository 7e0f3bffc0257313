import type { GameSlug } from '@app/shared/games/catalogue';
import { cn } from '@/lib/utils';
import { gameDefinition } from './game-definitions';

/** A decorative tile for a game (its definition's icon on its colour), used by the catalogue and the 'More Games' cards. */
export function GameArt({ slug, className }: { slug: GameSlug; className?: string }) {
  const { icon: Icon, tone } = gameDefinition(slug).art;
  return (
    <div aria-hidden="true" className={cn('flex items-center justify-center bg-gradient-to-br text-white', tone, className)}>
      <Icon className="size-1/3" strokeWidth={1.5} />
    </div>
  );
}

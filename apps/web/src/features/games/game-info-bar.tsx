import { Flame } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import type { Game } from '@app/shared/games/catalogue';

/** Title, provider, type and the 'Most Popular' tag (spec 2 §2). */
export function GameInfoBar({ game }: { game: Game }) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border bg-card px-4 py-3">
      <h1 className="text-xl font-bold tracking-tight">{game.title}</h1>
      <dl className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <div className="flex gap-1">
          <dt className="text-muted-foreground">Provider</dt>
          <dd className="font-medium">{game.provider}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-muted-foreground">Type</dt>
          <dd className="font-medium">{game.type}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-muted-foreground">RTP</dt>
          <dd className="font-medium">{game.rtp}</dd>
        </div>
      </dl>
      {game.popular && (
        <Badge variant="secondary" className="gap-1">
          <Flame aria-hidden="true" />
          Most Popular
        </Badge>
      )}
    </div>
  );
}

import { Briefcase, Hourglass } from 'lucide-react';
import type { Game } from '@app/shared/games/catalogue';
import { GameArt } from './game-art';

/** Shown in the game area for a game whose screen is not built yet: says so plainly. */
export function ComingSoon({ game }: { game: Game }) {
  if (game.slug === 'dealornodeal') return <DealOrNoDealArt />;
  return (
    <div className="flex h-full flex-col items-center justify-center gap-4 p-6 text-center">
      <GameArt slug={game.slug} className="size-28 rounded-2xl shadow-lg" />
      <h2 className="text-2xl font-bold">{game.title} is coming soon</h2>
      <p className="max-w-md text-sm text-muted-foreground">
        This game cannot be played yet. Its provably-fair outcomes can already be checked: open Fairness, then Verify.
      </p>
    </div>
  );
}

/** spec 2 §2: Deal Or No Deal is an image only. */
function DealOrNoDealArt() {
  return (
    <figure className="flex h-full flex-col items-center justify-center gap-5 bg-gradient-to-br from-amber-500/15 to-orange-600/20 p-6 text-center">
      <div aria-hidden="true" className="grid grid-cols-4 gap-2 sm:gap-3">
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className="flex size-14 flex-col items-center justify-center rounded-lg bg-gradient-to-b from-amber-400 to-amber-600 text-amber-950 shadow-md sm:size-16">
            <Briefcase className="size-6" />
            <span className="text-xs font-bold">{i + 1}</span>
          </div>
        ))}
      </div>
      <figcaption className="grid gap-1">
        <span className="text-2xl font-extrabold tracking-tight">Deal Or No Deal</span>
        <span className="inline-flex items-center justify-center gap-1 text-sm text-muted-foreground">
          <Hourglass className="size-4" aria-hidden="true" />
          Coming soon: pick a case, then take the banker's deal or hold out.
        </span>
      </figcaption>
    </figure>
  );
}

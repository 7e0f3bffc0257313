import type { GameDefinition } from './game-definition';
import { GameArt } from './game-art';

/** Shown in the game area for a game whose screen is not built yet: says so plainly. */
export function ComingSoon({ definition }: { definition: GameDefinition }) {
  const { game, Placeholder } = definition;
  if (Placeholder) return <Placeholder />;
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

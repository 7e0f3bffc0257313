import { Component, Suspense, type ReactNode, type RefObject } from 'react';
import { PageLoader } from '@/components/page-loader';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { Game } from '@app/shared/games/catalogue';
import { ComingSoon } from './coming-soon';
import { gameDefinition } from './game-definitions';

type BoundaryState = { error: Error | null };

/** Keeps a failing game (or a chunk that did not load) inside the game area. */
class GameErrorBoundary extends Component<{ children: ReactNode; title: string }, BoundaryState> {
  override state: BoundaryState = { error: null };
  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }
  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="flex h-full flex-col items-center justify-center gap-3 p-6 text-center">
        <p className="font-semibold">{this.props.title} could not be loaded.</p>
        <p className="text-sm text-muted-foreground">Check your connection and try again.</p>
        <Button variant="outline" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </div>
    );
  }
}

/** The game area: 75% of the viewport height (spec 2 §2); the full-screen target. */
export function GameArea({ game, areaRef, className }: { game: Game; areaRef: RefObject<HTMLDivElement | null>; className?: string }) {
  const definition = gameDefinition(game.slug);
  const GameComponent = definition.Screen;
  return (
    <div
      ref={areaRef}
      data-testid="game-area"
      className={cn('relative h-[75vh] min-h-80 overflow-auto rounded-lg border bg-card text-card-foreground', className)}
    >
      {GameComponent ? (
        <GameErrorBoundary title={game.title}>
          <Suspense fallback={<PageLoader label={`Loading ${game.title}…`} />}>
            <GameComponent />
          </Suspense>
        </GameErrorBoundary>
      ) : (
        <ComingSoon definition={definition} />
      )}
    </div>
  );
}

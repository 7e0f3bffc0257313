import { ArrowLeft } from 'lucide-react';
import { Suspense, lazy, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { cn } from '@/lib/utils';
import { gameBySlug, type Game } from '@app/shared/games/catalogue';
import { BetsTable } from './bets/bets-table';
import { GameArea } from './game-area';
import { GameProvider } from './game-context';
import { GameInfoBar } from './game-info-bar';
import { GameToolbar } from './game-toolbar';
import { MoreGames } from './more-games';
import { requestVerify, useVerifyRequest } from './fairness/verify-request';
import { useFullscreen } from './use-fullscreen';

// Opened on demand: their code (the Fairness dialog and every game's verifier) is fetched on first use,
// not with the game.
const LiveStatsPanel = lazy(() => import('./bets/live-stats-panel').then((m) => ({ default: m.LiveStatsPanel })));
const FairnessDialog = lazy(() =>
  Promise.all([import('./fairness/fairness-dialog'), import('./fairness/verify').then((m) => m.loadVerifiers())]).then(([m]) => ({
    default: m.FairnessDialog,
  })),
);

function BackToGames() {
  return (
    <Link
      to="/games"
      aria-label="Back to games"
      className="inline-flex size-9 items-center justify-center rounded-md hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <ArrowLeft className="size-5" aria-hidden="true" />
    </Link>
  );
}

/** /games/:slug (spec 2 §2 Game page). */
export default function GamePage() {
  const { slug = '' } = useParams();
  const game = gameBySlug(slug);
  if (!game) {
    return (
      <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
        <BackToGames />
        <h1 className="text-2xl font-bold">Game not found.</h1>
      </section>
    );
  }
  return (
    <GameProvider>
      {/* key: a new game starts with fresh page state (dialog closed, table on Live Bets) */}
      <GameScreen key={game.slug} game={game} />
    </GameProvider>
  );
}

function GameScreen({ game }: { game: Game }) {
  const areaRef = useRef<HTMLDivElement>(null);
  // The full-screen target holds the game area and the toolbar, so the toolbar (and its exit button) stays usable.
  const stageRef = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(stageRef);
  const [isBigger, setIsBigger] = useState(false);
  const [isLiveStatsOpen, setIsLiveStatsOpen] = useState(false);
  const [isFairnessOpen, setIsFairnessOpen] = useState(false);
  const verifyRequest = useVerifyRequest();
  return (
    <div className={cn('mx-auto grid grid-cols-[minmax(0,1fr)] gap-4 px-4 py-4', isBigger ? 'max-w-none' : 'max-w-6xl')}>
      <div className="flex items-center gap-2">
        <BackToGames />
        <span className="text-sm text-muted-foreground">All games</span>
      </div>
      <div
        ref={stageRef}
        data-testid="game-stage"
        className={cn('grid grid-cols-[minmax(0,1fr)] gap-4', fullscreen.isFullscreen && 'h-dvh grid-rows-[minmax(0,1fr)_auto] bg-background p-4')}
      >
        <GameArea game={game} areaRef={areaRef} className={fullscreen.isFullscreen ? 'h-full' : undefined} />
        <GameToolbar
          fullscreen={fullscreen}
          isLiveStatsOpen={isLiveStatsOpen}
          onToggleLiveStats={() => setIsLiveStatsOpen((v) => !v)}
          isBigger={isBigger}
          onToggleBigger={() => setIsBigger((v) => !v)}
          onOpenFairness={() => setIsFairnessOpen(true)}
        />
      </div>
      <GameInfoBar game={game} />
      <MoreGames current={game.slug} />
      <BetsTable />
      <Suspense fallback={null}>
        {isLiveStatsOpen && <LiveStatsPanel onClose={() => setIsLiveStatsOpen(false)} />}
        {(isFairnessOpen || verifyRequest) && (
          <FairnessDialog
            open
            onOpenChange={(open) => {
              setIsFairnessOpen(open);
              if (!open) requestVerify(null);
            }}
            defaultGame={game.slug}
            request={verifyRequest ?? undefined}
          />
        )}
      </Suspense>
    </div>
  );
}

import { Flame } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { GAMES } from '@app/shared/games/catalogue';
import { GameArt } from './game-art';

/** /games: every game with its type, RTP and popular tag. */
export default function GamesPage() {
  return (
    <section className="mx-auto grid max-w-6xl gap-6 px-4 py-8">
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Games</h1>
        <p className="text-muted-foreground">Provably fair originals: every outcome can be verified from your seeds.</p>
      </header>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5" aria-label="All games">
        {GAMES.map((g) => (
          <li key={g.slug}>
            <Link
              to={`/games/${g.slug}`}
              className="group flex h-full flex-col overflow-hidden rounded-lg border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <GameArt slug={g.slug} className="aspect-[4/3] transition-transform motion-safe:group-hover:scale-105" />
              <div className="grid flex-1 content-start gap-1 p-3">
                <span className="font-semibold">{g.title}</span>
                <span className="text-xs text-muted-foreground">
                  {g.type} · RTP {g.rtp}
                </span>
                {g.popular && (
                  <Badge variant="secondary" className="mt-1 gap-1">
                    <Flame aria-hidden="true" />
                    Most Popular
                  </Badge>
                )}
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

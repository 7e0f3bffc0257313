import { ChevronLeft, ChevronRight, LayoutGrid } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useReducedMotion } from '@/lib/use-reduced-motion';
import { GAMES, type GameSlug } from '@app/shared/games/catalogue';
import { GameArt } from './game-art';

/** 'More Games' scroller (spec 2 §2): a card per game and 'All Games'; each arrow shows only when it can scroll. */
export function MoreGames({ current }: { current?: GameSlug }) {
  const scroller = useRef<HTMLUListElement>(null);
  const [canLeft, setCanLeft] = useState(false);
  const [canRight, setCanRight] = useState(false);
  const reduced = useReducedMotion();

  const update = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    setCanLeft(el.scrollLeft > 1);
    setCanRight(el.scrollLeft + el.clientWidth < el.scrollWidth - 1);
  }, []);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    update();
    el.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    ro?.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      ro?.disconnect();
    };
  }, [update]);

  const scrollBy = (dir: -1 | 1) => {
    const el = scroller.current;
    if (!el) return;
    el.scrollBy({ left: dir * Math.max(160, el.clientWidth * 0.8), behavior: reduced ? 'auto' : 'smooth' });
  };

  return (
    <section aria-labelledby="more-games-heading" className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="more-games-heading" className="text-lg font-semibold">
          More Games
        </h2>
        <div className="flex gap-1">
          {canLeft && (
            <Button variant="outline" size="icon" className="size-8" aria-label="Scroll left" onClick={() => scrollBy(-1)}>
              <ChevronLeft aria-hidden="true" />
            </Button>
          )}
          {canRight && (
            <Button variant="outline" size="icon" className="size-8" aria-label="Scroll right" onClick={() => scrollBy(1)}>
              <ChevronRight aria-hidden="true" />
            </Button>
          )}
        </div>
      </div>
      <ul ref={scroller} data-testid="more-games-scroller" className="flex snap-x gap-3 overflow-x-auto scroll-smooth pb-2 motion-reduce:scroll-auto">
        {GAMES.map((g) => (
          <li key={g.slug} className="w-32 shrink-0 snap-start sm:w-36">
            <Link
              to={`/games/${g.slug}`}
              aria-current={g.slug === current ? 'page' : undefined}
              className="group block overflow-hidden rounded-lg border bg-card focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-[current=page]:border-primary"
            >
              <GameArt slug={g.slug} className="aspect-[4/5] transition-transform motion-safe:group-hover:scale-105" />
              <span className="block truncate px-2 py-1.5 text-sm font-medium">{g.title}</span>
            </Link>
          </li>
        ))}
        <li className="w-32 shrink-0 snap-start sm:w-36">
          <Link
            to="/games"
            className="flex h-full flex-col items-center justify-center gap-2 rounded-lg border border-dashed bg-card p-4 text-sm font-medium hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <LayoutGrid className="size-6 text-primary" aria-hidden="true" />
            All Games
          </Link>
        </li>
      </ul>
    </section>
  );
}

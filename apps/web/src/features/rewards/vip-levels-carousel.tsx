import { Check, ChevronLeft, ChevronRight, Lock } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { VIP_TIERS, formatUsd } from '@app/shared/domain/vip-tiers';
import { Button } from '@/components/ui/button';

/**
 * The Levels carousel of the 8 VIP tiers (spec 2 §2): a horizontal scroll-snap list (swipe, scroll or
 * keyboard) with previous/next buttons that move by one card.
 */
export function VipLevelsCarousel() {
  const trackRef = useRef<HTMLUListElement>(null);
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(true);

  const update = useCallback(() => {
    const track = trackRef.current;
    if (!track) return;
    setCanPrev(track.scrollLeft > 4);
    setCanNext(track.scrollLeft + track.clientWidth < track.scrollWidth - 4);
  }, []);

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    update();
    track.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(track);
    return () => {
      track.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [update]);

  function scrollByCard(direction: 1 | -1) {
    const track = trackRef.current;
    if (!track) return;
    const card = track.querySelector('li');
    const step = card ? card.getBoundingClientRect().width + 16 : track.clientWidth;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    track.scrollBy({ left: direction * step, behavior: reduceMotion ? 'auto' : 'smooth' });
  }

  return (
    <section aria-labelledby="vip-levels-title" aria-roledescription="carousel" className="mx-auto max-w-7xl px-4 py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="vip-levels-title" className="text-2xl font-bold">
            Levels
          </h2>
          <p className="text-muted-foreground">Eight VIP tiers, each unlocked by your total spend.</p>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" size="icon" aria-label="Previous tier" disabled={!canPrev} onClick={() => scrollByCard(-1)}>
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button variant="outline" size="icon" aria-label="Next tier" disabled={!canNext} onClick={() => scrollByCard(1)}>
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
      <ul
        ref={trackRef}
        // Focusable so keyboard users can scroll it with the arrow keys.
        tabIndex={0}
        aria-label="VIP tiers"
        className="mt-6 flex snap-x snap-mandatory gap-4 overflow-x-auto scroll-smooth pb-4 outline-none focus-visible:ring-2 focus-visible:ring-ring motion-reduce:scroll-auto"
      >
        {VIP_TIERS.map((tier, i) => (
          <li
            key={tier.name}
            className="flex w-64 shrink-0 snap-start flex-col rounded-xl border bg-card p-5 shadow-sm"
          >
            <p className="text-sm text-muted-foreground">
              Tier {i + 1} of {VIP_TIERS.length}
            </p>
            <h3 className="text-xl font-bold">{tier.name}</h3>
            <p className="mt-1 flex items-center gap-1.5 text-sm font-medium">
              {tier.unlockSpend === 0 ? (
                <Check className="size-4 text-success" aria-hidden="true" />
              ) : (
                <Lock className="size-4 text-muted-foreground" aria-hidden="true" />
              )}
              {tier.status}
            </p>
            <p className="mt-3 text-2xl font-extrabold text-primary tabular-nums">
              {tier.unlockSpend === 0 ? 'Free' : formatUsd(tier.unlockSpend)}
            </p>
            <p className="text-xs text-muted-foreground">Unlock spend</p>
            <ul className="mt-4 space-y-1.5 text-sm" aria-label={`${tier.name} perks`}>
              {tier.perks.map((perk) => (
                <li key={perk} className="flex items-start gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                  {perk}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}

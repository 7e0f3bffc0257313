import { ArrowRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Carousel, CarouselAutoplayToggle, CarouselContent, CarouselItem, CarouselNext, CarouselPrevious, useCarousel } from '@/components/ui/carousel';
import { cn } from '@/lib/utils';
import { PROMOS, PROMO_AUTOPLAY_MS } from './dashboard-data';

/**
 * spec 1 §2, §9: the promo slider, advancing every 8 s. The carousel pauses on hover and focus,
 * never moves under reduced motion, and has a stop button (WCAG 2.2.2).
 */
export function PromoSlider() {
  return (
    <Carousel aria-label="Promotions" autoplayMs={PROMO_AUTOPLAY_MS} opts={{ loop: true }}>
      <PromoSlides />
      {/* Centred on the slide, not on the slide plus the controls row below it (mt-3 + h-8). */}
      <CarouselPrevious className="top-[calc(50%-22px)] left-3 hidden sm:inline-flex" />
      <CarouselNext className="top-[calc(50%-22px)] right-3 hidden sm:inline-flex" />
      <div className="mt-3 flex items-center justify-center gap-3">
        <CarouselAutoplayToggle />
        <PromoDots />
      </div>
    </Carousel>
  );
}

function PromoSlides() {
  const { isAutoplaying } = useCarousel();
  return (
    // WAI-ARIA carousel pattern: announce slide changes only when the person moves the slides.
    <CarouselContent aria-live={isAutoplaying ? 'off' : 'polite'}>
      {PROMOS.map((promo, i) => {
        const Icon = promo.icon;
        return (
          <CarouselItem key={promo.id} aria-label={`${promo.title}, ${i + 1} of ${PROMOS.length}`}>
            <div
              className={cn(
                'relative flex min-h-48 flex-col justify-center overflow-hidden rounded-2xl bg-gradient-to-br p-6 text-white sm:min-h-56 sm:px-16 sm:py-8',
                promo.gradient,
              )}
            >
              <Icon aria-hidden="true" className="pointer-events-none absolute -right-6 -bottom-6 size-40 text-white/15 sm:right-10 sm:size-48" />
              <p className="text-xs font-semibold tracking-wider text-white/90 uppercase">{promo.eyebrow}</p>
              <h2 className="mt-1 max-w-lg text-2xl font-extrabold sm:text-3xl">{promo.title}</h2>
              <p className="mt-2 max-w-lg text-sm text-white/90 sm:text-base">{promo.text}</p>
              <Link
                to={promo.to}
                className="mt-4 inline-flex w-fit items-center gap-1.5 rounded-md bg-white px-4 py-2 text-sm font-semibold text-neutral-900 shadow hover:bg-white/90 focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-neutral-900"
              >
                {promo.cta}
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
            </div>
          </CarouselItem>
        );
      })}
    </CarouselContent>
  );
}

/** One button per slide; the current one carries aria-current. */
function PromoDots() {
  const { api } = useCarousel();
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    onSelect();
    api.on('select', onSelect);
    api.on('reInit', onSelect);
    return () => {
      api.off('select', onSelect);
      api.off('reInit', onSelect);
    };
  }, [api]);

  return (
    <div className="flex items-center gap-1">
      {PROMOS.map((promo, i) => (
        <button
          key={promo.id}
          type="button"
          aria-label={`Show slide ${i + 1}: ${promo.title}`}
          aria-current={i === selected ? 'true' : undefined}
          onClick={() => api?.scrollTo(i)}
          className="group flex size-6 items-center justify-center rounded-full"
        >
          <span
            aria-hidden="true"
            className={cn(
              'block h-2 rounded-full transition-all',
              i === selected ? 'w-5 bg-primary' : 'w-2 bg-muted-foreground/40 group-hover:bg-muted-foreground/70',
            )}
          />
        </button>
      ))}
    </div>
  );
}

import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react';
import { ArrowLeftIcon, ArrowRightIcon, PauseIcon, PlayIcon } from 'lucide-react';
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ComponentProps, type FocusEvent, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { useReducedMotion } from '@/lib/use-reduced-motion';
import { cn } from '@/lib/utils';

export type CarouselApi = UseEmblaCarouselType[1];
type UseCarouselParameters = Parameters<typeof useEmblaCarousel>;
type CarouselOptions = UseCarouselParameters[0];
type CarouselPlugin = UseCarouselParameters[1];

type CarouselProps = {
  opts?: CarouselOptions;
  plugins?: CarouselPlugin;
  orientation?: 'horizontal' | 'vertical';
  setApi?: (api: CarouselApi) => void;
  /**
   * Advance to the next slide every `autoplayMs` milliseconds (wrapping to the first at the end).
   * Pauses while the pointer is over the carousel or focus is inside it, and never runs when the
   * person prefers reduced motion (WCAG 2.2.2 / 2.3.3).
   */
  autoplayMs?: number;
};

type CarouselContextValue = {
  carouselRef: ReturnType<typeof useEmblaCarousel>[0];
  api: CarouselApi;
  scrollPrev: () => void;
  scrollNext: () => void;
  canScrollPrev: boolean;
  canScrollNext: boolean;
  orientation: 'horizontal' | 'vertical';
  /** True when autoplayMs is set and the person does not prefer reduced motion. */
  canAutoplay: boolean;
  isAutoplaying: boolean;
  /** Rotation stopped with the pause button (stays stopped until started again). */
  isAutoplayStopped: boolean;
  toggleAutoplay: () => void;
};

const CarouselContext = createContext<CarouselContextValue | null>(null);

/** The carousel's state and controls, for custom controls (e.g. dots) inside <Carousel>. */
export function useCarousel(): CarouselContextValue {
  const context = useContext(CarouselContext);
  if (!context) throw new Error('useCarousel must be used within a <Carousel />');
  return context;
}

function isTextEntry(target: EventTarget): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * A carousel (WAI-ARIA carousel pattern): a region with aria-roledescription="carousel" whose
 * slides are groups with aria-roledescription="slide". Give it an `aria-label` (e.g. "Featured raffles").
 * Arrow keys move between slides while focus is inside it.
 */
export function Carousel({
  orientation = 'horizontal',
  opts,
  setApi,
  plugins,
  autoplayMs,
  className,
  children,
  onKeyDownCapture,
  onMouseEnter,
  onMouseLeave,
  onFocus,
  onBlur,
  ...props
}: ComponentProps<'div'> & CarouselProps) {
  const [carouselRef, api] = useEmblaCarousel({ ...opts, axis: orientation === 'horizontal' ? 'x' : 'y' }, plugins);
  const [canScrollPrev, setCanScrollPrev] = useState(false);
  const [canScrollNext, setCanScrollNext] = useState(false);
  const [isHovered, setIsHovered] = useState(false);
  const [isFocusWithin, setIsFocusWithin] = useState(false);
  const [isAutoplayStopped, setIsAutoplayStopped] = useState(false);
  const isReducedMotion = useReducedMotion();

  const onSelect = useCallback((emblaApi: CarouselApi) => {
    if (!emblaApi) return;
    setCanScrollPrev(emblaApi.canScrollPrev());
    setCanScrollNext(emblaApi.canScrollNext());
  }, []);

  const rootRef = useRef<HTMLDivElement>(null);
  // A disabled button cannot hold focus: when the focused arrow is about to be disabled (the first
  // or last slide was reached), hand focus to the other arrow so keyboard users stay in the carousel.
  const keepFocusInside = useCallback(() => {
    const active = document.activeElement;
    if (!api || !(active instanceof HTMLElement) || !rootRef.current?.contains(active)) return;
    const other =
      active.dataset.slot === 'carousel-next' && !api.canScrollNext()
        ? 'carousel-previous'
        : active.dataset.slot === 'carousel-previous' && !api.canScrollPrev()
          ? 'carousel-next'
          : null;
    if (other) rootRef.current.querySelector<HTMLElement>(`[data-slot="${other}"]`)?.focus();
  }, [api]);

  const scrollPrev = useCallback(() => {
    api?.scrollPrev();
    keepFocusInside();
  }, [api, keepFocusInside]);
  const scrollNext = useCallback(() => {
    api?.scrollNext();
    keepFocusInside();
  }, [api, keepFocusInside]);

  useEffect(() => {
    if (api && setApi) setApi(api);
  }, [api, setApi]);

  useEffect(() => {
    if (!api) return;
    onSelect(api);
    api.on('reInit', onSelect);
    api.on('select', onSelect);
    return () => {
      api.off('reInit', onSelect);
      api.off('select', onSelect);
    };
  }, [api, onSelect]);

  const canAutoplay = Boolean(autoplayMs && autoplayMs > 0 && !isReducedMotion);
  const isAutoplaying = Boolean(api && canAutoplay && !isAutoplayStopped && !isHovered && !isFocusWithin);
  const toggleAutoplay = useCallback(() => setIsAutoplayStopped((stopped) => !stopped), []);
  useEffect(() => {
    if (!isAutoplaying || !api || !autoplayMs) return;
    const timer = window.setInterval(() => {
      if (api.canScrollNext()) api.scrollNext();
      else api.scrollTo(0);
    }, autoplayMs);
    return () => window.clearInterval(timer);
  }, [isAutoplaying, api, autoplayMs]);

  function handleKeyDownCapture(event: KeyboardEvent<HTMLDivElement>) {
    onKeyDownCapture?.(event);
    if (event.defaultPrevented || isTextEntry(event.target)) return;
    const prevKey = orientation === 'horizontal' ? 'ArrowLeft' : 'ArrowUp';
    const nextKey = orientation === 'horizontal' ? 'ArrowRight' : 'ArrowDown';
    if (event.key === prevKey) {
      event.preventDefault();
      scrollPrev();
    } else if (event.key === nextKey) {
      event.preventDefault();
      scrollNext();
    }
  }

  function handleBlur(event: FocusEvent<HTMLDivElement>) {
    onBlur?.(event);
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsFocusWithin(false);
  }

  return (
    <CarouselContext.Provider
      value={{
        carouselRef,
        api,
        orientation,
        scrollPrev,
        scrollNext,
        canScrollPrev,
        canScrollNext,
        canAutoplay,
        isAutoplaying,
        isAutoplayStopped,
        toggleAutoplay,
      }}
    >
      <div
        ref={rootRef}
        onKeyDownCapture={handleKeyDownCapture}
        onMouseEnter={(event) => {
          onMouseEnter?.(event);
          setIsHovered(true);
        }}
        onMouseLeave={(event) => {
          onMouseLeave?.(event);
          setIsHovered(false);
        }}
        onFocus={(event) => {
          onFocus?.(event);
          setIsFocusWithin(true);
        }}
        onBlur={handleBlur}
        className={cn('relative', className)}
        role="region"
        aria-roledescription="carousel"
        data-slot="carousel"
        data-autoplay={isAutoplaying ? 'running' : 'stopped'}
        {...props}
      >
        {children}
      </div>
    </CarouselContext.Provider>
  );
}

export function CarouselContent({ className, ...props }: ComponentProps<'div'>) {
  const { carouselRef, orientation } = useCarousel();
  return (
    <div ref={carouselRef} className="overflow-hidden" data-slot="carousel-content">
      <div className={cn('flex', orientation === 'horizontal' ? '-ml-4' : '-mt-4 flex-col', className)} {...props} />
    </div>
  );
}

export function CarouselItem({ className, ...props }: ComponentProps<'div'>) {
  const { orientation } = useCarousel();
  return (
    <div
      role="group"
      aria-roledescription="slide"
      data-slot="carousel-item"
      className={cn('min-w-0 shrink-0 grow-0 basis-full', orientation === 'horizontal' ? 'pl-4' : 'pt-4', className)}
      {...props}
    />
  );
}

const arrowClassName = 'absolute size-8 rounded-full bg-background/90 shadow-md backdrop-blur-sm';

export function CarouselPrevious({ className, variant = 'outline', size = 'icon', children, ...props }: ComponentProps<typeof Button>) {
  const { orientation, scrollPrev, canScrollPrev } = useCarousel();
  return (
    <Button
      data-slot="carousel-previous"
      variant={variant}
      size={size}
      className={cn(arrowClassName, orientation === 'horizontal' ? 'top-1/2 left-2 -translate-y-1/2' : 'top-2 left-1/2 -translate-x-1/2 rotate-90', className)}
      disabled={!canScrollPrev}
      onClick={scrollPrev}
      {...props}
    >
      {children ?? (
        <>
          <ArrowLeftIcon aria-hidden="true" />
          <span className="sr-only">Previous slide</span>
        </>
      )}
    </Button>
  );
}

export function CarouselNext({ className, variant = 'outline', size = 'icon', children, ...props }: ComponentProps<typeof Button>) {
  const { orientation, scrollNext, canScrollNext } = useCarousel();
  return (
    <Button
      data-slot="carousel-next"
      variant={variant}
      size={size}
      className={cn(
        arrowClassName,
        orientation === 'horizontal' ? 'top-1/2 right-2 -translate-y-1/2' : 'bottom-2 left-1/2 -translate-x-1/2 rotate-90',
        className,
      )}
      disabled={!canScrollNext}
      onClick={scrollNext}
      {...props}
    >
      {children ?? (
        <>
          <ArrowRightIcon aria-hidden="true" />
          <span className="sr-only">Next slide</span>
        </>
      )}
    </Button>
  );
}

/**
 * WCAG 2.2.2: moving content needs a way to stop it. Renders nothing unless the carousel can
 * autoplay; the button stops and restarts the rotation (hover and focus pause it anyway).
 */
export function CarouselAutoplayToggle({ className, variant = 'outline', size = 'icon', ...props }: ComponentProps<typeof Button>) {
  const { canAutoplay, isAutoplayStopped, toggleAutoplay } = useCarousel();
  if (!canAutoplay) return null;
  return (
    <Button
      data-slot="carousel-autoplay-toggle"
      variant={variant}
      size={size}
      className={cn('size-8 rounded-full bg-background/90 shadow-md backdrop-blur-sm', className)}
      onClick={toggleAutoplay}
      {...props}
    >
      {isAutoplayStopped ? <PlayIcon aria-hidden="true" /> : <PauseIcon aria-hidden="true" />}
      <span className="sr-only">{isAutoplayStopped ? 'Start slide rotation' : 'Stop slide rotation'}</span>
    </Button>
  );
}

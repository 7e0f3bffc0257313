import { ArrowRight, ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Carousel, CarouselContent, CarouselItem, CarouselNext, CarouselPrevious } from '@/components/ui/carousel';

type FeaturedCarouselProps<T> = {
  /** Makes the heading's id unique on the page. */
  id: string;
  title: string;
  description: string;
  viewAll: { to: string; label: string };
  items: readonly T[];
  itemKey: (item: T) => string;
  itemLabel: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** Shown instead of the cards while they load, when they failed, or when there are none. */
  placeholder?: ReactNode;
};

/** A titled, horizontally scrolling row of cards with previous/next buttons and a "view all" link. */
export function FeaturedCarousel<T>({ id, title, description, viewAll, items, itemKey, itemLabel, renderItem, placeholder }: FeaturedCarouselProps<T>) {
  const titleId = `dashboard-${id}-title`;
  return (
    // The carousel is itself the labelled region (no extra <section>, which would repeat the landmark).
    <Carousel aria-labelledby={titleId} opts={{ align: 'start' }}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={titleId} className="text-xl font-bold tracking-tight">
            {title}
          </h2>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        <div className="flex items-center gap-2">
          <Link
            to={viewAll.to}
            className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {viewAll.label}
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
          <CarouselPrevious className="static translate-x-0 translate-y-0">
            <ChevronLeft aria-hidden="true" />
            <span className="sr-only">Previous: {title}</span>
          </CarouselPrevious>
          <CarouselNext className="static translate-x-0 translate-y-0">
            <ChevronRight aria-hidden="true" />
            <span className="sr-only">Next: {title}</span>
          </CarouselNext>
        </div>
      </div>
      {placeholder ? (
        <div className="mt-4">{placeholder}</div>
      ) : (
        <CarouselContent className="mt-4">
          {items.map((item, i) => (
            <CarouselItem
              key={itemKey(item)}
              aria-label={`${itemLabel(item)}, ${i + 1} of ${items.length}`}
              className="basis-[85%] sm:basis-1/2 lg:basis-1/3 xl:basis-1/4"
            >
              {renderItem(item)}
            </CarouselItem>
          ))}
        </CarouselContent>
      )}
    </Carousel>
  );
}

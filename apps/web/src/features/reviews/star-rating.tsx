import { Star, StarHalf } from 'lucide-react';
import { formatRating } from '@app/shared/domain/casino-reviews';

/** Five stars (half steps) and the rating to one decimal; read as 'Rated 4.5 out of 5'. */
export function StarRating({ rating }: { rating: number }) {
  const clamped = Math.min(5, Math.max(0, rating));
  return (
    <span className="inline-flex items-center gap-1">
      <span className="flex text-yellow-600 dark:text-yellow-400" aria-hidden="true">
        {Array.from({ length: 5 }, (_, i) => {
          const fill = clamped - i;
          if (fill >= 1) return <Star key={i} className="size-4 fill-current" />;
          if (fill >= 0.5) return <StarHalf key={i} className="size-4 fill-current" />;
          return <Star key={i} className="size-4 opacity-30" />;
        })}
      </span>
      <span className="text-sm font-semibold tabular-nums">
        <span className="sr-only">Rated </span>
        {formatRating(rating)}
        <span className="sr-only"> out of 5</span>
      </span>
    </span>
  );
}

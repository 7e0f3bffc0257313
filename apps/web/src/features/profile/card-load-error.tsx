import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';

/** A Settings card's data that did not arrive: what failed and why, with a retry that says it is running. */
export function CardLoadError({ what, query }: { what: string; query: Pick<UseQueryResult, 'error' | 'isFetching' | 'refetch'> }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
      <span>
        {what} could not be loaded: {errorMessage(query.error)}
      </span>
      <Button size="sm" variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
        {query.isFetching ? 'Retrying…' : 'Try again'}
      </Button>
    </div>
  );
}

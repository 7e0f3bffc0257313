import { AlertCircle, Loader2 } from 'lucide-react';
import { useDeferredValue, type ReactNode } from 'react';
import { PageLoader } from '@/components/page-loader';
import { loadFailedText, RetryButton } from '@/components/load-failed';
import { cn } from '@/lib/utils';

/** What QueryState reads of a TanStack query (a UseQueryResult fits). */
export type QueryLike<T> = {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching?: boolean;
  error: unknown;
  refetch: () => unknown;
};

/**
 * Where the state sits: `page` is a page's whole content (a full-height spinner, a framed failure
 * with an icon); `section` a part of a page or an admin screen (a spinner row, a bordered row);
 * `card` a part of something already framed (a card, a carousel, a dialog: a plain row); `text` a
 * line of text whose retry is a link.
 */
type QueryStateLayout = 'page' | 'section' | 'card' | 'text';

const ERROR_CLASS: Record<QueryStateLayout, string> = {
  page: 'flex flex-col items-start gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-6',
  section: 'flex flex-wrap items-center gap-3 rounded-md border border-destructive/40 p-4 text-sm',
  card: 'flex flex-wrap items-center gap-3 text-sm',
  text: 'text-sm text-destructive',
};

/**
 * A load that failed (role alert): `title` (optional, the screen's own heading or line), the
 * message, and the retry inside the alert.
 */
export function QueryError({
  title,
  message,
  onRetry,
  isRetrying,
  retryLabel,
  layout = 'page',
  className,
}: {
  title?: ReactNode;
  message: ReactNode;
  onRetry: () => void;
  isRetrying?: boolean;
  retryLabel?: string;
  layout?: QueryStateLayout;
  className?: string;
}) {
  const retry = (variant: 'outline' | 'link', size?: 'sm') => (
    <RetryButton onRetry={onRetry} isRetrying={isRetrying} label={retryLabel} variant={variant} size={size} />
  );
  if (layout === 'text') {
    return (
      <p role="alert" className={cn(ERROR_CLASS.text, className)}>
        {message} {retry('link', 'sm')}
      </p>
    );
  }
  return (
    <div role="alert" className={cn(ERROR_CLASS[layout], className)}>
      {title ? (
        // The screen's heading says what failed; the message under it says why.
        <div className="min-w-0">
          {title}
          <p className="text-sm text-muted-foreground">{message}</p>
        </div>
      ) : layout === 'page' ? (
        <p className="flex items-center gap-2 font-medium">
          <AlertCircle className="size-5 shrink-0 text-destructive" aria-hidden="true" />
          {message}
        </p>
      ) : (
        <span>{message}</span>
      )}
      {retry('outline', layout === 'page' ? undefined : 'sm')}
    </div>
  );
}

/** A load on its way (role status): the layout's spinner with `label`. */
export function QueryLoading({ label, layout = 'page', className }: { label: string; layout?: QueryStateLayout; className?: string }) {
  if (layout === 'page') return <PageLoader label={label} />;
  const spinner = <Loader2 className="size-4 shrink-0 animate-spin" aria-hidden="true" />;
  if (layout === 'section') {
    return (
      <div role="status" className={cn('flex items-center gap-2 py-8 text-muted-foreground', className)}>
        {spinner}
        <span>{label}</span>
      </div>
    );
  }
  return (
    <p role="status" className={cn('flex items-center gap-2 text-sm text-muted-foreground', className)}>
      {spinner}
      {label}
    </p>
  );
}

/**
 * The loading, failed and ready states of one query, the same on every screen: `loading` while the
 * first answer is on its way (words for the layout's spinner, or the screen's own placeholder), a
 * failure with a retry (`failure` names what could not be loaded, or gives the screen's own words),
 * then `children` with the data. A failed refetch shows the failure, as a failed first load does.
 * Without `children` it draws only the first two, for a screen that returns early:
 * `if (!query.isSuccess) return <QueryState query={query} … />`.
 */
export function QueryState<T>({
  query,
  loading,
  failure,
  title,
  retryLabel,
  showsRetrying = false,
  layout = 'page',
  className,
  children,
}: {
  query: QueryLike<T>;
  loading: ReactNode;
  /** 'The raffles' → 'The raffles could not be loaded. {reason}' (loadFailedText); or the screen's words for the error. */
  failure: string | ((error: unknown) => ReactNode);
  title?: ReactNode;
  retryLabel?: string;
  /** The retry says 'Retrying…' and waits while the query runs again. */
  showsRetrying?: boolean;
  layout?: QueryStateLayout;
  className?: string;
  children?: (data: T) => ReactNode;
}) {
  // The first answer renders as a deferred update: React draws `children` in slices between which
  // the browser runs (no long task for a whole page's first render; Lighthouse's TBT), keeping the
  // loading state on screen meanwhile. Later answers follow the same way.
  const data = useDeferredValue(query.data);
  if (query.isPending || (data === undefined && query.data !== undefined && !query.isError)) {
    return typeof loading === 'string' ? <QueryLoading label={loading} layout={layout} className={className} /> : <>{loading}</>;
  }
  if (query.isError || query.data === undefined) {
    return (
      <QueryError
        title={title}
        message={typeof failure === 'string' ? loadFailedText(failure, query.error) : failure(query.error)}
        onRetry={() => void query.refetch()}
        isRetrying={showsRetrying ? query.isFetching : undefined}
        retryLabel={retryLabel}
        layout={layout}
        className={className}
      />
    );
  }
  return <>{children?.(data ?? query.data)}</>;
}

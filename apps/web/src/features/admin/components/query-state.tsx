import type { ReactNode } from 'react';
import { QueryState, type QueryLike } from '@/components/query-state';
import { requestErrorMessage } from './request-error';

/**
 * QueryState in the admin console's words: 'Loading {label}…', then 'Could not load {label}:' with
 * the server's error (spec 1 §8) and Retry; `children` draws the data.
 */
export function AdminQueryState<T>({ query, label, children }: { query: QueryLike<T>; label: string; children: (data: T) => ReactNode }) {
  return (
    <QueryState
      query={query}
      layout="section"
      loading={`Loading ${label}…`}
      failure={(error) => `Could not load ${label}: ${requestErrorMessage(error)}`}
      retryLabel="Retry"
    >
      {children}
    </QueryState>
  );
}

/** The title row of an admin screen: its level-1 heading, a line of context and its actions. */
export function ScreenHeader({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {children && <div className="flex flex-wrap gap-2">{children}</div>}
    </div>
  );
}

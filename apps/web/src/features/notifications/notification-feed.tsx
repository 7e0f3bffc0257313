import type { NotificationPage } from '@app/shared/api/notifications';
import { QueryState, type QueryLike } from '@/components/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { NotificationItem } from './notification-item';

/**
 * A page of notifications as /notifications and the bell's panel show it: `placeholders` rows
 * while loading, the failure with Try again, `emptyText`, or the items (each can be marked read).
 */
export function NotificationFeed({
  query,
  placeholders,
  emptyText,
  label,
  className,
  busy,
  onMarkRead,
  onOpen,
}: {
  query: QueryLike<NotificationPage>;
  placeholders: number;
  emptyText: string;
  label: string;
  className?: string;
  busy: boolean;
  onMarkRead: (id: string) => void;
  onOpen?: () => void;
}) {
  return (
    <QueryState
      query={query}
      layout="text"
      loading={
        <div className="grid gap-2" aria-busy="true" aria-label="Loading notifications">
          {Array.from({ length: placeholders }, (_, i) => (
            <Skeleton key={i} className="h-16" />
          ))}
        </div>
      }
      failure={(error) => errorMessage(error, 'Could not load your notifications.')}
    >
      {({ notifications }) =>
        notifications.length === 0 ? (
          <p className="text-sm text-muted-foreground">{emptyText}</p>
        ) : (
          <ul className={cn('grid gap-2', className)} aria-label={label}>
            {notifications.map((n) => (
              <NotificationItem key={n.id} notification={n} busy={busy} onMarkRead={onMarkRead} onOpen={onOpen} />
            ))}
          </ul>
        )
      }
    </QueryState>
  );
}

import { QueryClientProvider } from '@tanstack/react-query';
import { Link } from 'react-router';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { useNotifications } from './api/get-notifications';
import { useMarkRead } from './api/mark-read';
import { useLiveChannelUp } from './live-store';
import { NotificationItem } from './notification-item';

const PANEL_FILTER = { page: 1, pageSize: 10, unread: false };

function PanelBody({ onClose }: { onClose: () => void }) {
  const live = useLiveChannelUp();
  const list = useNotifications(PANEL_FILTER, live);
  const markRead = useMarkRead();
  const items = list.data?.notifications ?? [];
  const unread = list.data?.unreadCount ?? 0;
  return (
    <div className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {list.data ? (unread === 0 ? 'All read' : `${unread} unread`) : ''}
        </p>
        <Button variant="outline" size="sm" disabled={unread === 0 || markRead.isPending} onClick={() => markRead.mutate({ all: true })}>
          Mark all read
        </Button>
      </div>
      <QueryState
        query={list}
        layout="text"
        loading={
          <div className="grid gap-2" aria-busy="true" aria-label="Loading notifications">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        }
        failure={(error) => errorMessage(error, 'Could not load your notifications.')}
      >
        {() =>
          items.length === 0 ? (
            <p className="text-sm text-muted-foreground">No notifications yet. Wins, order decisions and more will show up here.</p>
          ) : (
            <ul className="grid max-h-[60vh] gap-2 overflow-y-auto" aria-label="Newest notifications">
              {items.map((n) => (
                <NotificationItem key={n.id} notification={n} busy={markRead.isPending} onMarkRead={(id) => markRead.mutate({ ids: [id] })} onOpen={onClose} />
              ))}
            </ul>
          )
        }
      </QueryState>
      {markRead.isError && <p role="alert" className="text-sm text-destructive">{errorMessage(markRead.error, 'Could not mark them read.')}</p>}
      <Button variant="link" asChild className="justify-self-start px-0">
        <Link to="/notifications" onClick={onClose}>
          See all notifications
        </Link>
      </Button>
    </div>
  );
}

/** The bell's panel (lazy): the ten newest, mark read, mark all read, and the way to /notifications. */
export default function NotificationsPanel({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void; userId: string }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="top-4 w-[calc(100vw-2rem)] max-w-md translate-y-0 sm:top-16">
        <DialogHeader>
          <DialogTitle>Notifications</DialogTitle>
          <DialogDescription>What happened to your account, newest first.</DialogDescription>
        </DialogHeader>
        <QueryClientProvider client={queryClient}>
          <PanelBody onClose={() => onOpenChange(false)} />
        </QueryClientProvider>
      </DialogContent>
    </Dialog>
  );
}

import { QueryClientProvider } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { useNotifications } from './api/get-notifications';
import { useMarkRead } from './api/mark-read';
import { useLiveChannelUp } from './live-store';
import { NotificationFeed } from './notification-feed';

const PANEL_FILTER = { page: 1, pageSize: 10, unread: false };

function PanelBody({ onClose }: { onClose: () => void }) {
  const live = useLiveChannelUp();
  const list = useNotifications(PANEL_FILTER, live);
  const markRead = useMarkRead();
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
      <NotificationFeed
        query={list}
        placeholders={2}
        emptyText="No notifications yet. Wins, order decisions and more will show up here."
        label="Newest notifications"
        className="max-h-[60vh] overflow-y-auto"
        busy={markRead.isPending}
        onMarkRead={(id) => markRead.mutate({ ids: [id] })}
        onOpen={onClose}
      />
      {markRead.isError && (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(markRead.error, 'Could not mark them read.')}
        </p>
      )}
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

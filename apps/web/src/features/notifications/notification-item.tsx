import type { Notification } from '@app/shared/api/notifications';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** One notification: its words, its time, a link to the thing, and "Mark read" while unread. */
export function NotificationItem({
  notification,
  onMarkRead,
  onOpen,
  busy,
}: {
  notification: Notification;
  onMarkRead: (id: string) => void;
  onOpen?: () => void;
  busy?: boolean;
}) {
  const unread = notification.readAt === null;
  return (
    <li className={cn('grid gap-1 rounded-md border p-3', unread ? 'border-primary/40 bg-primary/5' : 'bg-card')}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="font-semibold">
          {unread && <span className="sr-only">Unread: </span>}
          {notification.link ? (
            <Link to={notification.link} className="underline-offset-4 hover:underline" onClick={onOpen}>
              {notification.title}
            </Link>
          ) : (
            notification.title
          )}
        </p>
        <time dateTime={notification.createdAt} className="text-xs text-muted-foreground">
          {when.format(new Date(notification.createdAt))}
        </time>
      </div>
      <p className="text-sm text-muted-foreground">{notification.body}</p>
      {unread && (
        <div>
          <Button variant="ghost" size="sm" disabled={busy} onClick={() => onMarkRead(notification.id)}>
            Mark read<span className="sr-only">: {notification.title}</span>
          </Button>
        </div>
      )}
    </li>
  );
}

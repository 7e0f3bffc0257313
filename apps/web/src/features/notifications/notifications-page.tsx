import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api-client';
import { useNotifications } from './api/get-notifications';
import { useMarkRead } from './api/mark-read';
import { usePreferences, useUpdatePreference } from './api/preferences';
import { useLiveChannelUp } from './live-store';
import { NotificationFeed } from './notification-feed';

const PAGE_SIZE = 20;

function NotificationList() {
  const [page, setPage] = useState(1);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const live = useLiveChannelUp();
  const list = useNotifications({ page, pageSize: PAGE_SIZE, unread: unreadOnly }, live);
  const markRead = useMarkRead();
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const unread = list.data?.unreadCount ?? 0;

  return (
    <Card>
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle asChild>
            <h2>Inbox</h2>
          </CardTitle>
          <Button variant="outline" size="sm" disabled={unread === 0 || markRead.isPending} onClick={() => markRead.mutate({ all: true })}>
            Mark all read
          </Button>
        </div>
        <div role="group" aria-label="Show" className="flex gap-2">
          {[
            { label: 'All', value: false },
            { label: `Unread (${unread})`, value: true },
          ].map((option) => (
            <Button
              key={option.label}
              size="sm"
              variant={unreadOnly === option.value ? 'default' : 'outline'}
              aria-pressed={unreadOnly === option.value}
              onClick={() => {
                setUnreadOnly(option.value);
                setPage(1);
              }}
            >
              {option.label}
            </Button>
          ))}
        </div>
      </CardHeader>
      <CardContent className="grid gap-3">
        <NotificationFeed
          query={list}
          placeholders={3}
          emptyText={unreadOnly ? 'Nothing unread.' : 'No notifications yet.'}
          label="Notifications"
          busy={markRead.isPending}
          onMarkRead={(id) => markRead.mutate({ ids: [id] })}
        />
        {markRead.isError && (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(markRead.error, 'Could not mark them read.')}
          </p>
        )}
        {pages > 1 && (
          <nav aria-label="Pages" className="flex items-center justify-between gap-2">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Newer
            </Button>
            <span className="text-sm text-muted-foreground">
              Page {page} of {pages}
            </span>
            <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              Older
            </Button>
          </nav>
        )}
      </CardContent>
    </Card>
  );
}

function Preferences() {
  const prefs = usePreferences();
  const update = useUpdatePreference();
  return (
    <Card id="preferences">
      <CardHeader>
        <CardTitle asChild>
          <h2>E-mail</h2>
        </CardTitle>
        <CardDescription>Everything shows up here on the site. Choose what also comes by e-mail.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {prefs.isPending ? (
          <Skeleton className="h-40" />
        ) : prefs.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(prefs.error, 'Could not load your e-mail choices.')}
          </p>
        ) : (
          <ul className="grid gap-3">
            {prefs.data.map((p) => (
              <li key={p.type} className="flex items-center justify-between gap-4">
                <label htmlFor={`pref-${p.type}`} className="text-sm">
                  {p.label}
                </label>
                <Switch
                  id={`pref-${p.type}`}
                  checked={p.email}
                  disabled={update.isPending}
                  onCheckedChange={(email) => update.mutate({ type: p.type, email })}
                  aria-describedby="pref-hint"
                />
              </li>
            ))}
          </ul>
        )}
        <p id="pref-hint" className="text-xs text-muted-foreground">
          On: also by e-mail. Off: on the site only.
        </p>
        {update.isError && (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(update.error, 'Could not save that choice.')}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

/** /notifications: every notification, paged, and the e-mail choices per type. */
export default function NotificationsPage() {
  useEffect(() => {
    if (window.location.hash === '#preferences') document.getElementById('preferences')?.scrollIntoView();
  }, []);
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8">
      <h1 className="text-2xl font-bold">Notifications</h1>
      <NotificationList />
      <Preferences />
    </div>
  );
}

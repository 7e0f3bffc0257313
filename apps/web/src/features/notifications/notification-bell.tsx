import { Bell } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useUnreadCount } from './live-store';

const loadPanel = () => import('./notifications-panel');
const NotificationsPanel = lazy(loadPanel);

/**
 * The header's bell (members): the unread count, and the newest notifications in a panel. It is in
 * the entry script, so it stays tiny: the panel and the live channel are lazy chunks, fetched after
 * the page is drawn.
 */
export default function NotificationBell({ userId, onPoints }: { userId: string; onPoints: (points: number) => void }) {
  const unread = useUnreadCount();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const onPointsRef = useRef(onPoints);
  useEffect(() => {
    onPointsRef.current = onPoints;
  }, [onPoints]);

  // One channel per signed-in member.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./live-channel').then(({ connectLiveChannel }) => {
      if (!cancelled) stop = connectLiveChannel({ onPoints: (points) => onPointsRef.current(points) });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId]);

  const count = unread ?? 0;
  const label = count === 0 ? 'Notifications, none unread' : `Notifications, ${count} unread`;
  return (
    <>
      <button
        type="button"
        className="relative inline-flex size-9 items-center justify-center rounded-md hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <Bell className="size-5" aria-hidden="true" />
        {/* red-700 in both themes: white 10 px text needs 4.5:1, and the dark theme's destructive red is lighter. */}
        {count > 0 && (
          <span
            data-testid="bell-count"
            aria-hidden="true"
            className="absolute -right-0.5 -top-0.5 min-w-4 rounded-full bg-red-700 px-1 text-center text-[10px] font-bold leading-4 text-white"
          >
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <NotificationsPanel open={open} onOpenChange={setOpen} userId={userId} />
        </Suspense>
      )}
    </>
  );
}

import { Gift, Heart, Star, Zap } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { streamAlertText, streamAlertTypesOf, type StreamAlert, type StreamAlertType } from '@app/shared/api/stream-alerts';
import { useOverlayPage } from '@/lib/use-overlay-page';
import { connectAlerts } from './alerts-channel';
import { useAlertQueue } from './use-alert-queue';

const ICONS: Record<StreamAlertType, typeof Heart> = { follow: Heart, sub: Star, gift: Gift, currency: Zap };
const TITLES: Record<StreamAlertType, string> = { follow: 'New follower', sub: 'New subscriber', gift: 'Gifted subs', currency: 'Support' };

/**
 * The alerts overlay (/overlay/alerts?types=follow,sub,gift,currency): follows, new subscriptions,
 * gifted subscriptions and KICKs from the live channel, one at a time for five seconds each, in the
 * order they came; nothing on screen between them. `?types=` picks the kinds (all by default).
 */
export default function AlertsOverlayPage() {
  useOverlayPage();
  const [params] = useSearchParams();
  const typesKey = streamAlertTypesOf(params.get('types')).join(',');
  const { current, add } = useAlertQueue();

  useEffect(() => {
    const types = typesKey.split(',');
    return connectAlerts((alert) => {
      if (types.includes(alert.type)) add(alert);
    });
  }, [typesKey, add]);

  return (
    <div className="flex min-h-dvh items-start justify-center p-[1rem]">
      <h1 className="sr-only">Stream alerts</h1>
      <div role="status" aria-live="polite" aria-atomic="true">
        {current && <AlertCard key={current.id} alert={current} />}
      </div>
    </div>
  );
}

function AlertCard({ alert }: { alert: StreamAlert }) {
  const Icon = ICONS[alert.type];
  return (
    <div className="flex max-w-2xl items-center gap-4 rounded-2xl border-2 border-primary bg-background/90 px-6 py-4 text-foreground shadow-lg">
      <Icon aria-hidden="true" className="size-12 shrink-0 text-primary" />
      <div className="grid gap-1">
        <p className="text-base font-semibold text-muted-foreground">
          {TITLES[alert.type]} · {alert.platform}
        </p>
        <p className="text-2xl font-bold break-words">{streamAlertText(alert)}</p>
      </div>
    </div>
  );
}

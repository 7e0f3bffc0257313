import { Copy, ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/sonner';

/** The overlay's address as broadcast software needs it: absolute, on this site's origin. */
export function overlayUrlOf(path: string, origin: string = window.location.origin): string {
  return new URL(path, origin).toString();
}

/**
 * A stream overlay's absolute URL with Copy (to the clipboard) and Open (a new tab): what a streamer
 * pastes into a browser source. `path` is the overlay's path with its query (`/overlay/alerts?types=follow`).
 */
export function OverlayLink({ label, path }: { label: string; path: string }) {
  const id = useId();
  const url = overlayUrlOf(path);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: `Copied the ${label} URL` });
    } catch {
      toast({ title: 'Could not copy: select the address and copy it', variant: 'destructive' });
    }
  };
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label} URL
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <Input id={id} readOnly value={url} className="min-w-0 flex-1 font-mono" onFocus={(e) => e.currentTarget.select()} />
        <Button type="button" size="sm" variant="outline" onClick={() => void copy()} aria-label={`Copy the ${label} URL`}>
          <Copy aria-hidden="true" /> Copy
        </Button>
        <Button asChild size="sm" variant="outline">
          <a href={url} target="_blank" rel="noopener noreferrer" aria-label={`Open the ${label} in a new tab`}>
            <ExternalLink aria-hidden="true" /> Open
          </a>
        </Button>
      </div>
    </div>
  );
}

/** The stream's overlays that need no id, for the Stream screen (a bonus hunt's overlay sits on its hunt). */
export const STREAM_OVERLAYS = [
  { label: 'Alerts overlay', path: '/overlay/alerts' },
  { label: 'Giveaway overlay', path: '/overlay/giveaway' },
  { label: 'Leaderboard overlay', path: '/overlay/leaderboard' },
  { label: 'Deal or No Deal overlay', path: '/overlay/dealornodeal' },
  { label: 'Prediction overlay', path: '/overlay/prediction' },
] as const;

/**
 * Every overlay's URL with Copy and Open, and what the URLs take: `?theme=light` (dark by default),
 * `?scale=0.5` to `3`, `?rows=N` on lists, `?types=follow,sub,gift,currency` on alerts.
 */
export function StreamOverlayLinks() {
  return (
    <section aria-labelledby="stream-overlays-title" className="grid gap-3">
      <h2 id="stream-overlays-title" className="text-lg font-semibold">
        Overlays
      </h2>
      <p className="text-sm text-muted-foreground">
        Add each as a browser source at 1920 × 1080. Add <code>?theme=light</code> for the light theme, <code>?scale=1.5</code> (0.5 to 3) to resize,{' '}
        <code>?rows=5</code> to list fewer rows, and on alerts <code>?types=follow,sub,gift,currency</code> to choose which show.
      </p>
      {STREAM_OVERLAYS.map((o) => (
        <OverlayLink key={o.path} label={o.label} path={o.path} />
      ))}
    </section>
  );
}

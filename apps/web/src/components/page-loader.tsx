import { Loader2 } from 'lucide-react';

/**
 * A spinner with its words. `isScreenHigh`, for a page whose content is taller than a screen once
 * loaded, makes it a screen high, as the layout's own placeholder is (root-layout.tsx): what follows
 * it (the footer, the page's later sections) stays below the fold and does not move on screen when
 * the content arrives (Lighthouse's CLS: the finished hunt page moved by 0.44 and /raffles by 0.30
 * with the 40vh spinner). Elsewhere (a game's chunk in its panel, a dialog) it stays 40vh.
 */
export function PageLoader({ label = 'Loading…', isScreenHigh = false }: { label?: string; isScreenHigh?: boolean }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={`flex ${isScreenHigh ? 'min-h-dvh' : 'min-h-[40vh]'} items-center justify-center gap-2 text-muted-foreground`}
    >
      <Loader2 className="size-5 animate-spin" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

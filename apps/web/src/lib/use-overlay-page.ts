import { useLayoutEffect } from 'react';
import { useSearchParams } from 'react-router';

/** `?scale=` bounds: half size up to three times. */
export const OVERLAY_SCALE = { min: 0.5, max: 3 } as const;

/**
 * The root font size of an overlay at scale 1. The overlays size everything in rem, and the
 * smallest text they use is Tailwind's text-xs (0.75rem): at 80/3 px it is 20 px, the least that
 * reads on a 1080p stream; the layouts are made to fit 1920 × 1080 at this size.
 */
export const OVERLAY_ROOT_PX = 80 / 3;

export type OverlayTheme = 'dark' | 'light';
export type OverlayOptions = { theme: OverlayTheme; scale: number };

/**
 * `?theme=dark|light` (dark unless light is asked for: the broadcast machine's own setting is not
 * what the stream should show) and `?scale=0.5–3` (1 when absent or not a number; clamped).
 */
export function overlayOptionsOf(params: URLSearchParams): OverlayOptions {
  const theme: OverlayTheme = params.get('theme')?.toLowerCase() === 'light' ? 'light' : 'dark';
  const raw = Number(params.get('scale') ?? '1');
  const scale = Number.isFinite(raw) && params.get('scale') !== '' ? Math.min(OVERLAY_SCALE.max, Math.max(OVERLAY_SCALE.min, raw)) : 1;
  return { theme, scale };
}

/**
 * `?rows=N`: a positive whole number up to `max`, else `fallback`. For the overlays that list rows
 * (a bonus hunt's bonuses, the leaderboard).
 */
export function overlayRowsOf(params: URLSearchParams, fallback: number, max: number): number {
  const n = Number(params.get('rows'));
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

/**
 * A stream overlay page (for broadcast software): while it is shown, a transparent page in the
 * theme and at the scale its URL asks for (not the stored or system theme: there is no header here
 * to change it, and the stream should not follow the broadcast machine). Answers the options.
 */
export function useOverlayPage(): OverlayOptions {
  const [params] = useSearchParams();
  const options = overlayOptionsOf(params);
  const { theme, scale } = options;
  useLayoutEffect(() => {
    const root = document.documentElement;
    const before = {
      dark: root.classList.contains('dark'),
      colorScheme: root.style.colorScheme,
      background: root.style.background,
      fontSize: root.style.fontSize,
    };
    root.classList.toggle('dark', theme === 'dark');
    root.style.colorScheme = theme;
    root.style.background = 'transparent';
    root.style.fontSize = `${OVERLAY_ROOT_PX * scale}px`;
    document.body.style.background = 'transparent';
    return () => {
      root.classList.toggle('dark', before.dark);
      root.style.colorScheme = before.colorScheme;
      root.style.background = before.background;
      root.style.fontSize = before.fontSize;
      document.body.style.background = '';
    };
  }, [theme, scale]);
  return options;
}

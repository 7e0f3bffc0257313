import { useEffect } from 'react';
import { useTheme } from '@/lib/theme';

/**
 * A stream overlay page (for broadcast software): a transparent page while it is shown, and the
 * stored or system theme (there is no header here to hold it).
 */
export function useOverlayPage(): void {
  useTheme();
  useEffect(() => {
    const { style } = document.documentElement;
    const before = style.background;
    style.background = 'transparent';
    document.body.style.background = 'transparent';
    return () => {
      style.background = before;
      document.body.style.background = '';
    };
  }, []);
}

import { useCallback, useEffect, useState, type RefObject } from 'react';

export type FullscreenControl = { isFullscreen: boolean; isSupported: boolean; toggle(): Promise<void> };

/** Fullscreen API toggle on one element; follows Esc and other exits through 'fullscreenchange'. */
export function useFullscreen(target: RefObject<HTMLElement | null>): FullscreenControl {
  const [isFullscreen, setIsFullscreen] = useState(false);
  useEffect(() => {
    const onChange = () => setIsFullscreen(document.fullscreenElement !== null && document.fullscreenElement === target.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [target]);
  const isSupported = typeof document !== 'undefined' && document.fullscreenEnabled === true;
  const toggle = useCallback(async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await target.current?.requestFullscreen();
    } catch {
      // Refused by the browser (no user gesture, iframe policy): nothing changed, and the state says so.
    }
  }, [target]);
  return { isFullscreen, isSupported, toggle };
}

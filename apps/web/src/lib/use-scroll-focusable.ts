import { useCallback, useRef } from 'react';

/**
 * A ref callback that makes a scroll container a tab stop while, and only while, its content
 * overflows it, so keyboard users can scroll it (axe 'scrollable-region-focusable', WCAG 2.1.1)
 * and a container whose content fits adds no useless stop. Give the element a name too
 * (aria-label or aria-labelledby) so the stop is announced.
 */
export function useScrollFocusable<T extends HTMLElement>(): (element: T | null) => void {
  const cleanup = useRef<() => void>(undefined);
  return useCallback((element: T | null) => {
    cleanup.current?.();
    cleanup.current = undefined;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const update = () => {
      const overflows = element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight;
      if (overflows) element.tabIndex = 0;
      else element.removeAttribute('tabindex');
    };
    const observer = new ResizeObserver(update);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    const mutations = new MutationObserver(() => {
      for (const child of Array.from(element.children)) observer.observe(child);
      update();
    });
    mutations.observe(element, { childList: true });
    update();
    cleanup.current = () => {
      observer.disconnect();
      mutations.disconnect();
    };
  }, []);
}

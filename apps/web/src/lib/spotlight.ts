import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { prefersReducedMotion } from './use-reduced-motion';

/**
 * Points at a real control on a page (the Interactive How-To's): scrolls it into view, focuses it and
 * rings it for a few seconds, pulsing unless the person asked for less motion. A control is found by
 * its role and accessible name, as a screen reader would name it, so no page has to carry hooks for it.
 * `open` first clicks a tab (or button) that reveals the control.
 */
export type SpotlightTarget = {
  role: 'button' | 'link' | 'tab' | 'textbox' | 'combobox' | 'heading';
  /** Case-insensitive start of the accessible name. */
  name: string;
  open?: { role: 'tab' | 'button'; name: string };
};

/** Navigation state that asks the next page to spotlight a control. */
type SpotlightState = { spotlight: SpotlightTarget };

const SELECTORS: Record<SpotlightTarget['role'], string> = {
  button: 'button, [role="button"]',
  link: 'a[href]',
  tab: '[role="tab"]',
  textbox: 'input:not([type="hidden"]), textarea',
  combobox: '[role="combobox"], select',
  heading: 'h1, h2, h3',
};

function accessibleName(el: HTMLElement): string {
  const label = el.getAttribute('aria-label');
  if (label) return label;
  const labelledBy = el.getAttribute('aria-labelledby');
  if (labelledBy) {
    const text = labelledBy
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    if (text.trim()) return text;
  }
  // Inputs, selects, text areas and buttons (a Radix select's trigger) take their name from a <label for>.
  const labels = (el as Partial<HTMLInputElement>).labels;
  if (labels && labels.length > 0) {
    const text = [...labels].map((l) => l.textContent ?? '').join(' ');
    if (text.trim()) return text;
  }
  return el.textContent ?? '';
}

/** The first visible element of the role whose accessible name starts with `name`. */
function findControl(role: SpotlightTarget['role'], name: string): HTMLElement | null {
  const wanted = name.trim().toLowerCase();
  for (const el of document.querySelectorAll<HTMLElement>(SELECTORS[role])) {
    if (el.getClientRects().length === 0) continue;
    if (accessibleName(el).replace(/\s+/g, ' ').trim().toLowerCase().startsWith(wanted)) return el;
  }
  return null;
}

const RING = '0 0 0 3px var(--color-background), 0 0 0 6px var(--color-primary)';

/** Rings, scrolls to and focuses `el`; the ring goes after 6 s or when focus leaves. */
export function spotlightElement(el: HTMLElement): void {
  const reduced = prefersReducedMotion();
  if (!el.matches('a[href], button, input, select, textarea, [tabindex]')) el.setAttribute('tabindex', '-1');
  el.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'center' });
  el.focus({ preventScroll: true });
  const before = el.style.boxShadow;
  el.style.boxShadow = RING;
  el.dataset.spotlight = 'true';
  const animation = reduced
    ? null
    : el.animate?.([{ boxShadow: RING }, { boxShadow: '0 0 0 3px var(--color-background), 0 0 0 10px transparent' }], { duration: 900, iterations: 5 });
  const clear = () => {
    animation?.cancel();
    el.style.boxShadow = before;
    delete el.dataset.spotlight;
    el.removeEventListener('blur', clear);
  };
  el.addEventListener('blur', clear);
  window.setTimeout(clear, 6000);
}

/** Waits (up to `timeoutMs`) for a control to render, then spotlights it; resolves whether it was found. */
function spotlight(target: SpotlightTarget, timeoutMs = 4000): Promise<boolean> {
  const started = performance.now();
  let opened = false;
  return new Promise((resolve) => {
    const attempt = () => {
      if (target.open && !opened) {
        const opener = findControl(target.open.role, target.open.name);
        if (opener) {
          // Radix tabs switch on mouse down (and on focus), not on click: send what a pointer would.
          opener.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true, button: 0 }));
          opener.click();
          opened = true;
        }
      }
      const el = (!target.open || opened) && findControl(target.role, target.name);
      if (el) {
        spotlightElement(el);
        resolve(true);
      } else if (performance.now() - started > timeoutMs) {
        resolve(false);
      } else {
        window.setTimeout(attempt, 100);
      }
    };
    attempt();
  });
}

/** Spotlights the control the navigation asked for (`state.spotlight`), once per navigation. */
export function useSpotlightFromLocation(): void {
  const location = useLocation();
  const target = (location.state as Partial<SpotlightState> | null)?.spotlight;
  useEffect(() => {
    if (target) void spotlight(target);
    // Once per navigation: the key changes with each one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);
}

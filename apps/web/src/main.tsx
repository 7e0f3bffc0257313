import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { holdFirstPage, preloadFirstPage } from './app/app-routes';
import './index.css';

// zod (in the lazy chunks) probes `new Function` as it builds its first object schema, which the
// server's CSP (no 'unsafe-eval') reports as a violation (Lighthouse best practices, "issues in the
// DevTools panel", on /raffles and /slots). Its jitless setting skips the probe and the compiled
// parsers; zod reads its settings from this global, so the entry sets it without importing zod.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

const root = createRoot(document.getElementById('root')!);
const render = () =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

/** Resolves after the next frame is painted (or after 100 ms in a tab that paints no frames). */
const afterNextPaint = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });

// A chunk that fails to load is reported by the page's error boundary when React asks for it again.
const firstPage = (pathname: string) => preloadFirstPage(pathname).catch(() => undefined);

if (window.location.pathname === '/' || window.location.hash) {
  // The landing page is in the entry. A link to a #section draws the page at once with everything
  // in, so that it can scroll to the section.
  void firstPage(window.location.pathname).then(render);
} else {
  // The layout (header, footer below the fold) is drawn first; the page's chunks, fetched
  // meanwhile by the server's modulepreload hints, run after that paint, and the page then appears
  // in its place (root-layout.tsx): nothing on screen moves.
  holdFirstPage(afterNextPaint().then(() => firstPage(window.location.pathname)));
  render();
}

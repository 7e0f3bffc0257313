import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadFirstPage } from './app/app-routes';
import './index.css';

// The first page's chunks before the first render; one that fails to load here is reported by the
// page's error boundary when React asks for it again.
void preloadFirstPage(window.location.pathname)
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );

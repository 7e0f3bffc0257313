import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ExternalToast } from 'sonner';

// Sonner and its toaster are a chunk of their own, fetched by the first toast: most visits never
// show one, and the landing page's entry script stays under its size budget. Sonner hands the toasts
// created before its Toaster subscribed to it when it does, so none is lost while the chunk loads.
const ThemedToaster = lazy(() => import('./themed-toaster'));
const loadSonner = () => import('sonner');

let isToasterWanted = false;
const listeners = new Set<() => void>();

function wantToaster() {
  if (isToasterWanted) return;
  isToasterWanted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getIsToasterWanted = () => isToasterWanted;

/** Where toasts appear; renders nothing until the first toast. */
export function Toaster() {
  const isWanted = useSyncExternalStore(subscribe, getIsToasterWanted, getIsToasterWanted);
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <ThemedToaster />
    </Suspense>
  );
}

type ToastInput = { title: string; description?: string; variant?: 'default' | 'destructive' } & Omit<ExternalToast, 'description'>;

/** A toast with a title and optional description; `variant: 'destructive'` shows it as an error, red in both themes. */
export function toast({ title, description, variant = 'default', ...options }: ToastInput): void {
  wantToaster();
  void loadSonner().then(({ toast: sonnerToast }) => {
    if (variant === 'destructive') sonnerToast.error(title, { description, ...options });
    else sonnerToast(title, { description, ...options });
  });
}

import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React.lazy itself accepts
type PageModule = { default: ComponentType<any> };

type PreloadableComponent<M extends PageModule> = LazyExoticComponent<M['default']> & {
  /** Fetches the component's chunk (resolves to its module); after that it renders without suspending. */
  preload: () => Promise<M>;
};

/**
 * React.lazy whose chunk can be fetched ahead of rendering. After `preload()` the lazy component
 * gets an already-resolved thenable, which React reads synchronously: no Suspense fallback and no
 * wait for React's reveal timer (main.tsx preloads the first page this way, as the data router did).
 */
export function lazyWithPreload<M extends PageModule>(load: () => Promise<M>): PreloadableComponent<M> {
  let loaded: M | undefined;
  const preload = () => load().then((module) => (loaded = module));
  const component = lazy<M['default']>(() => {
    if (!loaded) return preload();
    const module = loaded;
    // A thenable that calls back at once: React marks the lazy component resolved before rendering it.
    return { then: (resolve: (value: M) => void) => resolve(module) } as unknown as Promise<M>;
  });
  return Object.assign(component, { preload });
}

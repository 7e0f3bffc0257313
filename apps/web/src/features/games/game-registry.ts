/**
 * slug → the game's component, each its own lazy chunk: apps/web/src/features/games/<slug>/<slug>-game.tsx
 * (default export, no props). Found with import.meta.glob so a game whose folder is not built yet simply has
 * no entry (the page then says it is coming soon) instead of breaking the build.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { GAME_SLUGS, type GameSlug } from '@app/shared/games/catalogue';

type GameModule = { default: ComponentType };

const loaders = import.meta.glob<GameModule>('./*/*-game.tsx');

function loaderFor(slug: GameSlug): (() => Promise<GameModule>) | undefined {
  return loaders[`./${slug}/${slug}-game.tsx`];
}

const components = new Map<GameSlug, LazyExoticComponent<ComponentType>>();
for (const slug of GAME_SLUGS) {
  const load = loaderFor(slug);
  if (load) components.set(slug, lazy(load));
}

/** The lazy component of a built game, or undefined while the game is not built yet. */
export function gameComponent(slug: GameSlug): LazyExoticComponent<ComponentType> | undefined {
  return components.get(slug);
}

export function isGameBuilt(slug: GameSlug): boolean {
  return components.has(slug);
}

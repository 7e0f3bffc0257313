import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `<link rel="modulepreload">` hints for the page a request opens (a Lighthouse finding): without
 * them the browser finds a page's chunks one after the other (the entry, then QueryLayout with the
 * page table, then the page, then a game), each after the previous one ran; with them it fetches
 * them all while it parses the HTML. The chunks come from Vite's manifest (apps/web/dist/.vite).
 */

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/**
 * The pages of apps/web/src/app/router.tsx, by path pattern, as source files (the manifest's keys).
 * A page missing here only loses its hints (spa.test.ts compares this list with router.tsx); `/` is
 * in the entry script already.
 */
export const PAGES: [pattern: string, source: string][] = [
  ['/games', 'src/features/games/games-page.tsx'],
  ['/games/:slug', 'src/features/games/game-page.tsx'],
  ['/rewards', 'src/features/rewards/rewards-page.tsx'],
  ['/leaderboard', 'src/features/leaderboard/leaderboard-page.tsx'],
  ['/levelup-rewards', 'src/features/level-rewards/level-rewards-page.tsx'],
  ['/raffles', 'src/features/raffles/raffles-page.tsx'],
  ['/predictions', 'src/features/predictions/predictions-page.tsx'],
  ['/casino-reviews', 'src/features/reviews/casino-reviews-page.tsx'],
  ['/points-store-public', 'src/features/store/points-store-public-page.tsx'],
  ['/terms', 'src/features/terms/terms-page.tsx'],
  ['/slots', 'src/features/slots/slots-page.tsx'],
  ['/slots/picker', 'src/features/slots/picker-page.tsx'],
  ['/bonus-hunts', 'src/features/bonus-hunts/hunts-page.tsx'],
  ['/bonus-hunts/:id', 'src/features/bonus-hunts/hunt-page.tsx'],
  ['/overlay/bonus-hunt/:id', 'src/features/bonus-hunts/overlay-page.tsx'],
  ['/overlay/dealornodeal', 'src/features/games/deal-or-no-deal/overlay-page.tsx'],
  ['/overlay/prediction', 'src/features/predictions/overlay-page.tsx'],
  ['/overlay/giveaway', 'src/features/overlays/giveaway-overlay-page.tsx'],
  ['/overlay/leaderboard', 'src/features/overlays/leaderboard-overlay-page.tsx'],
  ['/overlay/alerts', 'src/features/overlays/alerts-overlay-page.tsx'],
  ['/gadgets/mines-assist', 'src/features/gadgets/mines-assist/mines-assist-page.tsx'],
  ['/how-to', 'src/features/gadgets/how-to/how-to-page.tsx'],
  ['/verify-email', 'src/features/auth/verify-email-route.tsx'],
  ['/verify-success', 'src/features/auth/verify-success-route.tsx'],
  ['/verify-failed', 'src/features/auth/verify-failed-route.tsx'],
  ['/reset-password', 'src/features/auth/reset-password-route.tsx'],
  ['/profile', 'src/features/profile/profile-page.tsx'],
  ['/dashboard', 'src/features/dashboard/dashboard-page.tsx'],
  ['/points-store', 'src/features/store/points-store-page.tsx'],
  ['/gadgets/king-of-the-hill', 'src/features/gadgets/king-of-the-hill/king-of-the-hill-page.tsx'],
  ['/challenges', 'src/features/challenges/challenges-page.tsx'],
  ['/notifications', 'src/features/notifications/notifications-page.tsx'],
  ['/admin/*', 'src/features/admin/admin-page.tsx'],
];
/** Every page but the landing page comes inside this chunk (app-routes.tsx). */
const PAGE_LAYOUT = 'src/app/query-layout.tsx';
/** Game folders named otherwise than their slug (the slug is a stored value; docs/decisions.md "One name per thing"). */
const GAME_FOLDERS: Record<string, string> = { dealornodeal: 'deal-or-no-deal' };
/** A game's own chunk, loaded by the game page for /games/:slug. */
const gameSource = (slug: string) => {
  const folder = GAME_FOLDERS[slug] ?? slug;
  return `src/features/games/${folder}/${folder}-game.tsx`;
};

function matches(pattern: string, pathname: string): { slug?: string } | undefined {
  const want = pattern.split('/');
  const got = pathname.replace(/\/+$/, '').split('/');
  // A trailing `*` (React Router's splat) matches the rest, including nothing: /admin, /admin/users.
  if (want.at(-1) === '*') {
    want.pop();
    if (got.length < want.length) return undefined;
    got.length = want.length;
  }
  if (want.length !== got.length) return undefined;
  let slug: string | undefined;
  for (let i = 0; i < want.length; i += 1) {
    if (want[i]!.startsWith(':')) {
      if (!got[i]) return undefined;
      slug = got[i];
    } else if (want[i] !== got[i]) {
      return undefined;
    }
  }
  return { slug };
}

/**
 * Reads the manifest of the built SPA; undefined when there is none (a dev build). The function it
 * returns gives the script files (URLs) to preload for a path, in the order they are needed,
 * without those the entry script loads itself.
 */
export function routePreloads(webRoot: string): ((pathname: string) => string[]) | undefined {
  const manifestFile = path.join(webRoot, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;

  const closure = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(key)) return;
    into.add(key);
    for (const imported of chunk.imports ?? []) closure(imported, into);
  };
  const alreadyLoaded = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(key, alreadyLoaded);

  const filesOf = (sources: string[]): string[] => {
    const keys = new Set<string>();
    for (const source of sources) closure(source, keys);
    return [...keys].filter((key) => !alreadyLoaded.has(key)).map((key) => `/${manifest[key]!.file}`);
  };

  const cache = new Map<string, string[]>();
  return (pathname: string) => {
    for (const [pattern, source] of PAGES) {
      const match = matches(pattern, pathname);
      if (!match) continue;
      const sources = [PAGE_LAYOUT, source];
      if (match.slug && /^[a-z0-9-]+$/.test(match.slug) && manifest[gameSource(match.slug)]) sources.push(gameSource(match.slug));
      const key = sources.join('\n');
      let files = cache.get(key);
      if (!files) {
        files = filesOf(sources);
        cache.set(key, files);
      }
      return files;
    }
    return [];
  };
}

/**
 * index.html with the hints before </head> (crossorigin as Vite's own module tags). They are of low
 * priority: the entry script and the stylesheet, which draw the layout (main.tsx draws it before
 * the page's chunks run), come first.
 */
export function withPreloads(html: string, files: string[]): string {
  if (files.length === 0) return html;
  const links = files.map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${file}">`).join('\n    ');
  return html.replace('</head>', `  ${links}\n  </head>`);
}

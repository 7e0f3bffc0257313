import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { rootDir } from '../lib/paths.ts';
import { PAGES, routePreloads } from './route-preloads.ts';

/**
 * index.html with modulepreload hints for the page it opens: a small built SPA written
 * here (index.html and a Vite manifest of the same shape as apps/web/dist/.vite/manifest.json).
 */
const manifest = {
  'index.html': { file: 'assets/index-E.js', isEntry: true, imports: ['_react-R.js'], dynamicImports: ['src/app/query-layout.tsx'] },
  '_react-R.js': { file: 'assets/react-R.js' },
  '_query-Q.js': { file: 'assets/query-Q.js', imports: ['_react-R.js'] },
  '_ui-U.js': { file: 'assets/ui-U.js', imports: ['_react-R.js'] },
  'src/app/query-layout.tsx': { file: 'assets/query-layout-L.js', isDynamicEntry: true, imports: ['_react-R.js', '_query-Q.js', 'index.html'] },
  'src/features/rewards/rewards-page.tsx': {
    file: 'assets/rewards-page-P.js',
    isDynamicEntry: true,
    imports: ['index.html', '_ui-U.js', 'src/app/query-layout.tsx'],
  },
  'src/features/games/game-page.tsx': { file: 'assets/game-page-G.js', isDynamicEntry: true, imports: ['_ui-U.js'] },
  'src/features/games/dice/dice-game.tsx': { file: 'assets/dice-game-D.js', isDynamicEntry: true, imports: ['_ui-U.js'] },
  'src/features/admin/admin-page.tsx': { file: 'assets/admin-page-A.js', isDynamicEntry: true, imports: ['src/app/query-layout.tsx'] },
};
const indexHtml =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Rewards Hub</title>\n    <script type="module" crossorigin src="/assets/index-E.js"></script>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n';

describe('the SPA page with modulepreload hints', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'rh-spa-'));
  let app: FastifyInstance;
  beforeAll(async () => {
    mkdirSync(path.join(root, '.vite'), { recursive: true });
    mkdirSync(path.join(root, 'assets'), { recursive: true });
    writeFileSync(path.join(root, 'index.html'), indexHtml);
    writeFileSync(path.join(root, '.vite', 'manifest.json'), JSON.stringify(manifest));
    writeFileSync(path.join(root, 'assets', 'rewards-page-P.js'), 'export default 1;\n');
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: path.join(root, 'data'),
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'spa-test-secret-spa-test-secret-0123456789',
    });
    app = await buildApp(config, { inMemoryDb: true, logger: false, webRoot: root, jobs: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(root, { recursive: true, force: true });
  });

  // Low priority: the entry, its CSS and the layout's first paint come before the page's chunks.
  const hints = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)">/g)].map((m) => m[1]);

  it("hints a page's chunks (layout, page, shared ones), not what the entry loads itself", async () => {
    const res = await app.inject({ method: 'GET', url: '/rewards' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(hints(res.body)).toEqual(['/assets/query-layout-L.js', '/assets/query-Q.js', '/assets/rewards-page-P.js', '/assets/ui-U.js']);
    // The hints sit in the head, and the rest of the page is untouched.
    expect(res.body.indexOf('modulepreload')).toBeLessThan(res.body.indexOf('</head>'));
    expect(res.body.replace(/\s*<link rel="modulepreload"[^>]*>/g, '').replace(/\s+/g, ' ')).toBe(indexHtml.replace(/\s+/g, ' '));
  });

  it("adds a game's own chunk on its page, and nothing for an unknown game, the landing page or an unknown path", async () => {
    expect(hints((await app.inject({ method: 'GET', url: '/games/dice' })).body)).toEqual([
      '/assets/query-layout-L.js',
      '/assets/query-Q.js',
      '/assets/game-page-G.js',
      '/assets/ui-U.js',
      '/assets/dice-game-D.js',
    ]);
    expect(hints((await app.inject({ method: 'GET', url: '/games/nope' })).body)).toEqual([
      '/assets/query-layout-L.js',
      '/assets/query-Q.js',
      '/assets/game-page-G.js',
      '/assets/ui-U.js',
    ]);
    expect(hints((await app.inject({ method: 'GET', url: '/' })).body)).toEqual([]);
    expect(hints((await app.inject({ method: 'GET', url: '/no-such-page' })).body)).toEqual([]);
    // A splat route (admin/*) hints its page at its root and below it, not at a path that only starts alike.
    const adminHints = ['/assets/query-layout-L.js', '/assets/query-Q.js', '/assets/admin-page-A.js'];
    expect(hints((await app.inject({ method: 'GET', url: '/admin' })).body)).toEqual(adminHints);
    expect(hints((await app.inject({ method: 'GET', url: '/admin/users' })).body)).toEqual(adminHints);
    expect(hints((await app.inject({ method: 'GET', url: '/administrator' })).body)).toEqual([]);
    expect(hints((await app.inject({ method: 'GET', url: '/games/%3Cscript%3E' })).body)).not.toContain(expect.stringContaining('script'));
  });

  it('sends the page compressed as the browser accepts (brotli, gzip) or plain', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const plain = await app.inject({ method: 'GET', url: '/rewards' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await app.inject({ method: 'GET', url: '/rewards', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gz = await app.inject({ method: 'GET', url: '/rewards', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('still serves assets and answers /api/* 404s with the envelope', async () => {
    expect((await app.inject({ method: 'GET', url: '/assets/rewards-page-P.js' })).statusCode).toBe(200);
    const api = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });

  it('gives no hints without a manifest (a dev build)', () => {
    expect(routePreloads(path.join(root, 'assets'))).toBeUndefined();
  });
});

describe('the page table of the hints', () => {
  it('lists every lazy page of apps/web/src/app/router.tsx (but the catch-all)', () => {
    const router = readFileSync(path.join(rootDir, 'apps/web/src/app/router.tsx'), 'utf8');
    const pages = [...router.matchAll(/path: '([^']+)', \.\.\.page\(\(\) => import\('@\/([^']+)'\)\)/g)].map(([, pattern, source]) => [
      `/${pattern}`,
      `src/${source}.tsx`,
    ]);
    expect(pages.length).toBeGreaterThan(10);
    expect([...PAGES].sort()).toEqual(pages.sort());
  });

  it.skipIf(!existsSync(path.join(rootDir, 'apps/web/dist/.vite/manifest.json')))(
    'reads the real build: /games/dice gets the page and the dice chunk (after npm run build)',
    () => {
      const hints = routePreloads(path.join(rootDir, 'apps/web/dist'))!;
      const files = hints('/games/dice');
      expect(files.some((file) => /\/assets\/game-page-[^/]+\.js$/.test(file))).toBe(true);
      expect(files.some((file) => /\/assets\/dice-game-[^/]+\.js$/.test(file))).toBe(true);
      // A game whose folder is not its slug (dealornodeal lives in deal-or-no-deal/).
      expect(hints('/games/dealornodeal').some((file) => /\/assets\/deal-or-no-deal-game-[^/]+\.js$/.test(file))).toBe(true);
      expect(hints('/')).toEqual([]);
    },
  );
});

import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { routePreloads, withPreloads } from './route-preloads.ts';

/**
 * Serves the built SPA: hashed assets compressed (brotli/gzip files written at build) with
 * immutable caching; index.html for client routes, never for /api/*, with modulepreload hints for
 * the chunks of the page it opens (route-preloads.ts).
 */
async function spaPlugin(app: FastifyInstance, opts: { root: string }): Promise<void> {
  const hasIndex = existsSync(path.join(opts.root, 'index.html'));
  if (hasIndex) {
    await app.register(fastifyStatic, {
      root: opts.root,
      preCompressed: true,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // index.html as built and, per set of hints, the page with them, compressed once (a handful of
  // variants; @fastify/compress does not see replies of the not-found handler).
  type Page = { html: Buffer; br: Buffer; gzip: Buffer };
  const indexHtml = hasIndex ? readFileSync(path.join(opts.root, 'index.html'), 'utf8') : '';
  const preloadsFor = hasIndex ? routePreloads(opts.root) : undefined;
  const pages = new Map<string, Page>();
  const pageFor = (pathname: string): Page => {
    const files = preloadsFor?.(pathname) ?? [];
    const key = files.join(' ');
    let page = pages.get(key);
    if (page === undefined) {
      const html = Buffer.from(withPreloads(indexHtml, files), 'utf8');
      page = {
        html,
        br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(html, { level: 9 }),
      };
      pages.set(key, page);
    }
    return page;
  };

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/api/') && url !== '/api';
    const looksLikeFile = /\.[a-z0-9]+$/i.test(url);
    if (hasIndex && wantsPage && !looksLikeFile) {
      const page = pageFor(url);
      const accepted = String(request.headers['accept-encoding'] ?? '');
      const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
      reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
      if (encoding) reply.header('Content-Encoding', encoding);
      return reply.send(encoding ? page[encoding] : page.html);
    }
    return reply.status(404).send({ ok: false, error: `Not found: ${request.method} ${url}`, code: 'NOT_FOUND' });
  });
}

export default fp(spaPlugin, { name: 'spa' });

import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Serves the built SPA: hashed assets compressed (brotli/gzip files written at build) with
 * immutable caching; index.html for client routes, never for /api/*.
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

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/api/') && url !== '/api';
    const looksLikeFile = /\.[a-z0-9]+$/i.test(url);
    if (hasIndex && wantsPage && !looksLikeFile) {
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.status(404).send({ ok: false, error: `Not found: ${request.method} ${url}`, code: 'NOT_FOUND' });
  });
}

export default fp(spaPlugin, { name: 'spa' });

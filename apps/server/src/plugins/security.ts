import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers. The CSP allows only our own scripts (the theme bootstrap is a file, not an
 * inline script); inline style attributes stay allowed because Radix and sonner position with them.
 */
const HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      mediaSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      workerSrc: ["'self'", 'blob:'],
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet writes with HELMET_OPTIONS, found once by running its middleware against a
 * recording response: every value is static (no nonces, no per-request directives), so they are
 * the same for every request. (@fastify/helmet builds the whole helmet middleware again on every
 * request, about 20 µs each.) `removed` is what helmet takes away (X-Powered-By).
 */
export function helmetHeaders(options: Readonly<HelmetOptions> = HELMET_OPTIONS): { set: [string, string][]; removed: string[] } {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
      return recorder;
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  helmet(options as HelmetOptions)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return { set, removed };
}

async function securityPlugin(app: FastifyInstance): Promise<void> {
  const { set, removed } = helmetHeaders();
  // The first hook of every request (404s and errors included), as @fastify/helmet's was.
  app.addHook('onRequest', (_request, reply, done) => {
    const res = reply.raw;
    for (let i = 0; i < set.length; i += 1) res.setHeader(set[i]![0], set[i]![1]);
    for (let i = 0; i < removed.length; i += 1) res.removeHeader(removed[i]!);
    done();
  });
}

export default fp(securityPlugin, { name: 'security' });

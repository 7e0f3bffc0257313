import type { FastifyRequest } from 'fastify';

/**
 * What the request log may hold. One-time links carry their secret in the query string
 * (/verify-email?token=, /reset-password?token=, the live channel's /api/events?ticket=, an OAuth
 * callback's ?code=&state=), and a log line lives longer and travels further than the link should:
 * the request serializer writes the URL with such values replaced, and any `link` field a module
 * logs (the dev outbox) is censored by the logger's redact paths.
 */

/** Query parameters whose value is a secret: one-time tokens, tickets, codes, OAuth states, keys, signatures. */
const SECRET_PARAM = /token|ticket|code|state|key|secret|password|signature/i;
const REDACTED = '[redacted]';

/** The URL with the values of secret-bearing query parameters replaced (names and the rest kept). */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed name is judged as it is.
      }
      return SECRET_PARAM.test(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/** Fastify's request serializer, with the URL redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** pino options for the app's logger: the request serializer and the censored fields. */
export const logRedaction = {
  serializers: { req: serializeRequest },
  redact: { paths: ['link', '*.link', 'req.headers.authorization', 'req.headers.cookie'], censor: REDACTED },
};

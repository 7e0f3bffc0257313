import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/client.ts';
import { ERROR_STATUS, type ErrorCode } from '@app/shared/api/error-codes';
import { AppError } from '../lib/app-error.ts';

export const DB_UNAVAILABLE_MESSAGE = 'The database is unavailable right now. Try again in a moment.';

type Envelope = { ok: false; error: string; code: string; [field: string]: unknown };

// Fastify's own body errors, in our codes (their status comes from ERROR_STATUS like every code's).
const FASTIFY_CODES: Record<string, { code: ErrorCode; error: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'INVALID_JSON', error: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'INVALID_JSON', error: 'The request body is empty but says it is JSON.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'BODY_TOO_LARGE', error: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', error: 'Send the body as application/json.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST', error: 'The Content-Length does not match the body.' },
};

function describeValidation(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const field = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.');
    const where = error.validationContext === 'body' ? '' : `${error.validationContext} `;
    return field ? `Invalid ${where}field "${field}": ${first?.message}` : `Invalid ${where}request: ${first?.message}`;
  }
  return error.message;
}

/** One exit for every error: the JSON envelope, the right status, and no stack for a 5xx. */
async function errorsPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500;
    let body: Envelope = { ok: false, error: 'Something went wrong on our side.', code: 'INTERNAL' };

    if (error instanceof AppError) {
      status = error.status;
      body = { ...error.extra, ok: false, error: error.message, code: error.code };
      reply.headers(error.headers);
    } else if (error.validation) {
      status = 400;
      body = { ok: false, error: describeValidation(error), code: 'VALIDATION_ERROR' };
    } else if (error.code && FASTIFY_CODES[error.code]) {
      const known = FASTIFY_CODES[error.code]!;
      status = ERROR_STATUS[known.code];
      body = { ok: false, error: known.error, code: known.code };
    } else if (error.statusCode === 429) {
      // @fastify/rate-limit throws the object its errorResponseBuilder returned: the text is in `error`.
      const built = (error as unknown as { error?: unknown }).error;
      status = 429;
      body = {
        ok: false,
        error: typeof built === 'string' ? built : error.message || 'Too many requests. Try again later.',
        code: 'RATE_LIMITED',
      };
    } else if (isDatabaseUnavailable(error)) {
      // PostgreSQL stopped, unreachable or too slow (db/client.ts time limits): the server stays up
      // and serves again by itself once the database answers.
      status = 503;
      body = { ok: false, error: DB_UNAVAILABLE_MESSAGE, code: 'DB_UNAVAILABLE' };
      reply.header('retry-after', '5');
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(status).send(body);
    } else if (isResponseSerializationError(error)) {
      status = 500;
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { ok: false, error: error.message, code: error.code ?? 'BAD_REQUEST' };
    }

    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(status).send(body);
  });
}

export default fp(errorsPlugin, { name: 'errors' });

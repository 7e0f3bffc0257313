import { WAGER_IMPORT_MAX_BYTES, WagerImportQuerySchema, WagerImportResultSchema } from '@app/shared/api/wagers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors } from '../../lib/error-schemas.ts';
import { AppError } from '../../lib/app-error.ts';
import { importWagerCsv } from './csv-import.ts';

const RAW_BODY = Symbol('raw csv body');

export const wagerRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin: the body of text/csv stays a stream that csv-parse reads as it arrives
  // (the import counts the bytes itself: Fastify's bodyLimit applies only to bodies it buffers).
  app.addContentTypeParser('text/csv', (_request, payload, done) => {
    done(null, { [RAW_BODY]: payload });
  });

  app.post(
    '/api/admin/wagers/import',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Import wagers from CSV (username,date,category,wagered); the same file twice changes nothing',
        description: `Body: text/csv, at most ${WAGER_IMPORT_MAX_BYTES / 1024 / 1024} MB. Lines with errors are listed and skipped; a malformed file is a 400 that changes nothing.`,
        security: [{ bearer: [] }],
        querystring: WagerImportQuerySchema,
        consumes: ['text/csv'],
        response: {
          200: WagerImportResultSchema,
          400: commonErrors[400],
          401: commonErrors[401],
          403: commonErrors[403],
          413: commonErrors[400],
          415: commonErrors[400],
        },
      },
    },
    async (request) => {
      const body = request.body as { [RAW_BODY]?: NodeJS.ReadableStream } | undefined;
      const stream = body?.[RAW_BODY];
      if (!stream) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as text/csv.');
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > WAGER_IMPORT_MAX_BYTES) {
        throw new AppError(413, 'BODY_TOO_LARGE', `A wager file is at most ${WAGER_IMPORT_MAX_BYTES / 1024 / 1024} MB.`);
      }
      return importWagerCsv(app.db, stream as AsyncIterable<Buffer>, request.query.partner, app.clock.now(), {
        actorId: request.userId!,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
    },
  );
};

import { z } from 'zod';

/** `:id` of a row: a UUID, else 400 (never a failed cast, never a 404 for something that cannot exist). */
export const IdParamsSchema = z.strictObject({
  id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Must be an id (a UUID)'),
});

/** An optional Idempotency-Key header, documented (validated by runIdempotent). */
export const IdempotencyHeadersSchema = z.looseObject({ 'idempotency-key': z.string().optional() });

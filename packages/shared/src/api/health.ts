import { z } from 'zod';

/** GET /api/health. */
export const HealthResponseSchema = z.object({
  ok: z.literal(true),
  db: z.enum(['pglite', 'postgres']),
  version: z.string(),
});

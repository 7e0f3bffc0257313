import { z } from 'zod';

/** The one error shape every API failure uses (ARCHITECTURE: API conventions). */
export const ErrorEnvelopeSchema = z.object({
  ok: z.literal(false),
  error: z.string(),
  code: z.string(),
});

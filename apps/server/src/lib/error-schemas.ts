import { ErrorEnvelopeSchema } from '@app/shared/api/errors';
import { z } from 'zod';

/** A 409 envelope; INSUFFICIENT_POINTS adds `shortfall` (the points missing). */
const ConflictEnvelopeSchema = ErrorEnvelopeSchema.extend({ shortfall: z.number().int().positive().optional() });

/** The envelopes of the usual failures, for a route's response schema. */
export const commonErrors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  409: ConflictEnvelopeSchema,
  422: ErrorEnvelopeSchema,
} as const;

/** The failures every admin call with input can answer: bad input, no token, not an admin. */
export const guarded = { 400: commonErrors[400], 401: commonErrors[401], 403: commonErrors[403] } as const;

import { commonErrors } from '../../lib/error-schemas.ts';

/** The failures every admin call with input can answer: bad input, no token, not an admin. */
export const guarded = { 400: commonErrors[400], 401: commonErrors[401], 403: commonErrors[403] } as const;

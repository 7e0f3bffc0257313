// The king-of-the-hill module's public file: what other modules may use (eslint/server-layers.js).
export { submitClaim, verifyClaim } from './king-of-the-hill-service.ts';

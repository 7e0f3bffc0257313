// The auth module's public file: what other modules may use (eslint/server-layers.js).
export { tooMany } from './attempt-limits.ts';
export { unauthorized } from './auth-plugin.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
export { GENERATED_DEMO_EMAIL } from './seed-accounts.ts';
export { optionalViewerOf } from './sessions.ts';
export { randomToken, sha256Hex } from './tokens.ts';

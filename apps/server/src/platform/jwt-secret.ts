import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The HS256 key: JWT_SECRET when configured, else a 256-bit secret generated once and kept in
 * DATA_DIR/jwt-secret (mode 0600), so restarts keep sessions. Servers sharing one database must
 * share JWT_SECRET (docs/operations.md).
 */
export function loadJwtKey(configured: string | undefined, dataDir: string): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, 'jwt-secret');
  mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx' fails if the file exists, so two processes starting together keep one secret.
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters; delete it to generate a new one`);
  return new TextEncoder().encode(secret);
}

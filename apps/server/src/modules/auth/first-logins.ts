import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The generated admin and demo logins of a first start, kept in DATA_DIR/first-logins.txt (mode
 * 0600, readable only by the owner) so that they survive the request log scrolling them away; the
 * file is deleted when the admin first signs in (auth-service.ts login). docs/operations.md says so.
 */
export const FIRST_LOGINS_FILE = 'first-logins.txt';

export function firstLoginsPath(dataDir: string): string {
  return path.join(dataDir, FIRST_LOGINS_FILE);
}

export function keepFirstLogins(dataDir: string, text: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = firstLoginsPath(dataDir);
  writeFileSync(file, `${text}\n  This file is deleted when the admin first signs in.\n`, { mode: 0o600 });
  // writeFileSync's mode applies only to a new file: an older one is narrowed too.
  chmodSync(file, 0o600);
  return file;
}

/** Deletes the kept logins (nothing to do when there are none). */
export function forgetFirstLogins(dataDir: string): void {
  rmSync(firstLoginsPath(dataDir), { force: true });
}

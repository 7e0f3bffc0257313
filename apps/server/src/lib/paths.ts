import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, found from this file whether it runs from src/ (tsx, tests) or dist/. */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'apps', 'server', 'drizzle'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the repository root (apps/server/drizzle)');
    dir = parent;
  }
}

export const rootDir = findRoot();
export const migrationsDir = path.join(rootDir, 'apps', 'server', 'drizzle');
export const webDistDir = path.join(rootDir, 'apps', 'web', 'dist');
export const appVersion: string = (JSON.parse(readFileSync(path.join(rootDir, 'package.json'), 'utf8')) as { version: string }).version;

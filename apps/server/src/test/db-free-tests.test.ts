import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rootDir } from '../lib/paths.ts';
import { DB_FREE_SERVER_TESTS } from './db-free-tests.ts';

// What a file that opens a database (or starts the app, which opens one) names.
const DATABASE_MARKERS = [
  /\bcreateTestApp\b/,
  /\buseTestApp\w*\b/,
  /\bcreateTestDatabase\b/,
  /\bdatabaseToUpgrade\b/,
  /\bopenDatabase\b/,
  /\bbuildApp\b/,
  /\bstartServerProcess\b/,
  /\bTEST_DB\b/,
  /\btestDbKind\b/,
  /\bTEST_DATABASE_URL\b/,
  /\binMemoryDb\b/,
  /from '@electric-sql\/pglite'/,
  /from 'pg'/,
  /from 'drizzle-orm\/(pglite|node-postgres)/,
  /from '[^']*\/app\.ts'/,
  /from '[^']*\/db\/client\.ts'/,
];

/** Relative imports of a file that are test helpers (src/test/, *-test-helpers.ts), followed transitively. */
function withTestHelpers(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  const helpers = [...text.matchAll(/from '(\.[^']+)'/g)]
    .map((m) => path.resolve(path.dirname(file), m[1]!))
    .filter((p) => /[\\/]src[\\/]test[\\/]/.test(p) || /test-helpers\.ts$/.test(p));
  return [file, ...helpers.flatMap((helper) => withTestHelpers(helper, seen))];
}

describe('the server test files that run on one database only (they open none)', () => {
  it.each(DB_FREE_SERVER_TESTS)('%s exists and neither it nor a test helper it imports opens a database', (relative) => {
    const file = path.join(rootDir, relative);
    expect(existsSync(file), `${relative} is on DB_FREE_SERVER_TESTS but does not exist`).toBe(true);
    for (const source of withTestHelpers(file)) {
      const text = readFileSync(source, 'utf8')
        // Comments may name what they do not call; this file names the markers it looks for.
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '')
        .replace(/const DATABASE_MARKERS = \[[\s\S]*?\];/, '');
      for (const marker of DATABASE_MARKERS) {
        expect(marker.test(text), `${path.relative(rootDir, source)} names ${marker}: ${relative} must run on both databases`).toBe(false);
      }
    }
  });

  it('the guard sees a file that opens a database', () => {
    const opener = path.join(rootDir, 'apps/server/src/modules/raffles/raffles.test.ts');
    const texts = withTestHelpers(opener).map((f) => readFileSync(f, 'utf8'));
    expect(DATABASE_MARKERS.some((marker) => texts.some((text) => marker.test(text)))).toBe(true);
  });
});

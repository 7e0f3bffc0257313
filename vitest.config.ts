import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { DB_FREE_SERVER_TESTS } from './apps/server/src/test/db-free-tests.ts';

const webSrc = fileURLToPath(new URL('./apps/web/src', import.meta.url));

// One run, several projects: pure shared logic, web components (happy-dom), and the API
// integration tests twice, once on PGlite and once on a real PostgreSQL server. Server test files
// that open no database (apps/server/src/test/db-free-tests.ts, guarded by its test) run once.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' },
      },
      {
        plugins: [react()],
        resolve: { alias: { '@': webSrc } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // Component tests drive real user events; on a busy 2-core CI machine 5 s is too tight.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          // One module graph per worker, not per file: each file still builds its own app and
          // database (from the template), and the server keeps no state in modules that a test
          // relies on being fresh (no vi.mock in server tests). Imports were 284 s of a 456 s
          // server-pg run; without isolation 22 s of 208 s (docs/decisions.md).
          isolate: false,
          globalSetup: ['apps/server/src/test/database-templates.setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-pg',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...DB_FREE_SERVER_TESTS],
          environment: 'node',
          env: { TEST_DB: 'postgres' },
          isolate: false,
          globalSetup: ['apps/server/src/test/database-templates.setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

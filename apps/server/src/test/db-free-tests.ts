/*
 * Server test files that open no database: no app (createTestApp, useTestApp, buildApp), no PGlite,
 * no PostgreSQL, no server process. The 'server' Vitest project runs them; 'server-pg' leaves them
 * out, as a second run on PostgreSQL would test the very same code again (vitest.config.ts).
 * db-free-tests.test.ts guards the list: a file on it, or a test helper it imports, that opens a
 * database fails that test, so a file that touches a database always runs on both databases.
 * Paths are relative to the repository root.
 */
export const DB_FREE_SERVER_TESTS: readonly string[] = [
  'apps/server/src/lib/app-error.test.ts',
  'apps/server/src/modules/admin/audit-presenter.test.ts',
  'apps/server/src/modules/admin/overview-service.test.ts',
  'apps/server/src/modules/auth/tokens.test.ts',
  'apps/server/src/modules/chat/bot-chat.test.ts',
  'apps/server/src/modules/predictions/payout.test.ts',
  'apps/server/src/platform/scheduler.test.ts',
  'apps/server/src/test/db-free-tests.test.ts',
];

import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Key-value settings changed at run time, read and written through platform/settings.ts.

/** Key-value settings the admin area changes at run time (bot switches, system flags). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/*
 * The database schema, one file per owner in schema/ (a module of modules/ or an owner in platform/).
 * This file is the one import point: code imports tables from here, and schema-drift.test.ts checks
 * what it exports against the migrations. drizzle-kit reads the schema/ folder itself
 * (drizzle.config.ts), so a new file there needs its line below too.
 */
export * from './schema/users.ts';
export * from './schema/auth.ts';
export * from './schema/profile.ts';
export * from './schema/settings.ts';
export * from './schema/ledger.ts';
export * from './schema/idempotency.ts';
export * from './schema/audit.ts';
export * from './schema/restrictions.ts';
export * from './schema/event-bus.ts';
export * from './schema/store.ts';
export * from './schema/raffles.ts';
export * from './schema/races.ts';
export * from './schema/affiliates.ts';
export * from './schema/casino-accounts.ts';
export * from './schema/wagers.ts';
export * from './schema/chat.ts';
export * from './schema/chat-moderation.ts';
export * from './schema/stream-studio.ts';
export * from './schema/giveaways.ts';
export * from './schema/deal-or-no-deal.ts';
export * from './schema/king-of-the-hill.ts';
export * from './schema/how-to.ts';
export * from './schema/slots.ts';
export * from './schema/bonus-hunts.ts';
export * from './schema/notifications.ts';
export * from './schema/challenges.ts';
export * from './schema/developers.ts';
export * from './schema/predictions.ts';

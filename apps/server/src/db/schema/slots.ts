import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// Slot Hub's catalogue and the Random Slot Picker (modules/slots).

/**
 * Slot Hub's catalogue. RTP in hundredths of a percent (9650 = 96.50 %), max win × bet; null when
 * no figure is known with confidence. Name and provider are unique together, case-insensitively
 * (the CSV import updates the slot it names).
 */
export const slots = pgTable(
  'slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    provider: text('provider').notNull(),
    rtpBp: integer('rtp_bp'),
    volatility: text('volatility'),
    maxWin: integer('max_win'),
    releaseYear: integer('release_year'),
    imageUrl: text('image_url'),
    source: text('source'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('slots_name_provider_idx').on(sql`lower(${t.name})`, sql`lower(${t.provider})`),
    index('slots_provider_idx').on(t.provider),
    check('slots_rtp_range', sql`${t.rtpBp} BETWEEN 100 AND 10000`),
  ],
);

/** The committed server seed of a member's next pick (its hash is shown before the spin) and the nonce. */
export const pickerSeeds = pgTable('picker_seeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  serverSeed: text('server_seed').notNull(),
  nonce: integer('nonce').notNull().default(0),
});

/** A pick with everything needed to reproduce it (seeds revealed, the exact list). */
export const slotPicks = pgTable(
  'slot_picks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => slots.id, { onDelete: 'cascade' }),
    serverSeed: text('server_seed').notNull(),
    clientSeed: text('client_seed').notNull(),
    nonce: integer('nonce').notNull(),
    slotIds: jsonb('slot_ids').$type<string[]>().notNull(),
    listDigest: text('list_digest').notNull(),
    pickIndex: integer('pick_index').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('slot_picks_user_idx').on(t.userId, t.createdAt)],
);

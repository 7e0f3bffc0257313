import { count, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.ts';
import { slots } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { STARTER_SLOTS, STARTER_SOURCE } from './starter-slots.ts';

// Servers starting together seed one at a time (the second finds the catalogue full).
const SEED_LOCK = 726_463_013;

/** Puts the starter catalogue into an empty Slot Hub; returns how many slots were added. */
export async function seedSlots(db: Database, clock: Clock): Promise<number> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [existing] = await tx.select({ n: count() }).from(slots);
    if ((existing?.n ?? 0) > 0) return 0;
    await tx.insert(slots).values(
      STARTER_SLOTS.map(([name, provider, rtp, volatility, maxWin, year]) => ({
        name,
        provider,
        rtpBp: rtp === null ? null : Math.round(rtp * 100),
        volatility,
        maxWin,
        releaseYear: year,
        source: rtp === null && maxWin === null ? null : STARTER_SOURCE,
        createdAt: now,
        updatedAt: now,
      })),
    );
    return STARTER_SLOTS.length;
  });
}

async function seedSlotsPlugin(app: FastifyInstance, opts: { enabled: boolean }): Promise<void> {
  if (!opts.enabled) return;
  const added = await seedSlots(app.db, app.clock);
  if (added > 0) app.log.info({ slots: added }, 'Slot Hub starter catalogue seeded');
}

/** At start, with SEED_CATALOGUE on (the default outside tests). */
export default fp(seedSlotsPlugin, { name: 'seed-slots', dependencies: ['db'] });

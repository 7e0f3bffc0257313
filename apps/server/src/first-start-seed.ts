import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import type { Config } from './config.ts';
import seedAdminPlugin from './modules/admin/seed-admin.ts';
import adminTotpSeedPlugin from './modules/auth/admin-totp-seed.ts';
import seedAccountsPlugin from './modules/auth/seed-accounts.ts';
import seedCataloguePlugin from './modules/catalogue/seed-catalogue.ts';
import seedSlotsPlugin from './modules/slots/seed-slots.ts';

/** The key of the session advisory lock that servers starting together on one PostgreSQL take in turn. */
export const FIRST_START_SEED_LOCK = 726_463_020;

/**
 * Holds the first-start seed's lock until the returned release is called. On PostgreSQL a connection of its own
 * (outside the pool, whose 3-second statement limit a wait behind another server's seed would trip) takes a session
 * advisory lock, so each server's "is it there yet?" checks run after the other server's inserts are committed.
 * PGlite is one process's database (its data folder is not shared), so there is nobody to wait for.
 */
export async function takeFirstStartSeedLock(config: Pick<Config, 'databaseUrl'>): Promise<() => Promise<void>> {
  if (!config.databaseUrl) return async () => {};
  const client = new pg.Client({ connectionString: config.databaseUrl });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [FIRST_START_SEED_LOCK]);
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  return async () => {
    // Ending the session releases the lock too, should the unlock itself fail.
    await client.query('SELECT pg_advisory_unlock($1)', [FIRST_START_SEED_LOCK]).catch(() => {});
    await client.end().catch(() => {});
  };
}

/**
 * Everything a start creates when it is missing, in order: the admin and demo accounts, the admin's preset second
 * factor, and with SEED_CATALOGUE the sample catalogue, races, Slot Hub slots and stream samples. Each part checks
 * what is there before it adds anything; the lock makes those checks and their inserts one unit across servers, so
 * two servers starting at the same moment on one PostgreSQL seed once (the second finds it all there).
 */
async function firstStartSeed(app: FastifyInstance, opts: { config: Config; print?: (text: string) => void }): Promise<void> {
  const { config } = opts;
  const release = await takeFirstStartSeedLock(config);
  try {
    await app.register(seedAccountsPlugin, { config, print: opts.print });
    await app.register(adminTotpSeedPlugin, { config });
    await app.register(seedCataloguePlugin, { enabled: config.seedCatalogue });
    await app.register(seedAdminPlugin, { enabled: config.seedCatalogue });
    await app.register(seedSlotsPlugin, { enabled: config.seedCatalogue });
  } finally {
    await release();
  }
}

export default fp(firstStartSeed, { name: 'first-start-seed', dependencies: ['db'] });

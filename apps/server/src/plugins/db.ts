import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import path from 'node:path';
import type { Config } from '../config.ts';
import { openDatabase, type Database, type DatabaseKind } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** Long work no visitor waits on (wager imports, scheduled jobs): see DatabaseHandle.bulkDb. */
    bulkDb: Database;
    dbKind: DatabaseKind;
  }
}

/** Opens the database (PGlite in DATA_DIR/db, or PostgreSQL from DATABASE_URL), migrates, closes on shutdown. */
async function dbPlugin(app: FastifyInstance, opts: { config: Config; inMemory?: boolean; inMemoryFrom?: Blob }): Promise<void> {
  const { config } = opts;
  const handle = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize })
    : opts.inMemory
      ? await openDatabase({ kind: 'pglite', dataDir: undefined, loadDataDir: opts.inMemoryFrom })
      : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'db') });
  app.decorate('db', handle.db);
  app.decorate('bulkDb', handle.bulkDb);
  app.decorate('dbKind', handle.kind);
  app.addHook('onClose', async () => {
    await handle.close();
  });
}

export default fp(dbPlugin, { name: 'db' });

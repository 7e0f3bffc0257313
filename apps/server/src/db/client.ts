import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsDir } from '../lib/paths.ts';
import * as schema from './schema.ts';

type Schema = typeof schema;
/** The same Drizzle API over PGlite and node-postgres. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

type DatabaseHandle = {
  db: Database;
  /**
   * For the few long writes and reads no visitor waits on (a wager import of 100,000 rows, the
   * scheduled race jobs): on PostgreSQL a small pool of its own with BULK_TIMEOUTS, so they neither
   * trip the request limits nor take the requests' connections; on PGlite the same database.
   */
  bulkDb: Database;
  kind: DatabaseKind;
  close: () => Promise<void>;
};

type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | {
      kind: 'pglite';
      dataDir: string | undefined;
      /** In memory only: start from this dump of a database (tests: a migrated one, skipping initdb). */
      loadDataDir?: Blob;
    };

// A fixed key for pg_advisory_lock, so that servers starting together migrate one at a time.
const MIGRATION_LOCK = 726_463_001;

/**
 * Time limits that keep a request from hanging when PostgreSQL is gone or stuck: every
 * call answers within 5 seconds, a 503 DB_UNAVAILABLE when the database does not.
 * - CONNECT: opening a connection, and waiting for a free one of the pool (pg-pool applies the same
 *   limit to both).
 * - STATEMENT: PostgreSQL cancels a statement (lock waits included) that runs longer; the
 *   connection stays usable, so a transaction can still roll back.
 * - QUERY: the client's own backstop for a server that stopped answering at all; the connection is
 *   then discarded (see TimedClient).
 */
const DB_TIMEOUTS = { connectMs: 2_000, statementMs: 3_000, queryMs: 4_000, idleInTransactionMs: 10_000 };
/** The same limits for the bulk pool: an outage still ends its work with an error, not a hang. */
const BULK_TIMEOUTS = { connectMs: 2_000, statementMs: 120_000, queryMs: 125_000, idleInTransactionMs: 30_000 };

/**
 * The pool's pg client, made safe for outages:
 * - a connection lost while the client is checked out (PostgreSQL stopped mid-transaction) fails
 *   the client's queries, which is all we need; without a listener of its own, the 'error' event
 *   pg then emits would throw and end the process;
 * - after a query hit the read timeout its connection is closed: the server may still be working
 *   on it, so it cannot be reused, and the pool drops a non-queryable client when it comes back.
 */
class TimedClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super(config);
    this.on('error', () => {});
  }
}
const originalQuery = pg.Client.prototype.query;
TimedClient.prototype.query = function query(this: pg.Client, ...args: unknown[]) {
  const result = (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  if (result && typeof (result as Promise<unknown>).catch === 'function') {
    (result as Promise<unknown>).catch((error: unknown) => {
      if (error instanceof Error && error.message === 'Query read timeout') {
        (this as unknown as { connection?: { stream?: { destroy: () => void } } }).connection?.stream?.destroy();
      }
    });
  }
  return result;
} as typeof pg.Client.prototype.query;

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown: the server is stopping
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '57014', // query_canceled: our statement_timeout
  '55P03', // lock_not_available
  '53300', // too_many_connections
]);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Connection ended',
  'connect ECONNREFUSED',
];

/**
 * Is this error the database being unreachable, stopping, or too slow (rather than a bug or a
 * constraint)? Looks through Drizzle's wrapping `cause`. The error plugin answers these with 503.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof e.code === 'string' && (UNAVAILABLE_CODES.has(e.code) || e.code.startsWith('08'))) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((m) => (e.message as string).includes(m))) return true;
    // Node's AggregateError when every address of the host refused the connection.
    if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = e.cause;
  }
  return false;
}

/** Opens the database and applies pending migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    // Migrations run on a connection of their own, without the request time limits.
    const client = new pg.Client({ connectionString: options.url });
    await client.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg({ client, schema }), { migrationsFolder: migrationsDir });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      await client.end().catch(() => {});
    }
    const openPool = (max: number, limits: typeof DB_TIMEOUTS) => {
      const pool = new pg.Pool({
        connectionString: options.url,
        max,
        Client: TimedClient,
        connectionTimeoutMillis: limits.connectMs,
        statement_timeout: limits.statementMs,
        query_timeout: limits.queryMs,
        idle_in_transaction_session_timeout: limits.idleInTransactionMs,
        keepAlive: true,
      });
      pool.on('error', () => {
        // An idle client lost its connection (e.g. PostgreSQL stopped); the pool drops it and opens
        // a new one on the next query, so the server serves again by itself once PostgreSQL is back.
      });
      return pool;
    };
    const pool = openPool(options.poolSize ?? 10, DB_TIMEOUTS);
    const bulkPool = openPool(2, BULK_TIMEOUTS);
    return {
      db: drizzlePg({ client: pool, schema }),
      bulkDb: drizzlePg({ client: bulkPool, schema }),
      kind: 'postgres',
      close: async () => {
        await Promise.all([pool.end(), bulkPool.end()]);
      },
    };
  }

  if (options.dataDir) mkdirSync(path.dirname(options.dataDir), { recursive: true });
  const client = options.dataDir ? new PGlite(options.dataDir) : new PGlite({ loadDataDir: options.loadDataDir });
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder: migrationsDir });
  return { db, bulkDb: db, kind: 'pglite', close: () => client.close() };
}

/** A round trip to the database, for the health check. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

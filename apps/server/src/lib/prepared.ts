import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../db/client.ts';

/**
 * One hot statement, sent as it is: on PostgreSQL as a NAMED prepared statement, which each pooled
 * connection parses and plans once (PostgreSQL then keeps its plan; drizzle's unnamed statements are
 * parsed and planned on every call), with no query building in the server; on PGlite through its
 * own parameterised query. `text` must be a constant with $1.. placeholders (never user input in the
 * text) and `name` unique to that text. The pool's clients keep their time limits and outage
 * handling (db/client.ts); errors are pg's own (their SQLSTATE in `code`).
 */
export async function queryPrepared<Row>(db: Database, name: string, text: string, values: unknown[]): Promise<Row[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite) return (await client.query<Row>(text, values)).rows;
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    return (await client.query<Row & pg.QueryResultRow>({ name, text, values })).rows;
  }
  throw new Error('queryPrepared: not a PGlite or node-postgres database');
}

/** Whether the database is PGlite in this process (its statements run one at a time on the server's thread). */
export function isInProcessDatabase(db: Database): boolean {
  return (db as unknown as { $client?: unknown }).$client instanceof PGlite;
}

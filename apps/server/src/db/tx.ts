import type { Database } from './client.ts';

/** An open transaction (what db.transaction hands its callback). */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

type DriverError = { code?: string; constraint?: string; message?: string; cause?: unknown };

/** The driver's error with this SQLSTATE, looking through Drizzle's wrapping `cause`; undefined if none. */
export function pgErrorWithCode(error: unknown, code: string): DriverError | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const e = current as DriverError;
    if (e.code === code) return e;
    current = e.cause;
  }
  return undefined;
}

/** PostgreSQL's unique violation (23505), looking through Drizzle's wrapping `cause`. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = pgErrorWithCode(error, '23505');
  return Boolean(e) && (!constraint || `${e!.constraint ?? ''} ${e!.message ?? ''}`.includes(constraint));
}

/** PostgreSQL broke a lock cycle by failing this statement (deadlock_detected, 40P01). */
export function isDeadlock(error: unknown): boolean {
  return pgErrorWithCode(error, '40P01') !== undefined;
}

import type { Database } from './client.ts';

/** An open transaction (what db.transaction hands its callback). */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** PostgreSQL's unique violation (23505), looking through Drizzle's wrapping `cause`. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const e = current as { code?: string; constraint?: string; message?: string; cause?: unknown };
    if (e.code === '23505') return !constraint || `${e.constraint ?? ''} ${e.message ?? ''}`.includes(constraint);
    current = e.cause;
  }
  return false;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Can this be a row id? Anything else would fail PostgreSQL's uuid cast. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

import { useCallback, useRef } from 'react';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/** A fresh Idempotency-Key for one click; the retries of that click send the same key, so the server spends once. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** Retry a spending call only when it never got an answer (a network error), at most twice, with the same key. */
export function retryUnanswered(failureCount: number, error: unknown): boolean {
  return failureCount < 2 && !(error instanceof ApiError);
}

/** The work's outcome, but not before `ms` has passed (spec 2 §4: 'Entering…' shows for about a second). */
export async function atLeast<T>(ms: number, work: Promise<T>): Promise<T> {
  const [result] = await Promise.allSettled([work, new Promise((resolve) => setTimeout(resolve, ms))]);
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

/**
 * The session's points balance for spending: `debit` shows the new balance at once (the header badge
 * reads it), `settle` puts the server's figure in, `rollback` restores the balance before and then
 * asks the server for the truth.
 */
export function useOptimisticPoints() {
  const { user, setUser, reloadUser } = useSession();
  const userRef = useRef(user);
  userRef.current = user;

  const settle = useCallback(
    (points: number) => {
      const current = userRef.current;
      if (current) setUser({ ...current, points });
    },
    [setUser],
  );
  const debit = useCallback(
    (cost: number): number | null => {
      const current = userRef.current;
      if (!current) return null;
      if (cost > 0) setUser({ ...current, points: Math.max(0, current.points - cost) });
      return current.points;
    },
    [setUser],
  );
  const rollback = useCallback(
    (pointsBefore: number | null) => {
      if (pointsBefore !== null) settle(pointsBefore);
      void reloadUser();
    },
    [settle, reloadUser],
  );
  return { debit, settle, rollback };
}

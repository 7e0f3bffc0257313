-- The one-statement raffle entry no longer aborts itself through rh_abort() (0006_perf): its inserts
-- have no ON CONFLICT, so an existing entry or Idempotency-Key fails the statement with a unique
-- violation, which undoes its debit just the same.
DROP FUNCTION IF EXISTS rh_abort(text);

-- Issue 9's benchmark: a way for one SQL statement to abort itself (and so undo every change its
-- data-modifying CTEs made) when its parts disagree, used by the one-statement raffle entry
-- (modules/raffles/raffles-service.ts). SQLSTATE RHABT marks it; the caller then takes the general path.
CREATE OR REPLACE FUNCTION rh_abort(message text) RETURNS text LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE EXCEPTION USING MESSAGE = message, ERRCODE = 'RHABT';
END
$$;

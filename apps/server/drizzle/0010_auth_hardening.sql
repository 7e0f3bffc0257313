-- A failed sign-in is recorded for an identifier without an account too (no user): both answers then
-- take the same work, so the timing does not tell whether an account exists. The TOTP secrets are
-- sealed at start by the server (the key is not the database's), not here.
ALTER TABLE "sign_in_events" ALTER COLUMN "user_id" DROP NOT NULL;

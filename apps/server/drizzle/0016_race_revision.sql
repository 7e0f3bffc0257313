-- Kept race standings are current when they were computed from the race's latest revision: a
-- counter bumped by each edit, instead of comparing two timestamps (the rows' times now come from
-- the app clock, which a test can hold still). Standings kept before this migration count as stale
-- (-1), so the next job run recomputes them once.
ALTER TABLE "leaderboards" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "race_standings_state" ADD COLUMN "race_revision" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
-- The admin lists order newest first by created_at; a sequence breaks the ties of one instant.
ALTER TABLE "leaderboards" ADD COLUMN "created_seq" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "affiliates" ADD COLUMN "created_seq" bigserial NOT NULL;--> statement-breakpoint
-- Sign-in attempts take the app clock's time; a sequence orders the attempts of one instant.
ALTER TABLE "sign_in_events" ADD COLUMN "seq" bigserial NOT NULL;

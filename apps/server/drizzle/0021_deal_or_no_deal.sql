-- Deal or No Deal rounds (the stream game): the board's values in the admin's order, the provably-fair
-- seeds (the server seed secret until the round ends, its SHA-256 public from the opening), the
-- contestant drawn from the entrants with the raffle draw, and the play (own case, opened cases, offers).
-- At most one round is not ended at a time.
CREATE TABLE "dond_rounds" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "round_number" integer GENERATED ALWAYS AS IDENTITY NOT NULL UNIQUE,
  "status" text NOT NULL DEFAULT 'draft',
  "case_values" jsonb NOT NULL,
  "server_seed" text NOT NULL,
  "server_seed_hash" text NOT NULL,
  "client_seed" text NOT NULL,
  "entries_digest" text,
  "entrant_uids" jsonb,
  "contestant_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "contestant_uid" text,
  "own_case" integer,
  "opened" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "offers" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "outcome" text,
  "prize" bigint,
  "auto_deal" boolean NOT NULL DEFAULT false,
  "final_case" integer,
  "last_action_at" timestamp with time zone,
  "opened_at" timestamp with time zone,
  "closed_at" timestamp with time zone,
  "finished_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL,
  "updated_at" timestamp with time zone NOT NULL,
  CONSTRAINT "dond_rounds_status_check" CHECK ("status" in ('draft', 'open', 'playing', 'finished', 'cancelled')),
  CONSTRAINT "dond_rounds_outcome_check" CHECK ("outcome" is null or "outcome" in ('deal', 'keep', 'swap'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "dond_rounds_one_live" ON "dond_rounds" ((true)) WHERE "status" in ('draft', 'open', 'playing');
--> statement-breakpoint
CREATE INDEX "dond_rounds_idle_idx" ON "dond_rounds" ("last_action_at") WHERE "status" = 'playing';
--> statement-breakpoint
-- One entry per member per round (a web join and a `!dond` of the same member count once).
CREATE TABLE "dond_entries" (
  "round_id" uuid NOT NULL REFERENCES "dond_rounds"("id") ON DELETE CASCADE,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "source" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  PRIMARY KEY ("round_id", "user_id"),
  CONSTRAINT "dond_entries_source_check" CHECK ("source" in ('web', 'chat'))
);

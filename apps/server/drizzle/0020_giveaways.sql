-- Chat giveaways (the 'giveaway' bot switch). A giveaway commits to its seed at the start (seed_hash
-- public), fixes its entrant list at close (entrants, entries_digest, banned_excluded; entrant_refs
-- maps the public ids to Kick accounts and stays private) and reveals the seed at the draw (rounds:
-- the first draw and each redraw). At most one giveaway takes entries at a time.
CREATE TABLE "giveaways" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "giveaway_number" integer GENERATED ALWAYS AS IDENTITY NOT NULL UNIQUE,
  "prize" text NOT NULL,
  "prize_points" bigint,
  "keyword" text NOT NULL,
  "winners" integer NOT NULL,
  "entry_mode" text NOT NULL,
  "subscriber_luck" integer NOT NULL DEFAULT 1,
  "opens_at" timestamp with time zone NOT NULL,
  "closes_at" timestamp with time zone NOT NULL,
  "closed_at" timestamp with time zone,
  "drawn_at" timestamp with time zone,
  "seed" text NOT NULL,
  "seed_hash" text NOT NULL,
  "entrants" jsonb,
  "entrant_refs" jsonb,
  "entries_digest" text,
  "banned_excluded" integer,
  "rounds" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "created_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone NOT NULL,
  CONSTRAINT "giveaways_winners_range" CHECK ("winners" BETWEEN 1 AND 20),
  CONSTRAINT "giveaways_luck_range" CHECK ("subscriber_luck" BETWEEN 1 AND 3),
  CONSTRAINT "giveaways_entry_mode_known" CHECK ("entry_mode" IN ('linked', 'anyone')),
  CONSTRAINT "giveaways_prize_points_positive" CHECK ("prize_points" IS NULL OR "prize_points" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "giveaways_one_open_idx" ON "giveaways" ((true)) WHERE "closed_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "giveaways_created_idx" ON "giveaways" ("created_at");
--> statement-breakpoint
-- One entry per Kick account per giveaway: the primary key, not a check before the insert.
CREATE TABLE "giveaway_entries" (
  "giveaway_id" uuid NOT NULL REFERENCES "giveaways"("id") ON DELETE CASCADE,
  "kick_user_id" text NOT NULL,
  "kick_username" text NOT NULL,
  "is_subscriber" boolean NOT NULL DEFAULT false,
  "seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  PRIMARY KEY ("giveaway_id", "kick_user_id")
);
--> statement-breakpoint
CREATE TABLE "giveaway_winners" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "giveaway_id" uuid NOT NULL REFERENCES "giveaways"("id") ON DELETE CASCADE,
  "round" integer NOT NULL,
  "position" integer NOT NULL,
  "entrant_id" text NOT NULL,
  "kick_user_id" text NOT NULL,
  "kick_username" text NOT NULL,
  "user_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "status" text NOT NULL,
  "claim_by" timestamp with time zone,
  "claimed_at" timestamp with time zone,
  "fulfilled_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL,
  CONSTRAINT "giveaway_winners_status_known" CHECK ("status" IN ('credited', 'awaiting_fulfilment', 'fulfilled', 'unclaimed', 'replaced'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "giveaway_winners_entrant_idx" ON "giveaway_winners" ("giveaway_id", "entrant_id");
--> statement-breakpoint
CREATE INDEX "giveaway_winners_unclaimed_idx" ON "giveaway_winners" ("kick_user_id") WHERE "status" = 'unclaimed';
--> statement-breakpoint
-- Raffle announcements in chat, each claimed once across servers. Raffles that exist already are not announced.
ALTER TABLE "raffles" ADD COLUMN "open_announced_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "raffles" ADD COLUMN "draw_announced_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "raffles" SET "open_announced_at" = now(), "draw_announced_at" = now();

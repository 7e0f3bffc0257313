-- The streamer's toolkit: Slot Hub, bonus hunts with Guess the Balance, the Random Slot Picker. Written by hand (tag 0013_toolkit).
CREATE TABLE "slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"provider" text NOT NULL,
	"rtp_bp" integer,
	"volatility" text,
	"max_win" integer,
	"release_year" integer,
	"image_url" text,
	"source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slots_rtp_range" CHECK ("slots"."rtp_bp" BETWEEN 100 AND 10000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "slots_name_provider_idx" ON "slots" USING btree (lower("name"),lower("provider"));--> statement-breakpoint
CREATE INDEX "slots_provider_idx" ON "slots" USING btree ("provider");--> statement-breakpoint
CREATE TABLE "bonus_hunts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"casino" text NOT NULL,
	"currency" text NOT NULL,
	"start_balance" bigint NOT NULL,
	"status" text DEFAULT 'collecting' NOT NULL,
	"entry_cost" integer DEFAULT 0 NOT NULL,
	"prizes" jsonb NOT NULL,
	"final_balance" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "bonus_hunts_status" CHECK ("bonus_hunts"."status" IN ('collecting', 'opening', 'finished'))
);
--> statement-breakpoint
CREATE INDEX "bonus_hunts_created_idx" ON "bonus_hunts" USING btree ("created_at");--> statement-breakpoint
CREATE TABLE "hunt_bonuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hunt_id" uuid NOT NULL REFERENCES "bonus_hunts"("id") ON DELETE cascade,
	"position" integer NOT NULL,
	"slot_id" uuid REFERENCES "slots"("id") ON DELETE set null,
	"slot_name" text NOT NULL,
	"provider" text,
	"bet" bigint NOT NULL,
	"win" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hunt_bonuses_bet_positive" CHECK ("hunt_bonuses"."bet" > 0),
	CONSTRAINT "hunt_bonuses_win_nonnegative" CHECK ("hunt_bonuses"."win" >= 0)
);
--> statement-breakpoint
CREATE INDEX "hunt_bonuses_hunt_idx" ON "hunt_bonuses" USING btree ("hunt_id","position");--> statement-breakpoint
CREATE INDEX "hunt_bonuses_slot_idx" ON "hunt_bonuses" USING btree ("slot_id");--> statement-breakpoint
CREATE TABLE "hunt_guesses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hunt_id" uuid NOT NULL REFERENCES "bonus_hunts"("id") ON DELETE cascade,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"amount" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"place" integer,
	"prize" integer,
	CONSTRAINT "hunt_guesses_amount" CHECK ("hunt_guesses"."amount" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "hunt_guesses_hunt_user_idx" ON "hunt_guesses" USING btree ("hunt_id","user_id");--> statement-breakpoint
CREATE TABLE "picker_seeds" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"server_seed" text NOT NULL,
	"nonce" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slot_picks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"slot_id" uuid NOT NULL REFERENCES "slots"("id") ON DELETE cascade,
	"server_seed" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer NOT NULL,
	"slot_ids" jsonb NOT NULL,
	"list_digest" text NOT NULL,
	"pick_index" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "slot_picks_user_idx" ON "slot_picks" USING btree ("user_id","created_at");

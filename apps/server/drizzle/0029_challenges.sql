CREATE TABLE "challenge_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "challenge_claims_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"challenge_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"bet_cents" bigint NOT NULL,
	"win_cents" bigint NOT NULL,
	"multiplier" double precision NOT NULL,
	"bet_url" text NOT NULL,
	"screenshot_url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"won" boolean DEFAULT false NOT NULL,
	"winner_place" integer,
	"prize_points" bigint DEFAULT 0 NOT NULL,
	"decline_reason" text,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenge_claims_status_known" CHECK ("challenge_claims"."status" IN ('pending', 'verified', 'declined')),
	CONSTRAINT "challenge_claims_amounts_positive" CHECK ("challenge_claims"."bet_cents" > 0 AND "challenge_claims"."win_cents" > 0),
	CONSTRAINT "challenge_claims_winner_verified" CHECK (NOT "challenge_claims"."won" OR ("challenge_claims"."status" = 'verified' AND "challenge_claims"."winner_place" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"partner" text NOT NULL,
	"game" text NOT NULL,
	"min_bet_cents" bigint NOT NULL,
	"target_multiplier" double precision NOT NULL,
	"prize_points" bigint NOT NULL,
	"winners" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenges_amounts_positive" CHECK ("challenges"."min_bet_cents" > 0 AND "challenges"."prize_points" > 0 AND "challenges"."winners" > 0 AND "challenges"."target_multiplier" > 1),
	CONSTRAINT "challenges_window" CHECK ("challenges"."ends_at" > "challenges"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "challenge_claims" ADD CONSTRAINT "challenge_claims_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_claims" ADD CONSTRAINT "challenge_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_claims" ADD CONSTRAINT "challenge_claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "challenge_claims_challenge_seq_idx" ON "challenge_claims" USING btree ("challenge_id","seq");--> statement-breakpoint
CREATE INDEX "challenge_claims_user_idx" ON "challenge_claims" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "challenge_claims_one_open_per_member_idx" ON "challenge_claims" USING btree ("challenge_id","user_id") WHERE "challenge_claims"."status" IN ('pending', 'verified');--> statement-breakpoint
CREATE UNIQUE INDEX "challenge_claims_winner_place_idx" ON "challenge_claims" USING btree ("challenge_id","winner_place");--> statement-breakpoint
CREATE INDEX "challenges_ends_at_idx" ON "challenges" USING btree ("ends_at");
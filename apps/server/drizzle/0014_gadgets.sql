-- King of the Hill: periods (one active at a time), claims (pending until an admin decides), and
-- How-To's: steps done in the browser (a verified round or draw) and the one-time Get started bonus.
CREATE TABLE "koth_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"prize_points" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"winner_id" uuid,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "koth_periods_status_known" CHECK ("koth_periods"."status" IN ('active', 'ended')),
	CONSTRAINT "koth_periods_prize_nonnegative" CHECK ("koth_periods"."prize_points" >= 0)
);
--> statement-breakpoint
ALTER TABLE "koth_periods" ADD CONSTRAINT "koth_periods_winner_id_users_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "koth_periods_one_active_idx" ON "koth_periods" USING btree ("status") WHERE "koth_periods"."status" = 'active';--> statement-breakpoint
CREATE TABLE "koth_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"period_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"slot" text NOT NULL,
	"bet_cents" bigint NOT NULL,
	"win_cents" bigint NOT NULL,
	"multiplier" double precision NOT NULL,
	"bet_url" text NOT NULL,
	"screenshot_url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decline_reason" text,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"reign_ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "koth_claims_status_known" CHECK ("koth_claims"."status" IN ('pending', 'verified', 'declined')),
	CONSTRAINT "koth_claims_amounts_positive" CHECK ("koth_claims"."bet_cents" > 0 AND "koth_claims"."win_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "koth_claims" ADD CONSTRAINT "koth_claims_period_id_koth_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."koth_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "koth_claims" ADD CONSTRAINT "koth_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "koth_claims" ADD CONSTRAINT "koth_claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "koth_claims_period_idx" ON "koth_claims" USING btree ("period_id","status");--> statement-breakpoint
CREATE INDEX "koth_claims_user_idx" ON "koth_claims" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "how_to_steps" (
	"user_id" uuid NOT NULL,
	"step" text NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "how_to_steps_user_id_step_pk" PRIMARY KEY("user_id","step")
);
--> statement-breakpoint
ALTER TABLE "how_to_steps" ADD CONSTRAINT "how_to_steps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "how_to_bonus_claims" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"points" bigint NOT NULL,
	"credited_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "how_to_bonus_claims" ADD CONSTRAINT "how_to_bonus_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;

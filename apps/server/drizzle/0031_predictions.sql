CREATE TABLE "prediction_outcomes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prediction_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"label" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prediction_stakes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "prediction_stakes_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"prediction_id" uuid NOT NULL,
	"outcome_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"payout" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prediction_stakes_amounts" CHECK ("prediction_stakes"."amount" > 0 AND ("prediction_stakes"."payout" IS NULL OR "prediction_stakes"."payout" >= 0))
);
--> statement-breakpoint
CREATE TABLE "predictions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"min_stake" integer NOT NULL,
	"max_stake" integer NOT NULL,
	"locks_at" timestamp with time zone NOT NULL,
	"locked_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"winning_outcome_id" uuid,
	"hunt_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"open_announced_at" timestamp with time zone,
	"lock_announced_at" timestamp with time zone,
	"end_announced_at" timestamp with time zone,
	CONSTRAINT "predictions_status_known" CHECK ("predictions"."status" IN ('open', 'locked', 'resolved', 'cancelled')),
	CONSTRAINT "predictions_stakes" CHECK ("predictions"."min_stake" >= 1 AND "predictions"."max_stake" >= "predictions"."min_stake")
);
--> statement-breakpoint
ALTER TABLE "prediction_outcomes" ADD CONSTRAINT "prediction_outcomes_prediction_id_predictions_id_fk" FOREIGN KEY ("prediction_id") REFERENCES "public"."predictions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prediction_stakes" ADD CONSTRAINT "prediction_stakes_prediction_id_predictions_id_fk" FOREIGN KEY ("prediction_id") REFERENCES "public"."predictions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prediction_stakes" ADD CONSTRAINT "prediction_stakes_outcome_id_prediction_outcomes_id_fk" FOREIGN KEY ("outcome_id") REFERENCES "public"."prediction_outcomes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prediction_stakes" ADD CONSTRAINT "prediction_stakes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "predictions" ADD CONSTRAINT "predictions_hunt_id_bonus_hunts_id_fk" FOREIGN KEY ("hunt_id") REFERENCES "public"."bonus_hunts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "predictions" ADD CONSTRAINT "predictions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prediction_outcomes_number_idx" ON "prediction_outcomes" USING btree ("prediction_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "prediction_stakes_member_idx" ON "prediction_stakes" USING btree ("prediction_id","user_id");--> statement-breakpoint
CREATE INDEX "prediction_stakes_outcome_idx" ON "prediction_stakes" USING btree ("outcome_id");--> statement-breakpoint
CREATE INDEX "prediction_stakes_user_idx" ON "prediction_stakes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "predictions_created_idx" ON "predictions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "predictions_hunt_idx" ON "predictions" USING btree ("hunt_id");--> statement-breakpoint
CREATE UNIQUE INDEX "predictions_one_running_idx" ON "predictions" USING btree (("status" IN ('open', 'locked'))) WHERE "predictions"."status" IN ('open', 'locked');
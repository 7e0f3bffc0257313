CREATE TABLE "leaderboards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"partner_id" text NOT NULL,
	"metric" text DEFAULT 'Total Wager' NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"participants" integer DEFAULT 0 NOT NULL,
	"prize_pool" bigint DEFAULT 0 NOT NULL,
	"prizes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_global_raffle" boolean DEFAULT false NOT NULL,
	"wager_to_ticket_ratio" integer DEFAULT 1000 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leaderboards_status_known" CHECK ("leaderboards"."status" IN ('Draft', 'Upcoming', 'Active', 'Completed')),
	CONSTRAINT "leaderboards_partner_known" CHECK ("leaderboards"."partner_id" IN ('p1', 'p2', 'p3', 'p4', 'p5')),
	CONSTRAINT "leaderboards_metric_known" CHECK ("leaderboards"."metric" IN ('Total Wager', 'Slot Wager', 'Table Wager', 'Blackjack Wager', 'Roulette Wager')),
	CONSTRAINT "leaderboards_participants_nonnegative" CHECK ("leaderboards"."participants" >= 0),
	CONSTRAINT "leaderboards_pool_nonnegative" CHECK ("leaderboards"."prize_pool" >= 0),
	CONSTRAINT "leaderboards_ratio_positive" CHECK ("leaderboards"."wager_to_ticket_ratio" >= 1),
	CONSTRAINT "leaderboards_dates_ordered" CHECK ("leaderboards"."start_date" IS NULL OR "leaderboards"."end_date" IS NULL OR "leaderboards"."end_date" > "leaderboards"."start_date")
);
--> statement-breakpoint
CREATE TABLE "affiliates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"partner" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"payout_method" text DEFAULT 'PayPal' NOT NULL,
	"total_earnings_cents" bigint DEFAULT 0 NOT NULL,
	"total_clicks" integer DEFAULT 0 NOT NULL,
	"conversion_rate" double precision DEFAULT 0 NOT NULL,
	"join_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliates_status_known" CHECK ("affiliates"."status" IN ('Active', 'Pending', 'Suspended')),
	CONSTRAINT "affiliates_partner_known" CHECK ("affiliates"."partner" IN ('Stake', 'Roobet', 'BC.Game', 'Rollbit', 'Gamdom')),
	CONSTRAINT "affiliates_payout_method_known" CHECK ("affiliates"."payout_method" IN ('PayPal', 'Bank Transfer', 'Crypto')),
	CONSTRAINT "affiliates_earnings_nonnegative" CHECK ("affiliates"."total_earnings_cents" >= 0),
	CONSTRAINT "affiliates_clicks_nonnegative" CHECK ("affiliates"."total_clicks" >= 0),
	CONSTRAINT "affiliates_conversion_range" CHECK ("affiliates"."conversion_rate" >= 0 AND "affiliates"."conversion_rate" <= 100)
);
--> statement-breakpoint
CREATE TABLE "affiliate_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"method" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'Completed' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_payouts_amount_positive" CHECK ("affiliate_payouts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "user_restrictions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"days" integer,
	"expires_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	CONSTRAINT "user_restrictions_kind_known" CHECK ("user_restrictions"."kind" IN ('timeout', 'ban_raffle', 'ban_dealornodeal', 'ban_chat', 'ban_points_store', 'ban_permanent'))
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"actor_id" uuid,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"changes" jsonb,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"success" boolean NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leaderboards" ADD CONSTRAINT "leaderboards_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD CONSTRAINT "affiliate_payouts_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD CONSTRAINT "affiliate_payouts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_restrictions" ADD CONSTRAINT "user_restrictions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_restrictions" ADD CONSTRAINT "user_restrictions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_restrictions" ADD CONSTRAINT "user_restrictions_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_events" ADD CONSTRAINT "sign_in_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leaderboards_created_idx" ON "leaderboards" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "affiliate_payouts_affiliate_idx" ON "affiliate_payouts" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE INDEX "user_restrictions_user_idx" ON "user_restrictions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_seq_idx" ON "audit_log" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "sign_in_events_user_idx" ON "sign_in_events" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banned_at" timestamp with time zone;

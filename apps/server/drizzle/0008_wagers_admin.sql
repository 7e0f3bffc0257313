-- Issue 11: Level Up Rewards may be a Points Store item; race prizes are marked paid. Written by hand (tag 0008_wagers_admin).
ALTER TABLE "level_rewards" ALTER COLUMN "points" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "level_rewards" ADD COLUMN "reward_id" uuid;--> statement-breakpoint
ALTER TABLE "level_rewards" ADD CONSTRAINT "level_rewards_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_rewards" ADD CONSTRAINT "level_rewards_points_or_item" CHECK (("level_rewards"."points" IS NULL) <> ("level_rewards"."reward_id" IS NULL));--> statement-breakpoint
ALTER TABLE "level_reward_claims" ALTER COLUMN "points" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "level_reward_claims" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "level_reward_claims" ADD CONSTRAINT "level_reward_claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_results" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "race_results" ADD COLUMN "paid_by" uuid;--> statement-breakpoint
ALTER TABLE "race_results" ADD CONSTRAINT "race_results_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;

-- Issue 11: casino accounts, wagers, XP, level-ups and Kick linking. Written by hand (tag 0005_wagers).
ALTER TABLE "users" ADD COLUMN "xp" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_xp_nonnegative" CHECK ("users"."xp" >= 0);--> statement-breakpoint
CREATE TABLE "casino_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"partner" text NOT NULL,
	"username" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"credited_dollars" bigint DEFAULT 0 NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "casino_accounts_state_known" CHECK ("casino_accounts"."state" IN ('pending', 'verified', 'rejected')),
	CONSTRAINT "casino_accounts_partner_known" CHECK ("casino_accounts"."partner" IN ('p1', 'p2', 'p3', 'p4', 'p5', 'duelbits')),
	CONSTRAINT "casino_accounts_credited_nonnegative" CHECK ("casino_accounts"."credited_dollars" >= 0)
);
--> statement-breakpoint
ALTER TABLE "casino_accounts" ADD CONSTRAINT "casino_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_accounts" ADD CONSTRAINT "casino_accounts_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "casino_accounts_user_partner_idx" ON "casino_accounts" USING btree ("user_id","partner");--> statement-breakpoint
CREATE UNIQUE INDEX "casino_accounts_verified_owner_idx" ON "casino_accounts" USING btree ("partner",lower("username")) WHERE "casino_accounts"."state" = 'verified';--> statement-breakpoint
CREATE INDEX "casino_accounts_partner_username_idx" ON "casino_accounts" USING btree ("partner",lower("username"));--> statement-breakpoint
CREATE TABLE "wagers" (
	"partner" text NOT NULL,
	"username_key" text NOT NULL,
	"day" date NOT NULL,
	"category" text NOT NULL,
	"username" text NOT NULL,
	"cents" bigint NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wagers_partner_username_key_day_category_pk" PRIMARY KEY("partner","username_key","day","category"),
	CONSTRAINT "wagers_cents_nonnegative" CHECK ("wagers"."cents" >= 0),
	CONSTRAINT "wagers_category_known" CHECK ("wagers"."category" IN ('slots', 'table', 'blackjack', 'roulette', 'other'))
);
--> statement-breakpoint
CREATE INDEX "wagers_partner_day_idx" ON "wagers" USING btree ("partner","day");--> statement-breakpoint
CREATE TABLE "level_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"level" integer NOT NULL,
	"level_name" text NOT NULL,
	"xp" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "level_ups" ADD CONSTRAINT "level_ups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "level_ups_user_created_idx" ON "level_ups" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE TABLE "social_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"external_id" text NOT NULL,
	"username" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "social_accounts" ADD CONSTRAINT "social_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "social_accounts_user_platform_idx" ON "social_accounts" USING btree ("user_id","platform");--> statement-breakpoint
CREATE UNIQUE INDEX "social_accounts_platform_external_idx" ON "social_accounts" USING btree ("platform","external_id");--> statement-breakpoint
CREATE TABLE "kick_webhook_messages" (
	"message_id" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "kick_webhook_messages_received_idx" ON "kick_webhook_messages" USING btree ("received_at");--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "show_on_leaderboard" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "race_results" (
	"leaderboard_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"user_id" uuid,
	"username" text NOT NULL,
	"wagered_cents" bigint NOT NULL,
	"tickets" bigint NOT NULL,
	"prize" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "race_results_leaderboard_id_position_pk" PRIMARY KEY("leaderboard_id","position")
);
--> statement-breakpoint
ALTER TABLE "race_results" ADD CONSTRAINT "race_results_leaderboard_id_leaderboards_id_fk" FOREIGN KEY ("leaderboard_id") REFERENCES "public"."leaderboards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_results" ADD CONSTRAINT "race_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "race_standings" (
	"leaderboard_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"cents" bigint NOT NULL,
	CONSTRAINT "race_standings_leaderboard_id_position_pk" PRIMARY KEY("leaderboard_id","position")
);
--> statement-breakpoint
ALTER TABLE "race_standings" ADD CONSTRAINT "race_standings_leaderboard_id_leaderboards_id_fk" FOREIGN KEY ("leaderboard_id") REFERENCES "public"."leaderboards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_standings" ADD CONSTRAINT "race_standings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "race_standings_leaderboard_user_idx" ON "race_standings" USING btree ("leaderboard_id","user_id");--> statement-breakpoint
CREATE TABLE "race_standings_state" (
	"leaderboard_id" uuid PRIMARY KEY NOT NULL,
	"participants" integer NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "race_standings_state" ADD CONSTRAINT "race_standings_state_leaderboard_id_leaderboards_id_fk" FOREIGN KEY ("leaderboard_id") REFERENCES "public"."leaderboards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "level_rewards" (
	"level" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"points" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "level_rewards_level_range" CHECK ("level_rewards"."level" BETWEEN 1 AND 24),
	CONSTRAINT "level_rewards_points_positive" CHECK ("level_rewards"."points" > 0)
);
--> statement-breakpoint
CREATE TABLE "level_reward_claims" (
	"user_id" uuid NOT NULL,
	"level" integer NOT NULL,
	"points" bigint NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "level_reward_claims_user_id_level_pk" PRIMARY KEY("user_id","level")
);
--> statement-breakpoint
ALTER TABLE "level_reward_claims" ADD CONSTRAINT "level_reward_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Profile completion's partner usernames become pending links (issue 11), one per user and partner
-- (the first entry wins), for the names that are partner platforms; other names stay as entered.
INSERT INTO "casino_accounts" ("user_id", "partner", "username")
SELECT DISTINCT ON (pp."user_id", m."partner") pp."user_id", m."partner", btrim(pp."username")
FROM "profile_partners" pp
JOIN (VALUES ('stake', 'p1'), ('p1', 'p1'), ('roobet', 'p2'), ('p2', 'p2'), ('bc.game', 'p3'), ('bcgame', 'p3'), ('p3', 'p3'),
             ('rollbit', 'p4'), ('p4', 'p4'), ('gamdom', 'p5'), ('p5', 'p5'), ('duelbits', 'duelbits')) AS m("name", "partner")
  ON lower(btrim(pp."partner")) = m."name"
WHERE btrim(pp."username") <> ''
ORDER BY pp."user_id", m."partner", pp."position";

CREATE TABLE "stream_test_chat_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text,
	"role" text,
	"text" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "stream_test_chat_lines_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	CONSTRAINT "stream_test_chat_lines_kind_known" CHECK ("stream_test_chat_lines"."kind" IN ('viewer', 'bot', 'action'))
);
--> statement-breakpoint
CREATE TABLE "stream_timers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"message" text NOT NULL,
	"interval_minutes" integer NOT NULL,
	"min_chat_lines" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_posted_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stream_timers_interval_range" CHECK ("stream_timers"."interval_minutes" BETWEEN 5 AND 120),
	CONSTRAINT "stream_timers_lines_range" CHECK ("stream_timers"."min_chat_lines" BETWEEN 0 AND 100)
);
--> statement-breakpoint
ALTER TABLE "stream_commands" ADD COLUMN "role" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "stream_commands" ADD COLUMN "uses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "giveaways" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "stream_test_chat_lines_at_idx" ON "stream_test_chat_lines" USING btree ("at","seq");--> statement-breakpoint
ALTER TABLE "stream_commands" ADD CONSTRAINT "stream_commands_role_known" CHECK ("stream_commands"."role" IN ('everyone', 'subscriber', 'vip', 'moderator'));
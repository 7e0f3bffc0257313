CREATE TABLE "stream_twitch_chatters" (
	"twitch_user_id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"last_chat_at" timestamp with time zone NOT NULL,
	"is_subscriber" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stream_credits" ADD COLUMN "platform" text DEFAULT 'kick' NOT NULL;--> statement-breakpoint
CREATE INDEX "stream_twitch_chatters_last_chat_idx" ON "stream_twitch_chatters" USING btree ("last_chat_at");
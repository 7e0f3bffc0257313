-- The stream half: Kick link requests the user confirms, the connected channel, stored webhook events,
-- chat presence, stream credits (held for unlinked viewers), credited blocks and custom commands.
CREATE TABLE "kick_link_requests" (
  "user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "kick_user_id" text NOT NULL,
  "kick_username" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stream_connection" (
  "id" integer PRIMARY KEY NOT NULL CONSTRAINT "stream_connection_single" CHECK ("id" = 1),
  "broadcaster_user_id" text NOT NULL,
  "channel_slug" text NOT NULL,
  "scopes" text NOT NULL,
  "access_token" text NOT NULL,
  "refresh_token" text NOT NULL,
  "token_expires_at" timestamp with time zone NOT NULL,
  "needs_reconnect" boolean DEFAULT false NOT NULL,
  "is_live" boolean DEFAULT false NOT NULL,
  "live_since" timestamp with time zone,
  "subscriptions" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "connected_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "connected_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stream_oauth_states" (
  "state_hash" text PRIMARY KEY NOT NULL,
  "admin_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "session_id" uuid NOT NULL,
  "code_verifier" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stream_events" (
  "message_id" text PRIMARY KEY NOT NULL,
  "type" text NOT NULL,
  "body" jsonb NOT NULL,
  "received_at" timestamp with time zone NOT NULL,
  "processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "stream_events_pending_idx" ON "stream_events" ("received_at") WHERE "processed_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "stream_events_received_idx" ON "stream_events" ("received_at");
--> statement-breakpoint
CREATE TABLE "stream_chatters" (
  "kick_user_id" text PRIMARY KEY NOT NULL,
  "username" text NOT NULL,
  "last_chat_at" timestamp with time zone NOT NULL,
  "is_subscriber" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stream_chatters_last_chat_idx" ON "stream_chatters" ("last_chat_at");
--> statement-breakpoint
CREATE TABLE "stream_credits" (
  "key" text PRIMARY KEY NOT NULL,
  "kick_user_id" text NOT NULL,
  "user_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "reason" text NOT NULL,
  "amount" integer NOT NULL,
  "earned_at" timestamp with time zone NOT NULL,
  "released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "stream_credits_kick_idx" ON "stream_credits" ("kick_user_id", "earned_at");
--> statement-breakpoint
CREATE INDEX "stream_credits_user_idx" ON "stream_credits" ("user_id", "earned_at");
--> statement-breakpoint
CREATE TABLE "stream_blocks" (
  "block_end" timestamp with time zone PRIMARY KEY NOT NULL,
  "credited" integer NOT NULL,
  "created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stream_commands" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "name" text NOT NULL,
  "reply" text NOT NULL,
  "user_cooldown_seconds" integer DEFAULT 0 NOT NULL,
  "global_cooldown_seconds" integer DEFAULT 0 NOT NULL,
  "enabled" boolean DEFAULT true NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "stream_commands_name_idx" ON "stream_commands" (lower("name"));

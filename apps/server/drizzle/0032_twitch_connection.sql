CREATE TABLE "twitch_connection" (
	"id" integer PRIMARY KEY NOT NULL,
	"broadcaster_user_id" text NOT NULL,
	"login" text NOT NULL,
	"scopes" text NOT NULL,
	"access_token" text NOT NULL,
	"refresh_token" text NOT NULL,
	"token_expires_at" timestamp with time zone NOT NULL,
	"needs_reconnect" boolean DEFAULT false NOT NULL,
	"reconnect_reason" text,
	"is_live" boolean DEFAULT false NOT NULL,
	"live_since" timestamp with time zone,
	"subscriptions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"connected_by" uuid,
	"connected_at" timestamp with time zone NOT NULL,
	CONSTRAINT "twitch_connection_single" CHECK ("twitch_connection"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "twitch_eventsub_messages" (
	"message_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"body" jsonb NOT NULL,
	"acted" boolean NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "twitch_oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "twitch_connection" ADD CONSTRAINT "twitch_connection_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "twitch_oauth_states" ADD CONSTRAINT "twitch_oauth_states_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "twitch_eventsub_pending_idx" ON "twitch_eventsub_messages" USING btree ("received_at") WHERE "twitch_eventsub_messages"."processed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "twitch_eventsub_received_idx" ON "twitch_eventsub_messages" USING btree ("received_at");
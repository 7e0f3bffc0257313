-- Issue 11 (scheduled sync): a partner casino's wager sync settings and state. Written by hand (tag 0007_wager_sync).
CREATE TABLE "wager_sync_partners" (
	"partner" text PRIMARY KEY NOT NULL,
	"endpoint_url" text NOT NULL,
	"api_key" text,
	"key_header" text DEFAULT 'x-api-key' NOT NULL,
	"mapping" jsonb NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"period_minutes" integer DEFAULT 60 NOT NULL,
	"enabled_at" timestamp with time zone,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_result" jsonb,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wager_sync_partners_partner_known" CHECK ("wager_sync_partners"."partner" IN ('p1', 'p2', 'p3', 'p4', 'p5')),
	CONSTRAINT "wager_sync_partners_period_range" CHECK ("wager_sync_partners"."period_minutes" BETWEEN 1 AND 1440)
);

-- Notifications (the member's inbox), their mail queue, the per-type e-mail preferences, and the
-- live channel's events: a sequence numbers every event across servers (the SSE id, so a stream
-- resumes on any server), and a statement trigger on users announces balance changes through
-- NOTIFY, which PostgreSQL delivers only when the writing transaction commits.
CREATE TABLE "notifications" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "type" text NOT NULL,
  "title" text NOT NULL,
  "body" text NOT NULL,
  "link" text,
  "data" jsonb,
  "created_at" timestamp with time zone NOT NULL,
  "read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" ("user_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" ("user_id") WHERE "read_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "notifications_type_created_idx" ON "notifications" ("type", "created_at" DESC);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "type" text NOT NULL,
  "email" boolean NOT NULL,
  "updated_at" timestamp with time zone NOT NULL,
  PRIMARY KEY ("user_id", "type")
);
--> statement-breakpoint
CREATE TABLE "notification_mails" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "notification_id" uuid NOT NULL REFERENCES "notifications"("id") ON DELETE CASCADE,
  "status" text NOT NULL DEFAULT 'pending',
  "attempts" integer NOT NULL DEFAULT 0,
  "next_attempt_at" timestamp with time zone NOT NULL,
  "last_error" text,
  "sent_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL,
  CONSTRAINT "notification_mails_status_check" CHECK ("status" IN ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "notification_mails_due_idx" ON "notification_mails" ("next_attempt_at") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE SEQUENCE "live_event_seq";
--> statement-breakpoint
CREATE FUNCTION rh_balance_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  chunk record;
BEGIN
  -- At most 100 balances a NOTIFY (its payload must stay under 8000 bytes); a bulk credit of
  -- 100,000 members is 1,000 of them, not 100,000.
  FOR chunk IN
    SELECT json_agg(json_build_array(c.id, c.points)) AS b
    FROM (
      SELECT n.id, n.points, (row_number() OVER ()) - 1 AS i
      FROM rh_new_users n JOIN rh_old_users o ON o.id = n.id
      WHERE o.points IS DISTINCT FROM n.points
    ) c
    GROUP BY c.i / 100
  LOOP
    PERFORM pg_notify('rh_events', json_build_object('id', nextval('live_event_seq'), 't', 'balance', 'b', chunk.b)::text);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_balance_notify" AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS rh_old_users NEW TABLE AS rh_new_users
  FOR EACH STATEMENT EXECUTE FUNCTION rh_balance_notify();

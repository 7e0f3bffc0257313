-- Chat moderation. Offenders: one row per Kick user with the times of their recent offences (older
-- than the window are dropped on each new one). An offence is added and counted in one conditional
-- upsert, which locks the row, so two servers moderating the same user's messages at once count
-- both and agree on the escalation.
CREATE TABLE "chat_moderation_offenders" (
  "kick_user_id" text PRIMARY KEY,
  "username" text NOT NULL,
  "offences" timestamp with time zone[] NOT NULL,
  "last_offence_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "chat_moderation_offenders_last_idx" ON "chat_moderation_offenders" ("last_offence_at");
--> statement-breakpoint

-- A site Chat ban (user_restrictions 'ban_chat') put in force in Kick's chat: claimed with a conditional
-- upsert (once across servers). timed_out_until: the end of that Kick timeout (null: a permanent ban);
-- a restriction that outlasts it is enforced again when the user next speaks after it.
CREATE TABLE "chat_moderation_enforcements" (
  "restriction_id" uuid PRIMARY KEY REFERENCES "user_restrictions"("id") ON DELETE CASCADE,
  "timed_out_until" timestamp with time zone,
  "enforced_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint

-- The Stream screen's recent moderation acts: the newest audit rows of the bot's moderation, found
-- without walking the whole log.
CREATE INDEX "audit_log_chat_moderation_idx" ON "audit_log" ("seq") WHERE "action" LIKE 'chat_moderation.%';

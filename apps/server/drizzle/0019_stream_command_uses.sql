-- Custom chat commands' cooldowns across servers: the last use of each command, globally (kick_user_id
-- '') and per Kick user. A use is claimed with a conditional upsert that succeeds only when the
-- cooldown has passed, so two servers answering the same command at the same moment answer once.
CREATE TABLE "stream_command_uses" (
  "command_id" uuid NOT NULL REFERENCES "stream_commands"("id") ON DELETE CASCADE,
  "kick_user_id" text NOT NULL,
  "last_used_at" timestamp with time zone NOT NULL,
  PRIMARY KEY ("command_id", "kick_user_id")
);

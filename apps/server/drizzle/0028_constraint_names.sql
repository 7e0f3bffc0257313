-- Migrations 0019–0024 were written by hand and named their keys as PostgreSQL does (_pkey, _key,
-- _fkey); schema.ts's builders, and so drizzle-kit, name them otherwise. Renamed (a catalog change
-- only) so that the database, the snapshot and every migration drizzle-kit writes from now on use
-- one name per constraint. drizzle-kit cannot write a rename, hence this custom migration.
ALTER TABLE "chat_moderation_enforcements" RENAME CONSTRAINT "chat_moderation_enforcements_restriction_id_fkey" TO "chat_moderation_enforcements_restriction_id_user_restrictions_i";
--> statement-breakpoint
ALTER TABLE "dond_entries" RENAME CONSTRAINT "dond_entries_pkey" TO "dond_entries_round_id_user_id_pk";
--> statement-breakpoint
ALTER TABLE "dond_entries" RENAME CONSTRAINT "dond_entries_round_id_fkey" TO "dond_entries_round_id_dond_rounds_id_fk";
--> statement-breakpoint
ALTER TABLE "dond_entries" RENAME CONSTRAINT "dond_entries_user_id_fkey" TO "dond_entries_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "dond_rounds" RENAME CONSTRAINT "dond_rounds_contestant_id_fkey" TO "dond_rounds_contestant_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "dond_rounds" RENAME CONSTRAINT "dond_rounds_round_number_key" TO "dond_rounds_round_number_unique";
--> statement-breakpoint
ALTER TABLE "giveaway_entries" RENAME CONSTRAINT "giveaway_entries_giveaway_id_fkey" TO "giveaway_entries_giveaway_id_giveaways_id_fk";
--> statement-breakpoint
ALTER TABLE "giveaway_entries" RENAME CONSTRAINT "giveaway_entries_pkey" TO "giveaway_entries_giveaway_id_kick_user_id_pk";
--> statement-breakpoint
ALTER TABLE "giveaway_winners" RENAME CONSTRAINT "giveaway_winners_giveaway_id_fkey" TO "giveaway_winners_giveaway_id_giveaways_id_fk";
--> statement-breakpoint
ALTER TABLE "giveaway_winners" RENAME CONSTRAINT "giveaway_winners_user_id_fkey" TO "giveaway_winners_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "giveaways" RENAME CONSTRAINT "giveaways_created_by_fkey" TO "giveaways_created_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "giveaways" RENAME CONSTRAINT "giveaways_giveaway_number_key" TO "giveaways_giveaway_number_unique";
--> statement-breakpoint
ALTER TABLE "hunt_bonus_guesses" RENAME CONSTRAINT "hunt_bonus_guesses_bonus_id_fkey" TO "hunt_bonus_guesses_bonus_id_hunt_bonuses_id_fk";
--> statement-breakpoint
ALTER TABLE "hunt_bonus_guesses" RENAME CONSTRAINT "hunt_bonus_guesses_user_id_fkey" TO "hunt_bonus_guesses_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "hunt_bonuses" RENAME CONSTRAINT "hunt_bonuses_best_guess_user_id_fkey" TO "hunt_bonuses_best_guess_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "hunt_bonuses" RENAME CONSTRAINT "hunt_bonuses_hunt_id_fkey" TO "hunt_bonuses_hunt_id_bonus_hunts_id_fk";
--> statement-breakpoint
ALTER TABLE "hunt_bonuses" RENAME CONSTRAINT "hunt_bonuses_slot_id_fkey" TO "hunt_bonuses_slot_id_slots_id_fk";
--> statement-breakpoint
ALTER TABLE "hunt_guesses" RENAME CONSTRAINT "hunt_guesses_hunt_id_fkey" TO "hunt_guesses_hunt_id_bonus_hunts_id_fk";
--> statement-breakpoint
ALTER TABLE "hunt_guesses" RENAME CONSTRAINT "hunt_guesses_user_id_fkey" TO "hunt_guesses_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "kick_link_requests" RENAME CONSTRAINT "kick_link_requests_user_id_fkey" TO "kick_link_requests_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "notification_mails" RENAME CONSTRAINT "notification_mails_notification_id_fkey" TO "notification_mails_notification_id_notifications_id_fk";
--> statement-breakpoint
ALTER TABLE "notification_preferences" RENAME CONSTRAINT "notification_preferences_pkey" TO "notification_preferences_user_id_type_pk";
--> statement-breakpoint
ALTER TABLE "notification_preferences" RENAME CONSTRAINT "notification_preferences_user_id_fkey" TO "notification_preferences_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "notifications" RENAME CONSTRAINT "notifications_user_id_fkey" TO "notifications_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "picker_seeds" RENAME CONSTRAINT "picker_seeds_user_id_fkey" TO "picker_seeds_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "slot_picks" RENAME CONSTRAINT "slot_picks_slot_id_fkey" TO "slot_picks_slot_id_slots_id_fk";
--> statement-breakpoint
ALTER TABLE "slot_picks" RENAME CONSTRAINT "slot_picks_user_id_fkey" TO "slot_picks_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "stream_command_uses" RENAME CONSTRAINT "stream_command_uses_command_id_fkey" TO "stream_command_uses_command_id_stream_commands_id_fk";
--> statement-breakpoint
ALTER TABLE "stream_command_uses" RENAME CONSTRAINT "stream_command_uses_pkey" TO "stream_command_uses_command_id_kick_user_id_pk";
--> statement-breakpoint
ALTER TABLE "stream_connection" RENAME CONSTRAINT "stream_connection_connected_by_fkey" TO "stream_connection_connected_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "stream_credits" RENAME CONSTRAINT "stream_credits_user_id_fkey" TO "stream_credits_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "stream_oauth_states" RENAME CONSTRAINT "stream_oauth_states_admin_id_fkey" TO "stream_oauth_states_admin_id_users_id_fk";

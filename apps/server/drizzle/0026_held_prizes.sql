ALTER TABLE "giveaway_winners" DROP CONSTRAINT "giveaway_winners_status_known";--> statement-breakpoint
ALTER TABLE "giveaway_winners" ADD CONSTRAINT "giveaway_winners_status_known" CHECK ("status" IN ('credited', 'awaiting_fulfilment', 'fulfilled', 'unclaimed', 'replaced', 'held'));

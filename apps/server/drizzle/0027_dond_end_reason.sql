ALTER TABLE "dond_rounds" ADD COLUMN "end_reason" text;--> statement-breakpoint
ALTER TABLE "dond_rounds" ADD CONSTRAINT "dond_rounds_end_reason_check" CHECK ("end_reason" is null or "end_reason" in ('restricted'));

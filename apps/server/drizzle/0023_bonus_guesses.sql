ALTER TABLE "hunt_bonuses" ADD COLUMN "best_guess_user_id" uuid REFERENCES "users"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "hunt_bonuses" ADD COLUMN "best_guess_username" text;--> statement-breakpoint
ALTER TABLE "hunt_bonuses" ADD COLUMN "best_guess_x" integer;--> statement-breakpoint
ALTER TABLE "hunt_bonuses" ADD COLUMN "guess_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE "hunt_bonus_guesses" (
	"bonus_id" uuid NOT NULL REFERENCES "hunt_bonuses"("id") ON DELETE cascade,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"x_hundredths" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "hunt_bonus_guesses_pk" PRIMARY KEY ("bonus_id", "user_id"),
	CONSTRAINT "hunt_bonus_guesses_x" CHECK ("hunt_bonus_guesses"."x_hundredths" >= 0)
);

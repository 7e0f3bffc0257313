/* 
    Unfortunately in current drizzle-kit version we can't automatically get name for primary key.
    We are working on making it available!

    Meanwhile you can:
        1. Check pk name in your database, by running
            SELECT constraint_name FROM information_schema.table_constraints
            WHERE table_schema = 'public'
                AND table_name = 'kick_link_requests'
                AND constraint_type = 'PRIMARY KEY';
        2. Uncomment code below and paste pk name manually
        
    Hope to release this update as soon as possible
*/

-- ALTER TABLE "kick_link_requests" DROP CONSTRAINT "<constraint_name>";--> statement-breakpoint
ALTER TABLE "kick_link_requests" ADD CONSTRAINT "kick_link_requests_user_id_platform_pk" PRIMARY KEY("user_id","platform");--> statement-breakpoint
ALTER TABLE "kick_link_requests" ADD COLUMN "platform" text DEFAULT 'kick' NOT NULL;